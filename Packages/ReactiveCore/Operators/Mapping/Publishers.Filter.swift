extension Publisher {
  /// Lets through only the values for which `isIncluded` returns `true`.
  ///
  /// For each element it drops, the publisher asks upstream for one more
  /// (`.max(1)`), so its subscriber's demand is met by matching elements.
  ///
  /// ```text
  /// upstream  -a-b-c-|
  /// result    -a---c-|      isIncluded(b) == false
  /// ```
  ///
  /// - Parameter isIncluded: Runs once per upstream value; `true` lets the
  ///   value through, `false` drops it.
  /// - Returns: A publisher of the accepted values, with the upstream's completion.
  @_alwaysEmitIntoClient
  public func filter(_ isIncluded: @escaping (Output) -> Bool) -> Publishers.Filter<Self> {
    Publishers.Filter(upstream: self, isIncluded: isIncluded)
  }

  /// Lets through only the values for which `isIncluded` returns `true`,
  /// where `isIncluded` may throw.
  ///
  /// When `isIncluded` throws, the publisher cancels the upstream and fails
  /// with the thrown error; nothing follows.
  ///
  /// ```text
  /// upstream  -a-b-c-|
  /// result    -a-x          isIncluded(b) throws x
  /// ```
  ///
  /// - Parameter isIncluded: Runs once per upstream value; `true` lets the
  ///   value through, `false` drops it. It may throw.
  /// - Returns: A publisher of the accepted values that fails with the first
  ///   error `isIncluded` throws.
  @_alwaysEmitIntoClient
  public func tryFilter(_ isIncluded: @escaping (Output) throws -> Bool) -> Publishers.TryFilter<Self> {
    Publishers.TryFilter(upstream: self, isIncluded: isIncluded)
  }
}

extension Publishers {
  /// The publisher returned by ``Publisher/filter(_:)``: upstream values pass
  /// only when `isIncluded` accepts them.
  public struct Filter<Upstream: Publisher>: Publisher {
    public typealias Output = Upstream.Output

    public typealias Failure = Upstream.Failure

    /// The publisher this operator subscribes to.
    public let upstream: Upstream

    /// Decides, value by value, what passes: `true` keeps, `false` drops.
    public let isIncluded: (Upstream.Output) -> Bool

    /// Creates a publisher that republishes the upstream's elements that satisfy `isIncluded`.
    ///
    /// - Parameters:
    ///   - upstream: The publisher this operator subscribes to.
    ///   - isIncluded: Decides, value by value, what passes: `true` keeps, `false` drops.
    @_alwaysEmitIntoClient
    public init(upstream: Upstream, isIncluded: @escaping (Upstream.Output) -> Bool) {
      self.upstream = upstream
      self.isIncluded = isIncluded
    }

    @inlinable
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
      upstream.subscribe(forwarding: subscriber, through: FilterStep<Output, Failure>(isIncluded: isIncluded))
    }
  }

  /// The publisher returned by ``Publisher/tryFilter(_:)``: upstream values
  /// pass only when `isIncluded` accepts them, and a throw ends the stream.
  public struct TryFilter<Upstream: Publisher>: Publisher {
    public typealias Output = Upstream.Output

    public typealias Failure = any Error

    /// The publisher this operator subscribes to.
    public let upstream: Upstream

    /// Decides, value by value, what passes; a throw ends the stream.
    public let isIncluded: (Upstream.Output) throws -> Bool

    /// Creates a publisher that republishes the upstream's elements that
    /// satisfy `isIncluded`, and fails with the error it throws.
    ///
    /// - Parameters:
    ///   - upstream: The publisher this operator subscribes to.
    ///   - isIncluded: Decides, value by value, what passes; a throw ends the
    ///     stream.
    @_alwaysEmitIntoClient
    public init(upstream: Upstream, isIncluded: @escaping (Upstream.Output) throws -> Bool) {
      self.upstream = upstream
      self.isIncluded = isIncluded
    }

    @inlinable
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == any Error {
      let inner = MappingInner<Upstream.Output, Upstream.Failure, S, (Upstream.Output) throws -> Bool>(
        subscriber,
        payload: isIncluded,
        name: "TryFilter",
        contract: .filtering,
        mapFailure: { $0 },
        step: { isIncluded, input in try isIncluded(input) ? input : nil }
      )
      upstream.subscribe(inner)
    }
  }
}

extension Publishers.Filter {
  /// Republishes the elements that match both this publisher's predicate and
  /// `isIncluded`, in one operator (`filter` after `filter` fuses).
  ///
  /// - Parameter isIncluded: Runs once per upstream value; `true` lets the
  ///   value through, `false` drops it.
  /// - Returns: A publisher that republishes the elements that satisfy both closures.
  @_alwaysEmitIntoClient
  public func filter(_ isIncluded: @escaping (Output) -> Bool) -> Publishers.Filter<Upstream> {
    let first = self.isIncluded
    return Publishers.Filter(upstream: upstream) { first($0) && isIncluded($0) }
  }

  /// Republishes the elements that match both this publisher's predicate
  /// and the error-throwing `isIncluded`, in one operator (`tryFilter`
  /// after `filter` fuses).
  ///
  /// - Parameter isIncluded: Runs once per upstream value; `true` lets the
  ///   value through, `false` drops it. It may throw.
  /// - Returns: A publisher that republishes the elements that satisfy both
  ///   closures, and fails with the error `isIncluded` throws.
  @_alwaysEmitIntoClient
  public func tryFilter(_ isIncluded: @escaping (Output) throws -> Bool) -> Publishers.TryFilter<Upstream> {
    let first = self.isIncluded
    return Publishers.TryFilter(upstream: upstream) { try first($0) && isIncluded($0) }
  }
}

extension Publishers.TryFilter {
  /// Republishes the elements that match both this publisher's predicate and
  /// `isIncluded`, in one operator (`filter` after `tryFilter` fuses).
  ///
  /// - Parameter isIncluded: Runs once per upstream value; `true` lets the
  ///   value through, `false` drops it.
  /// - Returns: A publisher that republishes the elements that satisfy both
  ///   closures, and fails with the error the first predicate throws.
  @_alwaysEmitIntoClient
  public func filter(_ isIncluded: @escaping (Output) -> Bool) -> Publishers.TryFilter<Upstream> {
    let first = self.isIncluded
    return Publishers.TryFilter(upstream: upstream) { try first($0) && isIncluded($0) }
  }

  /// Republishes the elements that match both this publisher's predicate
  /// and the error-throwing `isIncluded`, in one operator (`tryFilter` after
  /// `tryFilter` fuses).
  ///
  /// - Parameter isIncluded: Runs once per upstream value; `true` lets the
  ///   value through, `false` drops it. It may throw.
  /// - Returns: A publisher that republishes the elements that satisfy both
  ///   closures, and fails with the first error thrown.
  @_alwaysEmitIntoClient
  public func tryFilter(_ isIncluded: @escaping (Output) throws -> Bool) -> Publishers.TryFilter<Upstream> {
    let first = self.isIncluded
    return Publishers.TryFilter(upstream: upstream) { try first($0) && isIncluded($0) }
  }
}
