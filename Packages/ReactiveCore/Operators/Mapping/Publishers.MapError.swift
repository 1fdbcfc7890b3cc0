extension Publisher {
  /// Runs `transform` on the upstream's failure and fails with its result.
  ///
  /// Values and demand pass through unchanged.
  ///
  /// ```text
  /// upstream  -a-b-x
  /// result    -a-b-x      x = transform(upstream's x)
  /// ```
  ///
  /// - Parameter transform: Runs at most once, with the upstream's error; its
  ///   result is the error this publisher fails with.
  /// - Returns: A publisher with the upstream's values and a `transform`ed
  ///   failure.
  @_alwaysEmitIntoClient
  public func mapError<E: Error>(_ transform: @escaping (Failure) -> E) -> Publishers.MapError<Self, E> {
    Publishers.MapError(upstream: self, transform)
  }
}

extension Publishers {
  /// The publisher returned by ``Publisher/mapError(_:)``: the upstream's
  /// values as they are, its failure passed through a closure.
  public struct MapError<Upstream: Publisher, Failure: Error>: Publisher {
    public typealias Output = Upstream.Output

    /// The publisher this operator subscribes to.
    public let upstream: Upstream

    /// Turns the upstream's error into the error this publisher fails with.
    public let transform: (Upstream.Failure) -> Failure

    /// Creates a publisher that converts the upstream's failure with `transform`.
    ///
    /// - Parameters:
    ///   - upstream: The publisher this operator subscribes to.
    ///   - transform: Turns the upstream's error into the error to fail with.
    @_alwaysEmitIntoClient
    public init(upstream: Upstream, transform: @escaping (Upstream.Failure) -> Failure) {
      self.upstream = upstream
      self.transform = transform
    }

    /// Creates a publisher that converts the upstream's failure with `map`.
    ///
    /// - Parameters:
    ///   - upstream: The publisher this operator subscribes to.
    ///   - map: Turns the upstream's error into the error to fail with.
    @_alwaysEmitIntoClient
    public init(upstream: Upstream, _ map: @escaping (Upstream.Failure) -> Failure) {
      self.upstream = upstream
      self.transform = map
    }

    @inlinable
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
      upstream.subscribe(
        forwarding: subscriber,
        through: MapErrorStep<Upstream.Output, Upstream.Failure, Failure>(transform: transform)
      )
    }
  }
}
