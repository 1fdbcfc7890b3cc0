extension Publisher {
  /// Publishes `transform(value)` in place of each value of this publisher.
  ///
  /// Demand, values and the completion pass through one for one: `map`
  /// asks upstream for exactly what its subscriber asks of it.
  ///
  /// ```text
  /// upstream  -a-b-c-|
  /// result    -A-B-C-|      A = transform(a)
  /// ```
  ///
  /// - Parameter transform: Runs once per upstream value; its result is
  ///   published in that value's place.
  /// - Returns: A publisher of the transformed values, with the upstream's
  ///   completion.
  @_alwaysEmitIntoClient
  public func map<T>(_ transform: @escaping (Output) -> T) -> Publishers.Map<Self, T> {
    Publishers.Map(upstream: self, transform: transform)
  }

  /// Publishes `transform(value)` in place of each value of this publisher,
  /// where `transform` may throw.
  ///
  /// When `transform` throws, the publisher cancels the upstream and fails
  /// with the thrown error; nothing follows.
  ///
  /// ```text
  /// upstream  -a-b-c-|
  /// result    -A-x          transform(b) throws x
  /// ```
  ///
  /// - Parameter transform: Runs once per upstream value; its result is
  ///   published in that value's place. It may throw.
  /// - Returns: A publisher of the transformed values that fails with the
  ///   first error `transform` throws.
  @_alwaysEmitIntoClient
  public func tryMap<T>(_ transform: @escaping (Output) throws -> T) -> Publishers.TryMap<Self, T> {
    Publishers.TryMap(upstream: self, transform: transform)
  }

  /// Replaces each `nil` element from the upstream with the given element.
  ///
  /// ```text
  /// upstream  -a-n-b-|
  /// result    -a-o-b-|      n = nil, o = output
  /// ```
  ///
  /// - Parameter output: The element to publish in place of `nil`.
  /// - Returns: A publisher of the upstream's unwrapped elements, with
  ///   `output` where the upstream published `nil`.
  @_alwaysEmitIntoClient
  public func replaceNil<T>(with output: T) -> Publishers.Map<Self, T> where Output == T? {
    Publishers.Map(upstream: self) { $0 ?? output }
  }
}

extension Publishers {
  /// The publisher returned by `map(_:)` with a closure: each upstream value
  /// goes through `transform` before it is published.
  public struct Map<Upstream: Publisher, Output>: Publisher {
    public typealias Failure = Upstream.Failure

    /// The publisher this operator subscribes to.
    public let upstream: Upstream

    /// Turns each upstream value into the value to publish.
    public let transform: (Upstream.Output) -> Output

    /// Creates a publisher that transforms the upstream's elements with `transform`.
    ///
    /// - Parameters:
    ///   - upstream: The publisher this operator subscribes to.
    ///   - transform: Turns each upstream value into the value to publish.
    @_alwaysEmitIntoClient
    public init(upstream: Upstream, transform: @escaping (Upstream.Output) -> Output) {
      self.upstream = upstream
      self.transform = transform
    }

    @inlinable
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Upstream.Failure {
      upstream.subscribe(
        forwarding: subscriber,
        through: MapStep<Upstream.Output, Output, Failure>(transform: transform)
      )
    }
  }

  /// The publisher returned by ``Publisher/tryMap(_:)``: each upstream value
  /// goes through a `transform` that may throw, and a throw ends the stream.
  public struct TryMap<Upstream: Publisher, Output>: Publisher {
    public typealias Failure = any Error

    /// The publisher this operator subscribes to.
    public let upstream: Upstream

    /// Turns each upstream value into the value to publish, or throws.
    public let transform: (Upstream.Output) throws -> Output

    /// Creates a publisher that transforms the upstream's elements with
    /// `transform`, and fails with the error it throws.
    ///
    /// - Parameters:
    ///   - upstream: The publisher this operator subscribes to.
    ///   - transform: Turns each upstream value into the value to publish, or
    ///     throws.
    @_alwaysEmitIntoClient
    public init(upstream: Upstream, transform: @escaping (Upstream.Output) throws -> Output) {
      self.upstream = upstream
      self.transform = transform
    }

    @inlinable
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == any Error {
      let inner = MappingInner<Upstream.Output, Upstream.Failure, S, (Upstream.Output) throws -> Output>(
        subscriber,
        payload: transform,
        name: "TryMap",
        contract: .mapping,
        mapFailure: { $0 },
        step: { transform, input in try transform(input) }
      )
      upstream.subscribe(inner)
    }
  }
}

extension Publishers.Map {
  /// Transforms each element with `transform` after this publisher's own
  /// transform, in one operator (`map` after `map` fuses).
  ///
  /// - Parameter transform: Runs once per upstream value; its result is
  ///   published in that value's place.
  /// - Returns: A publisher that applies both transforms to the upstream's elements.
  @_alwaysEmitIntoClient
  public func map<T>(_ transform: @escaping (Output) -> T) -> Publishers.Map<Upstream, T> {
    let first = self.transform
    return Publishers.Map(upstream: upstream) { transform(first($0)) }
  }

  /// Transforms each element with the error-throwing `transform` after this
  /// publisher's own transform, in one operator (`tryMap` after `map` fuses).
  ///
  /// - Parameter transform: Runs once per upstream value; its result is
  ///   published in that value's place. It may throw.
  /// - Returns: A publisher that applies both transforms to the upstream's
  ///   elements, and fails with the error `transform` throws.
  @_alwaysEmitIntoClient
  public func tryMap<T>(_ transform: @escaping (Output) throws -> T) -> Publishers.TryMap<Upstream, T> {
    let first = self.transform
    return Publishers.TryMap(upstream: upstream) { try transform(first($0)) }
  }
}

extension Publishers.TryMap {
  /// Transforms each element with `transform` after this publisher's own
  /// transform, in one operator (`map` after `tryMap` fuses).
  ///
  /// - Parameter transform: Runs once per upstream value; its result is
  ///   published in that value's place.
  /// - Returns: A publisher that applies both transforms to the upstream's
  ///   elements, and fails with the error the first transform throws.
  @_alwaysEmitIntoClient
  public func map<T>(_ transform: @escaping (Output) -> T) -> Publishers.TryMap<Upstream, T> {
    let first = self.transform
    return Publishers.TryMap(upstream: upstream) { transform(try first($0)) }
  }

  /// Transforms each element with the error-throwing `transform` after this
  /// publisher's own transform, in one operator (`tryMap` after `tryMap` fuses).
  ///
  /// - Parameter transform: Runs once per upstream value; its result is
  ///   published in that value's place. It may throw.
  /// - Returns: A publisher that applies both transforms to the upstream's
  ///   elements, and fails with the first error thrown.
  @_alwaysEmitIntoClient
  public func tryMap<T>(_ transform: @escaping (Output) throws -> T) -> Publishers.TryMap<Upstream, T> {
    let first = self.transform
    return Publishers.TryMap(upstream: upstream) { try transform(try first($0)) }
  }
}
