extension Publisher {
  /// Publishes the last element of the upstream once it finishes.
  ///
  /// The operator requests an unlimited number of values and keeps the
  /// latest one; when the upstream finishes, it publishes it on the
  /// downstream's demand. An upstream that finishes empty gives an empty
  /// result; a failure passes through.
  ///
  /// ```text
  /// upstream  -a-b-c-|     ---|     -a-x
  /// result    -------(c|)  ---|     ---x
  /// ```
  ///
  /// - Returns: A publisher that publishes at most the last element.
  @inlinable
  public func last() -> Publishers.Last<Self> {
    Publishers.Last(upstream: self)
  }

  /// Publishes the last element that satisfies a predicate, once the upstream finishes.
  ///
  /// ```text
  /// upstream  -a-b-c-|
  /// result    -------(b|)     predicate: the value is a or b
  /// ```
  ///
  /// - Parameter predicate: Tells whether an element is a candidate.
  /// - Returns: A publisher that publishes at most the last matching element.
  @inlinable
  public func last(where predicate: @escaping (Output) -> Bool) -> Publishers.LastWhere<Self> {
    Publishers.LastWhere(upstream: self, predicate: predicate)
  }

  /// Publishes the last element that satisfies a throwing predicate, once the upstream finishes.
  ///
  /// If the predicate throws, the upstream is cancelled and the publisher
  /// fails with the thrown error.
  ///
  /// ```text
  /// upstream  -a-b-c-|     -a-e-c-|
  /// result    -------(b|)  ---x          predicate: true for a and b, throws on e
  /// ```
  ///
  /// - Parameter predicate: Tells whether an element is a candidate; may throw.
  /// - Returns: A publisher that publishes at most the last matching element.
  @inlinable
  public func tryLast(where predicate: @escaping (Output) throws -> Bool) -> Publishers.TryLastWhere<Self> {
    Publishers.TryLastWhere(upstream: self, predicate: predicate)
  }
}

extension Publishers {
  /// A publisher that publishes the last element of a stream, once it finishes.
  public struct Last<Upstream: Publisher>: Publisher {
    public typealias Output = Upstream.Output
    public typealias Failure = Upstream.Failure

    /// The publisher from which this publisher receives elements.
    public let upstream: Upstream

    /// Creates a publisher that publishes the last element of `upstream`.
    ///
    /// - Parameter upstream: The publisher from which this publisher receives elements.
    @inlinable
    public init(upstream: Upstream) {
      self.upstream = upstream
    }

    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
      upstream.subscribe(
        ReducingInner(subscriber, MatchReduction<Output, Failure, Failure>(name: "Last", kind: .last) { _ in true })
      )
    }
  }

  /// A publisher that publishes the last element of a stream that satisfies a
  /// predicate, once the stream finishes.
  public struct LastWhere<Upstream: Publisher>: Publisher {
    public typealias Output = Upstream.Output
    public typealias Failure = Upstream.Failure

    /// The publisher from which this publisher receives elements.
    public let upstream: Upstream

    /// The closure that tells whether an element is a candidate.
    public let predicate: (Output) -> Bool

    /// Creates a publisher that publishes the last element of `upstream` that satisfies `predicate`.
    ///
    /// - Parameters:
    ///   - upstream: The publisher from which this publisher receives elements.
    ///   - predicate: The closure that tells whether an element is a candidate.
    @inlinable
    public init(upstream: Upstream, predicate: @escaping (Output) -> Bool) {
      self.upstream = upstream
      self.predicate = predicate
    }

    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
      upstream.subscribe(
        ReducingInner(
          subscriber,
          MatchReduction<Output, Failure, Failure>(name: "LastWhere", kind: .last, predicate: predicate)
        )
      )
    }
  }

  /// A publisher that publishes the last element of a stream that satisfies a
  /// throwing predicate, once the stream finishes, or fails with the predicate's error.
  public struct TryLastWhere<Upstream: Publisher>: Publisher {
    public typealias Output = Upstream.Output
    public typealias Failure = any Error

    /// The publisher from which this publisher receives elements.
    public let upstream: Upstream

    /// The throwing closure that tells whether an element is a candidate.
    public let predicate: (Output) throws -> Bool

    /// Creates a publisher that publishes the last element of `upstream` that satisfies `predicate`.
    ///
    /// - Parameters:
    ///   - upstream: The publisher from which this publisher receives elements.
    ///   - predicate: The throwing closure that tells whether an element is a candidate.
    @inlinable
    public init(upstream: Upstream, predicate: @escaping (Output) throws -> Bool) {
      self.upstream = upstream
      self.predicate = predicate
    }

    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
      upstream.subscribe(
        ReducingInner(
          subscriber,
          MatchReduction<Output, Upstream.Failure, any Error>(name: "TryLastWhere", kind: .last, predicate: predicate)
        )
      )
    }
  }
}

extension Publishers.Last: Equatable where Upstream: Equatable {}
