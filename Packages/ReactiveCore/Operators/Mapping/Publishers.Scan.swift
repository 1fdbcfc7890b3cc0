extension Publisher {
  /// Publishes a running accumulation: each value is folded into the last
  /// result, and every intermediate result is published.
  ///
  /// Demand passes through: each upstream element gives one result.
  ///
  /// ```text
  /// upstream  -a-b-c-|
  /// result    -A-B-C-|      A = f(initial, a), B = f(A, b), C = f(B, c)
  /// ```
  ///
  /// - Parameters:
  ///   - initialResult: The accumulator's starting value, folded with the
  ///     first upstream value.
  ///   - nextPartialResult: Called with (accumulator, value); its result is
  ///     published and becomes the new accumulator.
  /// - Returns: A publisher of each result of the closure.
  @inlinable
  public func scan<T>(
    _ initialResult: T,
    _ nextPartialResult: @escaping (T, Output) -> T
  ) -> Publishers.Scan<Self, T> {
    Publishers.Scan(upstream: self, initialResult: initialResult, nextPartialResult: nextPartialResult)
  }

  /// Publishes a running accumulation computed by a closure that may throw;
  /// every intermediate result is published.
  ///
  /// When the closure throws, the publisher cancels the upstream and fails
  /// with the thrown error; nothing follows.
  ///
  /// ```text
  /// upstream  -a-b-c-|
  /// result    -A-x          f(A, b) throws x
  /// ```
  ///
  /// - Parameters:
  ///   - initialResult: The accumulator's starting value, folded with the
  ///     first upstream value.
  ///   - nextPartialResult: Called with (accumulator, value); its result is
  ///     published and becomes the new accumulator. It may throw.
  /// - Returns: A publisher of each result of the closure, which fails with
  ///   the error the closure throws.
  @inlinable
  public func tryScan<T>(
    _ initialResult: T,
    _ nextPartialResult: @escaping (T, Output) throws -> T
  ) -> Publishers.TryScan<Self, T> {
    Publishers.TryScan(upstream: self, initialResult: initialResult, nextPartialResult: nextPartialResult)
  }
}

extension Publishers {
  /// A publisher that publishes each result of a closure that combines the
  /// previous result with the next upstream element.
  public struct Scan<Upstream: Publisher, Output>: Publisher {
    public typealias Failure = Upstream.Failure

    /// The publisher this operator subscribes to.
    public let upstream: Upstream

    /// The previous result passed with the first element.
    public let initialResult: Output

    /// Called with (accumulator, value); returns the next accumulator.
    public let nextPartialResult: (Output, Upstream.Output) -> Output

    /// Creates a publisher that publishes each result of `nextPartialResult`.
    ///
    /// - Parameters:
    ///   - upstream: The publisher this operator subscribes to.
    ///   - initialResult: The accumulator's starting value.
    ///   - nextPartialResult: Called with (accumulator, value); returns the
    ///     next accumulator.
    @inlinable
    public init(
      upstream: Upstream,
      initialResult: Output,
      nextPartialResult: @escaping (Output, Upstream.Output) -> Output
    ) {
      self.upstream = upstream
      self.initialResult = initialResult
      self.nextPartialResult = nextPartialResult
    }

    @inlinable
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Upstream.Failure {
      typealias Payload = (result: Output, next: (Output, Upstream.Output) -> Output)
      let inner = MappingInner<Upstream.Output, Upstream.Failure, S, Payload>(
        subscriber,
        payload: (initialResult, nextPartialResult),
        name: "Scan",
        contract: .mapping,
        keepsState: true,
        mapFailure: { $0 },
        step: { payload, input in
          payload.result = payload.next(payload.result, input)
          return payload.result
        }
      )
      upstream.subscribe(inner)
    }
  }

  /// A publisher that publishes each result of an error-throwing closure
  /// that combines the previous result with the next upstream element.
  public struct TryScan<Upstream: Publisher, Output>: Publisher {
    public typealias Failure = any Error

    /// The publisher this operator subscribes to.
    public let upstream: Upstream

    /// The previous result passed with the first element.
    public let initialResult: Output

    /// Called with (accumulator, value); returns the next accumulator, or throws.
    public let nextPartialResult: (Output, Upstream.Output) throws -> Output

    /// Creates a publisher that publishes each result of `nextPartialResult`,
    /// and fails with the error it throws.
    ///
    /// - Parameters:
    ///   - upstream: The publisher this operator subscribes to.
    ///   - initialResult: The accumulator's starting value.
    ///   - nextPartialResult: Called with (accumulator, value); returns the
    ///     next accumulator, or throws.
    @inlinable
    public init(
      upstream: Upstream,
      initialResult: Output,
      nextPartialResult: @escaping (Output, Upstream.Output) throws -> Output
    ) {
      self.upstream = upstream
      self.initialResult = initialResult
      self.nextPartialResult = nextPartialResult
    }

    @inlinable
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == any Error {
      typealias Payload = (result: Output, next: (Output, Upstream.Output) throws -> Output)
      let inner = MappingInner<Upstream.Output, Upstream.Failure, S, Payload>(
        subscriber,
        payload: (initialResult, nextPartialResult),
        name: "TryScan",
        contract: .mapping,
        keepsState: true,
        mapFailure: { $0 },
        step: { payload, input in
          payload.result = try payload.next(payload.result, input)
          return payload.result
        }
      )
      upstream.subscribe(inner)
    }
  }
}
