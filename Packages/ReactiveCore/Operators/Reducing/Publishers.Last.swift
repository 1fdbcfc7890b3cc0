extension Publisher {
  /// Remembers the upstream's most recent value and publishes it when the
  /// upstream finishes.
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
  @_alwaysEmitIntoClient
  public func last() -> Publishers.Last<Self> {
    Publishers.Last(upstream: self)
  }

  /// Remembers the most recent value that `predicate` accepts and publishes
  /// it when the upstream finishes.
  ///
  /// ```text
  /// upstream  -a-b-c-|
  /// result    -------(b|)     predicate: the value is a or b
  /// ```
  ///
  /// - Parameter predicate: Tells whether an element is a candidate.
  /// - Returns: A publisher that publishes at most the last matching element.
  @_alwaysEmitIntoClient
  public func last(where predicate: @escaping (Output) -> Bool) -> Publishers.LastWhere<Self> {
    Publishers.LastWhere(upstream: self, predicate: predicate)
  }

  /// Remembers the most recent value that the throwing `predicate` accepts
  /// and publishes it when the upstream finishes.
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
  @_alwaysEmitIntoClient
  public func tryLast(where predicate: @escaping (Output) throws -> Bool) -> Publishers.TryLastWhere<Self> {
    Publishers.TryLastWhere(upstream: self, predicate: predicate)
  }
}

extension Publishers {
  /// The publisher returned by ``Publisher/last()``: at most one value, the
  /// upstream's final one, sent after it finishes.
  public struct Last<Upstream: Publisher>: Publisher, BodyPublisher {
    public typealias Output = Upstream.Output
    public typealias Failure = Upstream.Failure

    /// The publisher this operator subscribes to.
    public let upstream: Upstream

    /// Creates a publisher that publishes the last element of `upstream`.
    ///
    /// - Parameter upstream: The publisher this operator subscribes to.
    @_alwaysEmitIntoClient
    public init(upstream: Upstream) {
      self.upstream = upstream
    }

    func makeBody() -> MatchReduction<Output, Failure, Failure> {
      MatchReduction<Output, Failure, Failure>(name: "Last", kind: .last) { _ in true }
    }
  }

  /// The publisher returned by ``Publisher/last(where:)``: at most one value,
  /// the final one `predicate` accepted, sent after the upstream finishes.
  public struct LastWhere<Upstream: Publisher>: Publisher, BodyPublisher {
    public typealias Output = Upstream.Output
    public typealias Failure = Upstream.Failure

    /// The publisher this operator subscribes to.
    public let upstream: Upstream

    /// The closure that tells whether an element is a candidate.
    public let predicate: (Output) -> Bool

    /// Creates a publisher that publishes the last element of `upstream` that satisfies `predicate`.
    ///
    /// - Parameters:
    ///   - upstream: The publisher this operator subscribes to.
    ///   - predicate: The closure that tells whether an element is a candidate.
    @_alwaysEmitIntoClient
    public init(upstream: Upstream, predicate: @escaping (Output) -> Bool) {
      self.upstream = upstream
      self.predicate = predicate
    }

    func makeBody() -> MatchReduction<Output, Failure, Failure> {
      MatchReduction<Output, Failure, Failure>(name: "LastWhere", kind: .last, predicate: predicate)
    }
  }

  /// The publisher returned by ``Publisher/tryLast(where:)``: at most one
  /// value, the final one `predicate` accepted, or the error it throws.
  public struct TryLastWhere<Upstream: Publisher>: Publisher, BodyPublisher {
    public typealias Output = Upstream.Output
    public typealias Failure = any Error

    /// The publisher this operator subscribes to.
    public let upstream: Upstream

    /// The throwing closure that tells whether an element is a candidate.
    public let predicate: (Output) throws -> Bool

    /// Creates a publisher that publishes the last element of `upstream` that satisfies `predicate`.
    ///
    /// - Parameters:
    ///   - upstream: The publisher this operator subscribes to.
    ///   - predicate: The throwing closure that tells whether an element is a candidate.
    @_alwaysEmitIntoClient
    public init(upstream: Upstream, predicate: @escaping (Output) throws -> Bool) {
      self.upstream = upstream
      self.predicate = predicate
    }

    func makeBody() -> MatchReduction<Output, Upstream.Failure, any Error> {
      MatchReduction(name: "TryLastWhere", kind: .last, predicate: predicate)
    }
  }
}

extension Publishers.Last: Equatable where Upstream: Equatable {}
