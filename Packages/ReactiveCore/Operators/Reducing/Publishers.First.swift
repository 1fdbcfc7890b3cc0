extension Publisher {
  /// Keeps only the upstream's opening value: publishes it and finishes.
  ///
  /// The operator requests an unlimited number of values, cancels the
  /// upstream as soon as the first one arrives, and publishes it on the
  /// downstream's first demand. An upstream that finishes empty gives an
  /// empty result; a failure passes through.
  ///
  /// ```text
  /// upstream  -a-b-c-|     ---|     --x
  /// result    -(a|)        ---|     --x
  /// ```
  ///
  /// - Returns: A publisher that publishes at most the first element.
  @_alwaysEmitIntoClient
  public func first() -> Publishers.First<Self> {
    Publishers.First(upstream: self)
  }

  /// Waits for a value that `predicate` accepts, publishes it, and finishes.
  ///
  /// The upstream is cancelled once a value matches. An upstream that
  /// finishes without a match gives an empty result.
  ///
  /// ```text
  /// upstream  -a-b-c-|     -a-c-|
  /// result    ---(b|)      -----|     predicate: the value is b
  /// ```
  ///
  /// - Parameter predicate: Tells whether an element is the one to publish.
  /// - Returns: A publisher that publishes at most the first matching element.
  @_alwaysEmitIntoClient
  public func first(where predicate: @escaping (Output) -> Bool) -> Publishers.FirstWhere<Self> {
    Publishers.FirstWhere(upstream: self, predicate: predicate)
  }

  /// Waits for a value that the throwing `predicate` accepts, publishes it,
  /// and finishes.
  ///
  /// If the predicate throws, the upstream is cancelled and the publisher
  /// fails with the thrown error.
  ///
  /// ```text
  /// upstream  -a-b-c-|     -a-e-c-|
  /// result    ---(b|)      ---x          predicate: true for b, throws on e
  /// ```
  ///
  /// - Parameter predicate: Tells whether an element is the one to publish; may throw.
  /// - Returns: A publisher that publishes at most the first matching element.
  @_alwaysEmitIntoClient
  public func tryFirst(where predicate: @escaping (Output) throws -> Bool) -> Publishers.TryFirstWhere<Self> {
    Publishers.TryFirstWhere(upstream: self, predicate: predicate)
  }
}

extension Publishers {
  /// The publisher returned by ``Publisher/first()``: at most one value, the
  /// upstream's first.
  public struct First<Upstream: Publisher>: Publisher, BodyPublisher {
    public typealias Output = Upstream.Output
    public typealias Failure = Upstream.Failure

    /// The publisher this operator subscribes to.
    public let upstream: Upstream

    /// Creates a publisher that keeps only `upstream`'s opening value.
    ///
    /// - Parameter upstream: The publisher this operator subscribes to.
    @_alwaysEmitIntoClient
    public init(upstream: Upstream) {
      self.upstream = upstream
    }

    func makeBody() -> MatchReduction<Output, Failure, Failure> {
      MatchReduction<Output, Failure, Failure>(name: "First", kind: .first) { _ in true }
    }
  }

  /// The publisher returned by ``Publisher/first(where:)``: at most one value,
  /// the first one `predicate` accepts.
  public struct FirstWhere<Upstream: Publisher>: Publisher, BodyPublisher {
    public typealias Output = Upstream.Output
    public typealias Failure = Upstream.Failure

    /// The publisher this operator subscribes to.
    public let upstream: Upstream

    /// The closure that tells whether an element is the one to publish.
    public let predicate: (Output) -> Bool

    /// Creates a publisher that keeps only the first of `upstream`'s values that `predicate` accepts.
    ///
    /// - Parameters:
    ///   - upstream: The publisher this operator subscribes to.
    ///   - predicate: The closure that tells whether an element is the one to publish.
    @_alwaysEmitIntoClient
    public init(upstream: Upstream, predicate: @escaping (Output) -> Bool) {
      self.upstream = upstream
      self.predicate = predicate
    }

    // "TryFirst" is the name Combine's FirstWhere reports.
    func makeBody() -> MatchReduction<Output, Failure, Failure> {
      MatchReduction<Output, Failure, Failure>(name: "TryFirst", kind: .first, predicate: predicate)
    }
  }

  /// The publisher returned by ``Publisher/tryFirst(where:)``: at most one
  /// value, the first one `predicate` accepts, or the error it throws.
  public struct TryFirstWhere<Upstream: Publisher>: Publisher, BodyPublisher {
    public typealias Output = Upstream.Output
    public typealias Failure = any Error

    /// The publisher this operator subscribes to.
    public let upstream: Upstream

    /// The throwing closure that tells whether an element is the one to publish.
    public let predicate: (Output) throws -> Bool

    /// Creates a publisher that keeps only the first of `upstream`'s values that `predicate` accepts.
    ///
    /// - Parameters:
    ///   - upstream: The publisher this operator subscribes to.
    ///   - predicate: The throwing closure that tells whether an element is the one to publish.
    @_alwaysEmitIntoClient
    public init(upstream: Upstream, predicate: @escaping (Output) throws -> Bool) {
      self.upstream = upstream
      self.predicate = predicate
    }

    func makeBody() -> MatchReduction<Output, Upstream.Failure, any Error> {
      MatchReduction(name: "TryFirstWhere", kind: .first, predicate: predicate)
    }
  }
}

extension Publishers.First: Equatable where Upstream: Equatable {}
