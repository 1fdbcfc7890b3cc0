extension Publisher {
  /// Runs `transform` on each value of this publisher and publishes the
  /// results that are not `nil`.
  ///
  /// For each element the closure turns into `nil`, the publisher asks
  /// upstream for one more (`.max(1)`).
  ///
  /// ```text
  /// upstream  -a-b-c-|
  /// result    -A---C-|      transform(b) == nil
  /// ```
  ///
  /// - Parameter transform: Runs once per upstream value; a `nil` result
  ///   drops that value.
  /// - Returns: A publisher of the non-`nil` results of the closure.
  @_alwaysEmitIntoClient
  public func compactMap<T>(_ transform: @escaping (Output) -> T?) -> Publishers.CompactMap<Self, T> {
    Publishers.CompactMap(upstream: self, transform: transform)
  }

  /// Runs the throwing `transform` on each value of this publisher and
  /// publishes the results that are not `nil`.
  ///
  /// When `transform` throws, the publisher cancels the upstream and fails
  /// with the thrown error; nothing follows.
  ///
  /// ```text
  /// upstream  -a-b-c-|
  /// result    -A-x          transform(b) throws x
  /// ```
  ///
  /// - Parameter transform: Runs once per upstream value; a `nil` result
  ///   drops that value. It may throw.
  /// - Returns: A publisher of the non-`nil` results of the closure, which
  ///   fails with the error the closure throws.
  @_alwaysEmitIntoClient
  public func tryCompactMap<T>(
    _ transform: @escaping (Output) throws -> T?
  ) -> Publishers.TryCompactMap<Self, T> {
    Publishers.TryCompactMap(upstream: self, transform: transform)
  }
}

extension Publishers {
  /// The publisher returned by ``Publisher/compactMap(_:)``: each upstream
  /// value goes through `transform`, and only non-`nil` results go out.
  public struct CompactMap<Upstream: Publisher, Output>: Publisher {
    public typealias Failure = Upstream.Failure

    /// The publisher this operator subscribes to.
    public let upstream: Upstream

    /// Runs on each upstream value; `nil` means "publish nothing for it".
    public let transform: (Upstream.Output) -> Output?

    /// Creates a publisher that republishes the non-`nil` results of `transform`.
    ///
    /// - Parameters:
    ///   - upstream: The publisher this operator subscribes to.
    ///   - transform: Runs on each upstream value; `nil` means "publish nothing for it".
    @_alwaysEmitIntoClient
    public init(upstream: Upstream, transform: @escaping (Upstream.Output) -> Output?) {
      self.upstream = upstream
      self.transform = transform
    }

    @inlinable
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
      upstream.subscribe(
        forwarding: subscriber,
        through: CompactMapStep<Upstream.Output, Output, Failure>(transform: transform)
      )
    }
  }

  /// The publisher returned by ``Publisher/tryCompactMap(_:)``: like
  /// ``CompactMap``, but a throw from `transform` ends the stream.
  public struct TryCompactMap<Upstream: Publisher, Output>: Publisher {
    public typealias Failure = any Error

    /// The publisher this operator subscribes to.
    public let upstream: Upstream

    /// Runs on each upstream value; `nil` means "publish nothing for it", a
    /// throw ends the stream.
    public let transform: (Upstream.Output) throws -> Output?

    /// Creates a publisher that republishes the non-`nil` results of
    /// `transform`, and fails with the error it throws.
    ///
    /// - Parameters:
    ///   - upstream: The publisher this operator subscribes to.
    ///   - transform: Runs on each upstream value; `nil` means "publish
    ///     nothing for it", a throw ends the stream.
    @_alwaysEmitIntoClient
    public init(upstream: Upstream, transform: @escaping (Upstream.Output) throws -> Output?) {
      self.upstream = upstream
      self.transform = transform
    }

    @inlinable
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == any Error {
      let inner = MappingInner<Upstream.Output, Upstream.Failure, S, (Upstream.Output) throws -> Output?>(
        subscriber,
        payload: transform,
        name: "TryCompactMap",
        contract: .filtering,
        mapFailure: { $0 },
        step: { transform, input in try transform(input) }
      )
      upstream.subscribe(inner)
    }
  }
}

extension Publishers.CompactMap {
  /// Applies `transform` to this publisher's non-`nil` results and publishes
  /// its non-`nil` results, in one operator (`compactMap` after `compactMap` fuses).
  ///
  /// - Parameter transform: Runs on each non-`nil` result of this publisher's
  ///   closure; a `nil` result drops the value.
  /// - Returns: A publisher of the non-`nil` results of both closures.
  @_alwaysEmitIntoClient
  public func compactMap<T>(_ transform: @escaping (Output) -> T?) -> Publishers.CompactMap<Upstream, T> {
    let first = self.transform
    return Publishers.CompactMap(upstream: upstream) { first($0).flatMap(transform) }
  }

  /// Applies `transform` to this publisher's non-`nil` results, in one
  /// operator (`map` after `compactMap` fuses).
  ///
  /// - Parameter transform: Runs once per upstream value; its result is
  ///   published in that value's place.
  /// - Returns: A publisher of the transformed non-`nil` results.
  @_alwaysEmitIntoClient
  public func map<T>(_ transform: @escaping (Output) -> T) -> Publishers.CompactMap<Upstream, T> {
    let first = self.transform
    return Publishers.CompactMap(upstream: upstream) { first($0).map(transform) }
  }
}

extension Publishers.TryCompactMap {
  /// Applies the error-throwing `transform` to this publisher's non-`nil`
  /// results and publishes its non-`nil` results, in one operator
  /// (`compactMap` after `tryCompactMap` fuses).
  ///
  /// - Parameter transform: Runs on each non-`nil` result of this publisher's
  ///   closure; a `nil` result drops the value. It may throw.
  /// - Returns: A publisher of the non-`nil` results of both closures, which
  ///   fails with the first error thrown.
  @_alwaysEmitIntoClient
  public func compactMap<T>(
    _ transform: @escaping (Output) throws -> T?
  ) -> Publishers.TryCompactMap<Upstream, T> {
    let first = self.transform
    return Publishers.TryCompactMap(upstream: upstream) { value in
      guard let partial = try first(value) else { return nil }
      return try transform(partial)
    }
  }
}
