extension Publisher {
  /// Publishes whether every element of the upstream satisfies a predicate.
  ///
  /// The operator publishes `false` and cancels the upstream at the first
  /// element that fails the predicate, or publishes `true` when the upstream
  /// finishes (an empty upstream gives `true`).
  ///
  /// ```text
  /// upstream  -a-b-c-|     -a-e-c-|
  /// result    -------(t|)  ---(f|)       predicate: the value is not e; t = true, f = false
  /// ```
  ///
  /// - Parameter predicate: Tells whether an element satisfies the condition.
  /// - Returns: A publisher that publishes one Boolean.
  @inlinable
  public func allSatisfy(_ predicate: @escaping (Output) -> Bool) -> Publishers.AllSatisfy<Self> {
    Publishers.AllSatisfy(upstream: self, predicate: predicate)
  }

  /// Publishes whether every element of the upstream satisfies a throwing predicate.
  ///
  /// If the predicate throws, the upstream is cancelled and the publisher
  /// fails with the thrown error.
  ///
  /// - Parameter predicate: Tells whether an element satisfies the condition; may throw.
  /// - Returns: A publisher that publishes one Boolean.
  @inlinable
  public func tryAllSatisfy(_ predicate: @escaping (Output) throws -> Bool) -> Publishers.TryAllSatisfy<Self> {
    Publishers.TryAllSatisfy(upstream: self, predicate: predicate)
  }
}

extension Publishers {
  /// A publisher that publishes whether every element of a stream satisfies a predicate.
  public struct AllSatisfy<Upstream: Publisher>: Publisher {
    public typealias Output = Bool
    public typealias Failure = Upstream.Failure

    /// The publisher from which this publisher receives elements.
    public let upstream: Upstream

    /// The closure that tells whether an element satisfies the condition.
    public let predicate: (Upstream.Output) -> Bool

    /// Creates a publisher that publishes whether every element of `upstream` satisfies `predicate`.
    ///
    /// - Parameters:
    ///   - upstream: The publisher from which this publisher receives elements.
    ///   - predicate: The closure that tells whether an element satisfies the condition.
    @inlinable
    public init(upstream: Upstream, predicate: @escaping (Upstream.Output) -> Bool) {
      self.upstream = upstream
      self.predicate = predicate
    }

    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
      upstream.subscribe(
        ReducingInner(
          subscriber,
          SearchReduction<Upstream.Output, Failure, Failure>(
            name: "AllSatisfy",
            lookingFor: false,
            predicate: predicate
          )
        )
      )
    }
  }

  /// A publisher that publishes whether every element of a stream satisfies a
  /// throwing predicate, and fails with the predicate's error.
  public struct TryAllSatisfy<Upstream: Publisher>: Publisher {
    public typealias Output = Bool
    public typealias Failure = any Error

    /// The publisher from which this publisher receives elements.
    public let upstream: Upstream

    /// The throwing closure that tells whether an element satisfies the condition.
    public let predicate: (Upstream.Output) throws -> Bool

    /// Creates a publisher that publishes whether every element of `upstream` satisfies `predicate`.
    ///
    /// - Parameters:
    ///   - upstream: The publisher from which this publisher receives elements.
    ///   - predicate: The throwing closure that tells whether an element satisfies the condition.
    @inlinable
    public init(upstream: Upstream, predicate: @escaping (Upstream.Output) throws -> Bool) {
      self.upstream = upstream
      self.predicate = predicate
    }

    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
      upstream.subscribe(
        ReducingInner(
          subscriber,
          SearchReduction<Upstream.Output, Upstream.Failure, any Error>(
            name: "TryAllSatisfy",
            lookingFor: false,
            predicate: predicate
          )
        )
      )
    }
  }
}
