extension Publisher where Output: Equatable {
  /// Publishes whether the upstream contains an element equal to `output`.
  ///
  /// The operator publishes `true` and cancels the upstream at the first
  /// match, or publishes `false` when the upstream finishes without one.
  ///
  /// ```text
  /// upstream  -a-b-c-|     -a-c-|
  /// result    ---(t|)      -----(f|)     output: b; t = true, f = false
  /// ```
  ///
  /// - Parameter output: The element to look for.
  /// - Returns: A publisher that publishes one Boolean.
  @_alwaysEmitIntoClient
  public func contains(_ output: Output) -> Publishers.Contains<Self> {
    Publishers.Contains(upstream: self, output: output)
  }
}

extension Publisher {
  /// Publishes whether the upstream contains an element that satisfies a predicate.
  ///
  /// ```text
  /// upstream  -a-b-c-|     -a-c-|
  /// result    ---(t|)      -----(f|)     predicate: the value is b
  /// ```
  ///
  /// - Parameter predicate: Tells whether an element is a match.
  /// - Returns: A publisher that publishes one Boolean.
  @_alwaysEmitIntoClient
  public func contains(where predicate: @escaping (Output) -> Bool) -> Publishers.ContainsWhere<Self> {
    Publishers.ContainsWhere(upstream: self, predicate: predicate)
  }

  /// Publishes whether the upstream contains an element that satisfies a throwing predicate.
  ///
  /// If the predicate throws, the upstream is cancelled and the publisher
  /// fails with the thrown error.
  ///
  /// - Parameter predicate: Tells whether an element is a match; may throw.
  /// - Returns: A publisher that publishes one Boolean.
  @_alwaysEmitIntoClient
  public func tryContains(where predicate: @escaping (Output) throws -> Bool) -> Publishers.TryContainsWhere<Self> {
    Publishers.TryContainsWhere(upstream: self, predicate: predicate)
  }
}

extension Publishers {
  /// A publisher that publishes whether a stream contains a given element.
  public struct Contains<Upstream: Publisher>: Publisher, BodyPublisher where Upstream.Output: Equatable {
    public typealias Output = Bool
    public typealias Failure = Upstream.Failure

    /// The publisher this operator subscribes to.
    public let upstream: Upstream

    /// The element to look for.
    public let output: Upstream.Output

    /// Creates a publisher that publishes whether `upstream` contains `output`.
    ///
    /// - Parameters:
    ///   - upstream: The publisher this operator subscribes to.
    ///   - output: The element to look for.
    @_alwaysEmitIntoClient
    public init(upstream: Upstream, output: Upstream.Output) {
      self.upstream = upstream
      self.output = output
    }

    func makeBody() -> SearchReduction<Upstream.Output, Failure, Failure> {
      let output = output
      return SearchReduction<Upstream.Output, Failure, Failure>(name: "Contains", lookingFor: true) { $0 == output }
    }
  }

  /// A publisher that publishes whether a stream contains an element that satisfies a predicate.
  public struct ContainsWhere<Upstream: Publisher>: Publisher, BodyPublisher {
    public typealias Output = Bool
    public typealias Failure = Upstream.Failure

    /// The publisher this operator subscribes to.
    public let upstream: Upstream

    /// The closure that tells whether an element is a match.
    public let predicate: (Upstream.Output) -> Bool

    /// Creates a publisher that publishes whether `upstream` contains an element that satisfies `predicate`.
    ///
    /// - Parameters:
    ///   - upstream: The publisher this operator subscribes to.
    ///   - predicate: The closure that tells whether an element is a match.
    @_alwaysEmitIntoClient
    public init(upstream: Upstream, predicate: @escaping (Upstream.Output) -> Bool) {
      self.upstream = upstream
      self.predicate = predicate
    }

    func makeBody() -> SearchReduction<Upstream.Output, Failure, Failure> {
      SearchReduction<Upstream.Output, Failure, Failure>(name: "ContainsWhere", lookingFor: true, predicate: predicate)
    }
  }

  /// A publisher that publishes whether a stream contains an element that
  /// satisfies a throwing predicate, and fails with the predicate's error.
  public struct TryContainsWhere<Upstream: Publisher>: Publisher, BodyPublisher {
    public typealias Output = Bool
    public typealias Failure = any Error

    /// The publisher this operator subscribes to.
    public let upstream: Upstream

    /// The throwing closure that tells whether an element is a match.
    public let predicate: (Upstream.Output) throws -> Bool

    /// Creates a publisher that publishes whether `upstream` contains an element that satisfies `predicate`.
    ///
    /// - Parameters:
    ///   - upstream: The publisher this operator subscribes to.
    ///   - predicate: The throwing closure that tells whether an element is a match.
    @_alwaysEmitIntoClient
    public init(upstream: Upstream, predicate: @escaping (Upstream.Output) throws -> Bool) {
      self.upstream = upstream
      self.predicate = predicate
    }

    func makeBody() -> SearchReduction<Upstream.Output, Upstream.Failure, any Error> {
      SearchReduction(name: "TryContainsWhere", lookingFor: true, predicate: predicate)
    }
  }
}

extension Publishers.Contains: Equatable where Upstream: Equatable {}
