extension Publisher {
  /// Republishes the elements that match a predicate.
  ///
  /// For each element it drops, the publisher asks upstream for one more
  /// (`.max(1)`), so its subscriber's demand is met by matching elements.
  ///
  /// ```text
  /// upstream  -a-b-c-|
  /// result    -a---c-|      isIncluded(b) == false
  /// ```
  ///
  /// - Parameter isIncluded: A closure that takes one element and returns
  ///   whether to republish it.
  /// - Returns: A publisher that republishes the elements that satisfy the closure.
  @inlinable
  public func filter(_ isIncluded: @escaping (Output) -> Bool) -> Publishers.Filter<Self> {
    Publishers.Filter(upstream: self, isIncluded: isIncluded)
  }

  /// Republishes the elements that match an error-throwing predicate.
  ///
  /// When `isIncluded` throws, the publisher cancels the upstream and fails
  /// with the thrown error; nothing follows.
  ///
  /// ```text
  /// upstream  -a-b-c-|
  /// result    -a-x          isIncluded(b) throws x
  /// ```
  ///
  /// - Parameter isIncluded: A closure that takes one element and returns
  ///   whether to republish it, or throws.
  /// - Returns: A publisher that republishes the elements that satisfy the
  ///   closure, and fails with the error the closure throws.
  @inlinable
  public func tryFilter(_ isIncluded: @escaping (Output) throws -> Bool) -> Publishers.TryFilter<Self> {
    Publishers.TryFilter(upstream: self, isIncluded: isIncluded)
  }
}

extension Publishers {
  /// A publisher that republishes the elements that match a predicate.
  public struct Filter<Upstream: Publisher>: Publisher {
    public typealias Output = Upstream.Output

    public typealias Failure = Upstream.Failure

    /// The publisher from which this publisher receives elements.
    public let upstream: Upstream

    /// The closure that tells whether to republish an element.
    public let isIncluded: (Upstream.Output) -> Bool

    /// Creates a publisher that republishes the upstream's elements that satisfy `isIncluded`.
    ///
    /// - Parameters:
    ///   - upstream: The publisher from which this publisher receives elements.
    ///   - isIncluded: The closure that tells whether to republish an element.
    @inlinable
    public init(upstream: Upstream, isIncluded: @escaping (Upstream.Output) -> Bool) {
      self.upstream = upstream
      self.isIncluded = isIncluded
    }

    @inlinable
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
      upstream.subscribe(Inner(downstream: subscriber, isIncluded: isIncluded))
    }
  }

  /// A publisher that republishes the elements that match an error-throwing predicate.
  public struct TryFilter<Upstream: Publisher>: Publisher {
    public typealias Output = Upstream.Output

    public typealias Failure = any Error

    /// The publisher from which this publisher receives elements.
    public let upstream: Upstream

    /// The error-throwing closure that tells whether to republish an element.
    public let isIncluded: (Upstream.Output) throws -> Bool

    /// Creates a publisher that republishes the upstream's elements that
    /// satisfy `isIncluded`, and fails with the error it throws.
    ///
    /// - Parameters:
    ///   - upstream: The publisher from which this publisher receives elements.
    ///   - isIncluded: The error-throwing closure that tells whether to
    ///     republish an element.
    @inlinable
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
  /// - Parameter isIncluded: A closure that takes one element and returns
  ///   whether to republish it.
  /// - Returns: A publisher that republishes the elements that satisfy both closures.
  @inlinable
  public func filter(_ isIncluded: @escaping (Output) -> Bool) -> Publishers.Filter<Upstream> {
    let first = self.isIncluded
    return Publishers.Filter(upstream: upstream) { first($0) && isIncluded($0) }
  }

  /// Republishes the elements that match both this publisher's predicate
  /// and the error-throwing `isIncluded`, in one operator (`tryFilter`
  /// after `filter` fuses).
  ///
  /// - Parameter isIncluded: A closure that takes one element and returns
  ///   whether to republish it, or throws.
  /// - Returns: A publisher that republishes the elements that satisfy both
  ///   closures, and fails with the error `isIncluded` throws.
  @inlinable
  public func tryFilter(_ isIncluded: @escaping (Output) throws -> Bool) -> Publishers.TryFilter<Upstream> {
    let first = self.isIncluded
    return Publishers.TryFilter(upstream: upstream) { try first($0) && isIncluded($0) }
  }
}

extension Publishers.TryFilter {
  /// Republishes the elements that match both this publisher's predicate and
  /// `isIncluded`, in one operator (`filter` after `tryFilter` fuses).
  ///
  /// - Parameter isIncluded: A closure that takes one element and returns
  ///   whether to republish it.
  /// - Returns: A publisher that republishes the elements that satisfy both
  ///   closures, and fails with the error the first predicate throws.
  @inlinable
  public func filter(_ isIncluded: @escaping (Output) -> Bool) -> Publishers.TryFilter<Upstream> {
    let first = self.isIncluded
    return Publishers.TryFilter(upstream: upstream) { try first($0) && isIncluded($0) }
  }

  /// Republishes the elements that match both this publisher's predicate
  /// and the error-throwing `isIncluded`, in one operator (`tryFilter` after
  /// `tryFilter` fuses).
  ///
  /// - Parameter isIncluded: A closure that takes one element and returns
  ///   whether to republish it, or throws.
  /// - Returns: A publisher that republishes the elements that satisfy both
  ///   closures, and fails with the first error thrown.
  @inlinable
  public func tryFilter(_ isIncluded: @escaping (Output) throws -> Bool) -> Publishers.TryFilter<Upstream> {
    let first = self.isIncluded
    return Publishers.TryFilter(upstream: upstream) { try first($0) && isIncluded($0) }
  }
}

extension Publishers.Filter {
  /// Stands between upstream and downstream without a subscription of its
  /// own: the downstream receives the upstream's subscription as is.
  @usableFromInline
  struct Inner<Downstream: Subscriber>: Subscriber, CustomStringConvertible
  where Downstream.Input == Upstream.Output, Downstream.Failure == Upstream.Failure {
    @usableFromInline
    typealias Input = Upstream.Output

    @usableFromInline
    typealias Failure = Upstream.Failure

    @usableFromInline
    let downstream: Downstream

    @usableFromInline
    let isIncluded: (Upstream.Output) -> Bool

    @usableFromInline
    let combineIdentifier: CombineIdentifier

    @usableFromInline
    var description: String { "Filter" }

    @inlinable
    init(downstream: Downstream, isIncluded: @escaping (Upstream.Output) -> Bool) {
      self.downstream = downstream
      self.isIncluded = isIncluded
      combineIdentifier = CombineIdentifier()
    }

    @inlinable
    func receive(subscription: any Subscription) {
      downstream.receive(subscription: subscription)
    }

    @inlinable
    func receive(_ input: Upstream.Output) -> Subscribers.Demand {
      // A dropped element did not use the downstream's demand: ask for another.
      isIncluded(input) ? downstream.receive(input) : .max(1)
    }

    @inlinable
    func receive(completion: Subscribers.Completion<Upstream.Failure>) {
      downstream.receive(completion: completion)
    }
  }
}
