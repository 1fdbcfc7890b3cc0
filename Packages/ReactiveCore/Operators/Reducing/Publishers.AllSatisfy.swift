extension Publisher {
  /// Answers, with one Boolean, whether `predicate` accepts all of the
  /// upstream's values.
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
  @_alwaysEmitIntoClient
  public func allSatisfy(_ predicate: @escaping (Output) -> Bool) -> Publishers.AllSatisfy<Self> {
    Publishers.AllSatisfy(upstream: self, predicate: predicate)
  }

  /// Answers, with one Boolean, whether the throwing `predicate` accepts all
  /// of the upstream's values.
  ///
  /// If the predicate throws, the upstream is cancelled and the publisher
  /// fails with the thrown error.
  ///
  /// - Parameter predicate: Tells whether an element satisfies the condition; may throw.
  /// - Returns: A publisher that publishes one Boolean.
  @_alwaysEmitIntoClient
  public func tryAllSatisfy(_ predicate: @escaping (Output) throws -> Bool) -> Publishers.TryAllSatisfy<Self> {
    Publishers.TryAllSatisfy(upstream: self, predicate: predicate)
  }
}

extension Publishers {
  /// The publisher returned by ``Publisher/allSatisfy(_:)``: `true` unless
  /// some upstream value fails `predicate`.
  public struct AllSatisfy<Upstream: Publisher>: Publisher, BodyPublisher {
    public typealias Output = Bool
    public typealias Failure = Upstream.Failure

    /// The publisher this operator subscribes to.
    public let upstream: Upstream

    /// The closure that tells whether an element satisfies the condition.
    public let predicate: (Upstream.Output) -> Bool

    /// Creates a publisher that publishes whether every element of `upstream` satisfies `predicate`.
    ///
    /// - Parameters:
    ///   - upstream: The publisher this operator subscribes to.
    ///   - predicate: The closure that tells whether an element satisfies the condition.
    @_alwaysEmitIntoClient
    public init(upstream: Upstream, predicate: @escaping (Upstream.Output) -> Bool) {
      self.upstream = upstream
      self.predicate = predicate
    }

    func makeBody() -> SearchReduction<Upstream.Output, Failure, Failure> {
      SearchReduction<Upstream.Output, Failure, Failure>(name: "AllSatisfy", lookingFor: false, predicate: predicate)
    }
  }

  /// The publisher returned by ``Publisher/tryAllSatisfy(_:)``: `true` unless
  /// some upstream value fails `predicate`, or the error it throws.
  public struct TryAllSatisfy<Upstream: Publisher>: Publisher, BodyPublisher {
    public typealias Output = Bool
    public typealias Failure = any Error

    /// The publisher this operator subscribes to.
    public let upstream: Upstream

    /// The throwing closure that tells whether an element satisfies the condition.
    public let predicate: (Upstream.Output) throws -> Bool

    /// Creates a publisher that publishes whether every element of `upstream` satisfies `predicate`.
    ///
    /// - Parameters:
    ///   - upstream: The publisher this operator subscribes to.
    ///   - predicate: The throwing closure that tells whether an element satisfies the condition.
    @_alwaysEmitIntoClient
    public init(upstream: Upstream, predicate: @escaping (Upstream.Output) throws -> Bool) {
      self.upstream = upstream
      self.predicate = predicate
    }

    func makeBody() -> SearchReduction<Upstream.Output, Upstream.Failure, any Error> {
      SearchReduction(name: "TryAllSatisfy", lookingFor: false, predicate: predicate)
    }
  }
}
