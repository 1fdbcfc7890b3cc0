extension Publisher {
  /// Transforms each value into a publisher, and republishes the values of
  /// all those publishers, interleaved as they arrive.
  ///
  /// `maxPublishers` bounds how many of them run at once: the operator
  /// requests that many values from the upstream, and one more each time an
  /// inner publisher finishes. Each inner publisher is asked for one value at
  /// a time (for `.unlimited` while downstream demand is unlimited), so at
  /// most one value per inner publisher waits for downstream demand.
  ///
  /// ```text
  /// upstream  -a-----b---|
  /// inner(a)   -1--2-|
  /// inner(b)         -3-4|
  /// result    --1--2--3-4|
  /// ```
  ///
  /// A failure of the upstream or of any inner publisher cancels every other
  /// subscription and fails the result at once.
  ///
  /// - Parameters:
  ///   - maxPublishers: The maximum number of inner publishers subscribed to at once.
  ///   - transform: A closure that turns a value into a publisher.
  /// - Returns: A publisher that republishes the values of the publishers `transform` returns.
  @inlinable
  public func flatMap<T, P: Publisher>(
    maxPublishers: Subscribers.Demand = .unlimited,
    _ transform: @escaping (Output) -> P
  ) -> Publishers.FlatMap<P, Self> where T == P.Output, Failure == P.Failure {
    Publishers.FlatMap(upstream: self, maxPublishers: maxPublishers, transform: transform)
  }
}

extension Publisher where Failure == Never {
  /// Transforms each value into a publisher that cannot fail, and
  /// republishes the values of all those publishers.
  ///
  /// The demand rules are those of the general `flatMap(maxPublishers:_:)`.
  ///
  /// - Parameters:
  ///   - maxPublishers: The maximum number of inner publishers subscribed to at once.
  ///   - transform: A closure that turns a value into a publisher.
  /// - Returns: A publisher that republishes the values of the publishers `transform` returns.
  @inlinable
  public func flatMap<P: Publisher>(
    maxPublishers: Subscribers.Demand = .unlimited,
    _ transform: @escaping (Output) -> P
  ) -> Publishers.FlatMap<P, Self> where P.Failure == Never {
    Publishers.FlatMap(upstream: self, maxPublishers: maxPublishers, transform: transform)
  }
}

extension Publisher where Failure == Never {
  /// Transforms each value into a publisher that can fail, and republishes
  /// the values of all those publishers; this upstream, which cannot fail,
  /// takes their failure type.
  ///
  /// - Parameters:
  ///   - maxPublishers: The maximum number of inner publishers subscribed to at once.
  ///   - transform: A closure that turns a value into a publisher.
  /// - Returns: A publisher that republishes the values of the publishers `transform` returns.
  @inlinable
  public func flatMap<P: Publisher>(
    maxPublishers: Subscribers.Demand = .unlimited,
    _ transform: @escaping (Output) -> P
  ) -> Publishers.FlatMap<P, Publishers.SetFailureType<Self, P.Failure>> {
    Publishers.FlatMap(
      upstream: Publishers.SetFailureType(upstream: self),
      maxPublishers: maxPublishers,
      transform: transform
    )
  }
}

extension Publisher {
  /// Transforms each value into a publisher that cannot fail, and
  /// republishes the values of all those publishers with this publisher's
  /// failure type.
  ///
  /// - Parameters:
  ///   - maxPublishers: The maximum number of inner publishers subscribed to at once.
  ///   - transform: A closure that turns a value into a publisher.
  /// - Returns: A publisher that republishes the values of the publishers `transform` returns.
  @inlinable
  public func flatMap<P: Publisher>(
    maxPublishers: Subscribers.Demand = .unlimited,
    _ transform: @escaping (Output) -> P
  ) -> Publishers.FlatMap<Publishers.SetFailureType<P, Failure>, Self> where P.Failure == Never {
    Publishers.FlatMap(upstream: self, maxPublishers: maxPublishers) { value in
      Publishers.SetFailureType(upstream: transform(value))
    }
  }
}

extension Publishers {
  /// The publisher returned by `flatMap`: each upstream value becomes an
  /// inner publisher, and the values of all inner publishers are merged.
  public struct FlatMap<NewPublisher: Publisher, Upstream: Publisher>: Publisher
  where NewPublisher.Failure == Upstream.Failure {
    public typealias Output = NewPublisher.Output
    public typealias Failure = Upstream.Failure

    /// The publisher this operator subscribes to.
    public let upstream: Upstream

    /// How many inner publishers may be subscribed to at the same time.
    public let maxPublishers: Subscribers.Demand

    /// Called with each upstream value; returns the inner publisher for it.
    public let transform: (Upstream.Output) -> NewPublisher

    /// Creates a publisher that maps each upstream value to an inner publisher
    /// and merges their values.
    ///
    /// - Parameters:
    ///   - upstream: The publisher this operator subscribes to.
    ///   - maxPublishers: How many inner publishers may be subscribed to at the same time.
    ///   - transform: A closure that turns an element into a publisher.
    @inlinable
    public init(
      upstream: Upstream,
      maxPublishers: Subscribers.Demand,
      transform: @escaping (Upstream.Output) -> NewPublisher
    ) {
      self.upstream = upstream
      self.maxPublishers = maxPublishers
      self.transform = transform
    }

    public func receive<S: Subscriber>(subscriber: S)
    where NewPublisher.Output == S.Input, Upstream.Failure == S.Failure {
      let inner = FlatMapInner<S, Upstream, NewPublisher>(
        subscriber,
        maxPublishers: maxPublishers,
        transform: transform
      )
      subscriber.receive(subscription: inner)
      upstream.subscribe(inner)
    }
  }
}

/// Where a combining operator stands with one of its upstreams.
enum CombiningLink {
  /// Subscribed to, no subscription yet.
  case awaiting
  case subscribed(any Subscription)
  /// The upstream completed.
  case finished
  /// Cancelled, or over because the result ended.
  case ended

  var subscription: (any Subscription)? {
    if case let .subscribed(subscription) = self { return subscription }
    return nil
  }
}

/// The subscription of `FlatMap`. Its state:
/// - `outlet`: downstream, its demand, and the values waiting for it (see
///   `CombiningOutlet`); tag = the index of the inner publisher;
/// - `upstream`: `awaiting` → `subscribed` → `finished` (or `ended` on
///   cancel or failure);
/// - `children`: one slot per inner publisher subscribed to and not yet
///   finished: `pending` until its subscription arrives, then
///   `live(subscription, unlimited)` (`unlimited`: it was asked for
///   `.unlimited`, so it gets no `.max(1)` after each value);
/// - `transform`: nil once the result ended.
///
/// The result finishes when the upstream finished and no child is left; it
/// fails at the first failure, cancelling the upstream and every child.
private final class FlatMapInner<Downstream: Subscriber, Upstream: Publisher, Child: Publisher>: Subscriber,
  Subscription, CustomStringConvertible, @unchecked Sendable
where Child.Output == Downstream.Input, Child.Failure == Upstream.Failure, Upstream.Failure == Downstream.Failure {
  // @unchecked Sendable: the mutable state is behind `state`.
  typealias Input = Upstream.Output
  typealias Failure = Upstream.Failure

  enum Slot {
    case pending
    case live(any Subscription, unlimited: Bool)
  }

  struct State: CombiningOutletHolder, @unchecked Sendable {
    var outlet: CombiningOutlet<Downstream, Int>
    var upstream = CombiningLink.awaiting
    var children: [Int: Slot] = [:]
    var nextIndex = 0
    var transform: ((Input) -> Child)?

    /// Ends everything; returns the subscriptions to cancel after the lock.
    mutating func end() -> [any Subscription] {
      var cancelled: [any Subscription] = []
      if let subscription = upstream.subscription { cancelled.append(subscription) }
      for case let .live(subscription, _) in children.values { cancelled.append(subscription) }
      upstream = .ended
      children = [:]
      return cancelled
    }
  }

  let state: Lock<State>
  let maxPublishers: Subscribers.Demand

  var description: String { "FlatMap" }

  init(_ downstream: Downstream, maxPublishers: Subscribers.Demand, transform: @escaping (Input) -> Child) {
    state = Lock(State(outlet: CombiningOutlet(downstream), transform: transform))
    self.maxPublishers = maxPublishers
  }

  // MARK: Upstream

  func receive(subscription: any Subscription) {
    let accepted = state.withLock { state -> Bool in
      guard case .awaiting = state.upstream else { return false }
      state.upstream = .subscribed(subscription)
      return true
    }
    guard accepted else { return subscription.cancel() }
    if maxPublishers > 0 { subscription.request(maxPublishers) }
  }

  func receive(_ input: Input) -> Subscribers.Demand {
    guard let transform = state.withLock({ $0.outlet.isOpen ? $0.transform : nil }) else { return .none }
    let child = transform(input)
    let index = state.withLock { state -> Int? in
      guard state.outlet.isOpen else { return nil }
      defer { state.nextIndex += 1 }
      state.children[state.nextIndex] = .pending
      return state.nextIndex
    }
    guard let index else { return .none }
    child.subscribe(FlatMapChild(inner: self, index: index))
    return .none
  }

  func receive(completion: Subscribers.Completion<Failure>) {
    switch completion {
    case .finished:
      let (drain, transform) = state.withLock { state -> (Bool, ((Input) -> Child)?) in
        guard case .subscribed = state.upstream else { return (false, nil) }
        state.upstream = .finished
        guard state.children.isEmpty else { return (false, nil) }
        defer { state.transform = nil }
        return (state.outlet.finish(), state.transform)
      }
      _ = transform  // released after the lock
      if drain { state.drain(delivered: requestOneMore) }
    case let .failure(error):
      fail(error)
    }
  }

  private func fail(_ error: Failure) {
    let (drain, cancelled, dropped, transform) = state.withLock { state in
      let (drain, dropped) = state.outlet.fail(error)
      defer { state.transform = nil }
      return (drain, state.end(), dropped, state.transform)
    }
    for subscription in cancelled { subscription.cancel() }
    _ = (dropped, transform)  // released after the lock
    if drain { state.drain(delivered: requestOneMore) }
  }

  // MARK: Children

  func receiveChild(subscription: any Subscription, index: Int) {
    let demand = state.withLock { state -> Subscribers.Demand? in
      guard case .pending = state.children[index] else { return nil }
      let unlimited = state.outlet.demand == .unlimited
      state.children[index] = .live(subscription, unlimited: unlimited)
      return unlimited ? .unlimited : .max(1)
    }
    guard let demand else { return subscription.cancel() }
    subscription.request(demand)
  }

  func receiveChild(_ input: Child.Output, index: Int) -> Subscribers.Demand {
    if state.withLock({ $0.outlet.enqueue(input, tag: index) }) {
      state.drain(delivered: requestOneMore)
    }
    return .none
  }

  func receiveChild(completion: Subscribers.Completion<Failure>, index: Int) {
    if case let .failure(error) = completion { return fail(error) }
    let (drain, upstream, transform) = state.withLock { state -> (Bool, (any Subscription)?, ((Input) -> Child)?) in
      guard state.children.removeValue(forKey: index) != nil else { return (false, nil, nil) }
      switch state.upstream {
      case .finished where state.children.isEmpty:
        defer { state.transform = nil }
        return (state.outlet.finish(), nil, state.transform)
      case let .subscribed(subscription) where maxPublishers != .unlimited:
        return (false, subscription, nil)
      case .awaiting, .subscribed, .finished, .ended:
        return (false, nil, nil)
      }
    }
    _ = transform  // released after the lock
    upstream?.request(.max(1))
    if drain { state.drain(delivered: requestOneMore) }
  }

  /// After a child's value reached downstream: asks that child for the next one.
  private func requestOneMore(index: Int, _: Subscribers.Demand) {
    let subscription = state.withLock { state -> (any Subscription)? in
      guard case let .live(subscription, unlimited: false) = state.children[index] else { return nil }
      return subscription
    }
    subscription?.request(.max(1))
  }

  // MARK: Subscription

  func request(_ demand: Subscribers.Demand) {
    precondition(demand > 0, "API violation: demand must be greater than zero")
    let (drain, raised) = state.withLock { state -> (Bool, [any Subscription]) in
      let drain = state.outlet.add(demand)
      guard state.outlet.demand == .unlimited else { return (drain, []) }
      var raised: [any Subscription] = []
      for (index, slot) in state.children {
        if case let .live(subscription, unlimited: false) = slot {
          state.children[index] = .live(subscription, unlimited: true)
          raised.append(subscription)
        }
      }
      return (drain, raised)
    }
    for subscription in raised { subscription.request(.unlimited) }
    if drain { state.drain(delivered: requestOneMore) }
  }

  func cancel() {
    let (cancelled, taken, transform) = state.withLock { state in
      defer { state.transform = nil }
      return (state.end(), state.outlet.cancel(), state.transform)
    }
    for subscription in cancelled { subscription.cancel() }
    _ = (taken, transform)  // released after the lock
  }
}

/// The subscriber `FlatMap` attaches to each inner publisher.
private struct FlatMapChild<Downstream: Subscriber, Upstream: Publisher, Child: Publisher>: Subscriber,
  CustomStringConvertible
where Child.Output == Downstream.Input, Child.Failure == Upstream.Failure, Upstream.Failure == Downstream.Failure {
  typealias Input = Child.Output
  typealias Failure = Child.Failure

  let inner: FlatMapInner<Downstream, Upstream, Child>
  let index: Int
  let combineIdentifier = CombineIdentifier()

  var description: String { "FlatMap" }

  func receive(subscription: any Subscription) {
    inner.receiveChild(subscription: subscription, index: index)
  }

  func receive(_ input: Input) -> Subscribers.Demand {
    inner.receiveChild(input, index: index)
  }

  func receive(completion: Subscribers.Completion<Failure>) {
    inner.receiveChild(completion: completion, index: index)
  }
}
