extension Publisher where Output: Publisher, Output.Failure == Failure {
  /// Republishes the values of the most recent publisher the upstream
  /// published, cancelling the previous one.
  ///
  /// The upstream is asked for `.unlimited`; the current inner publisher is
  /// asked for what downstream requested and no value has consumed yet.
  ///
  /// ```text
  /// upstream  -A----B-----|
  /// A          -1-2--3          (cancelled when B arrives)
  /// B               --4-|
  /// result    --1-2---4---|
  /// ```
  ///
  /// The result finishes when the upstream and the current inner publisher
  /// have finished; any failure cancels everything and fails the result.
  ///
  /// - Returns: A publisher that republishes the values of the latest inner publisher.
  @inlinable
  public func switchToLatest() -> Publishers.SwitchToLatest<Output, Self> {
    Publishers.SwitchToLatest(upstream: self)
  }
}

extension Publisher where Failure == Never, Output: Publisher, Output.Failure == Never {
  /// Republishes the values of the most recent publisher the upstream
  /// published, cancelling the previous one.
  ///
  /// The rules are those of the general `switchToLatest()`.
  ///
  /// - Returns: A publisher that republishes the values of the latest inner publisher.
  @inlinable
  public func switchToLatest() -> Publishers.SwitchToLatest<Output, Self> {
    Publishers.SwitchToLatest(upstream: self)
  }
}

extension Publisher where Failure == Never, Output: Publisher {
  /// Republishes the values of the most recent publisher the upstream
  /// published; this upstream, which cannot fail, takes their failure type.
  ///
  /// - Returns: A publisher that republishes the values of the latest inner publisher.
  @inlinable
  public func switchToLatest() -> Publishers.SwitchToLatest<Output, Publishers.SetFailureType<Self, Output.Failure>> {
    Publishers.SwitchToLatest(upstream: Publishers.SetFailureType(upstream: self))
  }
}

extension Publisher where Output: Publisher, Output.Failure == Never {
  /// Republishes the values of the most recent publisher the upstream
  /// published, which cannot fail, with this publisher's failure type.
  ///
  /// - Returns: A publisher that republishes the values of the latest inner publisher.
  @inlinable
  public func switchToLatest()
    -> Publishers.SwitchToLatest<
      Publishers.SetFailureType<Output, Failure>,
      Publishers.Map<Self, Publishers.SetFailureType<Output, Failure>>
    >
  {
    Publishers.SwitchToLatest(
      upstream: Publishers.Map(upstream: self) { Publishers.SetFailureType(upstream: $0) }
    )
  }
}

extension Publishers {
  /// A publisher that flattens nested publishers, republishing only the
  /// values of the most recent one.
  public struct SwitchToLatest<P: Publisher, Upstream: Publisher>: Publisher
  where P == Upstream.Output, P.Failure == Upstream.Failure {
    public typealias Output = P.Output
    public typealias Failure = P.Failure

    /// The publisher this operator subscribes to.
    public let upstream: Upstream

    /// Creates a publisher that follows only the newest inner publisher.
    ///
    /// - Parameter upstream: The publisher this operator subscribes to.
    @inlinable
    public init(upstream: Upstream) {
      self.upstream = upstream
    }

    public func receive<S: Subscriber>(subscriber: S) where P.Output == S.Input, Upstream.Failure == S.Failure {
      let inner = SwitchToLatestInner<S, P>(subscriber)
      subscriber.receive(subscription: inner)
      upstream.subscribe(inner)
    }
  }
}

/// The subscription of `SwitchToLatest`. Its state:
/// - `outlet`: downstream, its demand and the values waiting for it; tag =
///   the generation of the child that sent the value;
/// - `upstream`: `awaiting` → `subscribed` → `finished` (or `ended`);
/// - `child`: `none` (no child, or it finished), `pending(generation)`
///   (subscribed to, no subscription yet) or `live(generation, subscription)`.
///   A new child bumps `generation` and cancels the previous one; events of
///   an older generation are ignored.
private final class SwitchToLatestInner<Downstream: Subscriber, Child: Publisher>: Subscriber, Subscription,
  CustomStringConvertible, @unchecked Sendable
where Child.Output == Downstream.Input, Child.Failure == Downstream.Failure {
  // @unchecked Sendable: the mutable state is behind `state`.
  typealias Input = Child
  typealias Failure = Child.Failure

  enum Current {
    case none
    case pending(Int)
    case live(Int, any Subscription)

    var generation: Int? {
      switch self {
      case .none: nil
      case let .pending(generation), let .live(generation, _): generation
      }
    }

    var subscription: (any Subscription)? {
      if case let .live(_, subscription) = self { return subscription }
      return nil
    }
  }

  struct State: CombiningOutletHolder, @unchecked Sendable {
    var outlet: CombiningOutlet<Downstream, Int>
    var upstream = CombiningLink.awaiting
    var child = Current.none
    var generation = 0

    /// Ends everything; returns the subscriptions to cancel after the lock,
    /// the child's before the upstream's, as Combine cancels them.
    mutating func end() -> [any Subscription] {
      let cancelled = [child.subscription, upstream.subscription].compactMap { $0 }
      upstream = .ended
      child = .none
      return cancelled
    }
  }

  let state: Lock<State>

  var description: String { "SwitchToLatest" }

  init(_ downstream: Downstream) {
    state = Lock(State(outlet: CombiningOutlet(downstream)))
  }

  // MARK: Upstream

  func receive(subscription: any Subscription) {
    let accepted = state.withLock { state -> Bool in
      guard case .awaiting = state.upstream else { return false }
      state.upstream = .subscribed(subscription)
      return true
    }
    guard accepted else { return subscription.cancel() }
    subscription.request(.unlimited)
  }

  func receive(_ input: Child) -> Subscribers.Demand {
    let switched = state.withLock { state -> (generation: Int, previous: (any Subscription)?)? in
      guard state.outlet.isOpen, case .subscribed = state.upstream else { return nil }
      state.generation += 1
      defer { state.child = .pending(state.generation) }
      return (state.generation, state.child.subscription)
    }
    guard let switched else { return .none }
    switched.previous?.cancel()
    input.subscribe(SwitchToLatestChild(inner: self, generation: switched.generation))
    return .none
  }

  func receive(completion: Subscribers.Completion<Failure>) {
    switch completion {
    case .finished:
      let drain = state.withLock { state -> Bool in
        guard case .subscribed = state.upstream else { return false }
        state.upstream = .finished
        guard case .none = state.child else { return false }
        return state.outlet.finish()
      }
      if drain { state.drain(delivered: forward) }
    case let .failure(error):
      fail(error, fromChild: nil)
    }
  }

  /// Fails the result. The publisher that failed (the upstream, or the
  /// child of generation `fromChild`) is over: it is not cancelled.
  private func fail(_ error: Failure, fromChild generation: Int?) {
    let (drain, cancelled, dropped) = state.withLock { state in
      if let generation {
        guard state.child.generation == generation else { return (false, [any Subscription](), []) }
        state.child = .none
      } else {
        switch state.upstream {
        case .awaiting, .subscribed: state.upstream = .finished
        case .finished, .ended: return (false, [], [])
        }
      }
      let (drain, dropped) = state.outlet.fail(error)
      return (drain, state.end(), dropped)
    }
    for subscription in cancelled { subscription.cancel() }
    _ = dropped  // released after the lock
    if drain { state.drain(delivered: forward) }
  }

  // MARK: Children

  func receiveChild(subscription: any Subscription, generation: Int) {
    let demand = state.withLock { state -> Subscribers.Demand? in
      guard case .pending(generation) = state.child else { return nil }
      state.child = .live(generation, subscription)
      return state.outlet.demandBeyondQueue
    }
    guard let demand else { return subscription.cancel() }
    if demand > 0 { subscription.request(demand) }
  }

  /// A value of a child. As in Combine, the demand downstream returns for
  /// it is returned to that child rather than requested from it; a value
  /// that finds no demand waits in the outlet, so downstream never gets
  /// more than it asked for, even from a child that ignores demand.
  func receiveChild(_ input: Child.Output, generation: Int) -> Subscribers.Demand {
    let drain = state.withLock { state -> Bool in
      guard state.child.generation == generation else { return false }
      checkSubscribed(state.child, event: "a value")
      return state.outlet.enqueue(input, tag: generation)
    }
    guard drain else { return .none }
    return state.drain { tag, additional in
      guard additional > 0 else { return .none }
      let (toSender, current) = state.withLock { state -> (Bool, (any Subscription)?) in
        // This child's own value, and the child is still current: the demand goes back to it.
        if tag == generation, case .live(generation, _) = state.child { return (true, nil) }
        return (false, state.child.subscription)
      }
      if toSender { return additional }
      current?.request(additional)
      return .none
    }
  }

  func receiveChild(completion: Subscribers.Completion<Failure>, generation: Int) {
    state.withLock { state in
      if state.child.generation == generation { checkSubscribed(state.child, event: "a completion") }
    }
    if case let .failure(error) = completion {
      return fail(error, fromChild: generation)
    }
    let drain = state.withLock { state -> Bool in
      guard state.child.generation == generation else { return false }
      state.child = .none
      guard case .finished = state.upstream else { return false }
      return state.outlet.finish()
    }
    if drain { state.drain(delivered: forward) }
  }

  /// Traps when the current child sends an event before its subscription:
  /// the publisher broke the contract. Combine traps on such a completion,
  /// and on such a value when downstream has no demand.
  private func checkSubscribed(_ child: Current, event: String) {
    if case .pending = child {
      preconditionFailure(
        "API violation: SwitchToLatest received \(event) from an inner publisher before its subscription"
      )
    }
  }

  /// After a value reached downstream: passes the additional demand to the current child.
  private func forward(_: Int, additional: Subscribers.Demand) {
    guard additional > 0 else { return }
    state.withLock { $0.child.subscription }?.request(additional)
  }

  // MARK: Subscription

  func request(_ demand: Subscribers.Demand) {
    precondition(demand > 0, "API violation: demand must be greater than zero")
    let (drain, child) = state.withLock { state in
      (state.outlet.add(demand), state.child.subscription)
    }
    child?.request(demand)
    if drain { state.drain(delivered: forward) }
  }

  func cancel() {
    let (cancelled, taken) = state.withLock { state in
      (state.end(), state.outlet.cancel())
    }
    for subscription in cancelled { subscription.cancel() }
    _ = taken  // released after the lock
  }
}

/// The subscriber `SwitchToLatest` attaches to each inner publisher.
private struct SwitchToLatestChild<Downstream: Subscriber, Child: Publisher>: Subscriber, CustomStringConvertible
where Child.Output == Downstream.Input, Child.Failure == Downstream.Failure {
  typealias Input = Child.Output
  typealias Failure = Child.Failure

  let inner: SwitchToLatestInner<Downstream, Child>
  let generation: Int
  let combineIdentifier = CombineIdentifier()

  var description: String { "SwitchToLatest" }

  func receive(subscription: any Subscription) {
    inner.receiveChild(subscription: subscription, generation: generation)
  }

  func receive(_ input: Input) -> Subscribers.Demand {
    inner.receiveChild(input, generation: generation)
  }

  func receive(completion: Subscribers.Completion<Failure>) {
    inner.receiveChild(completion: completion, generation: generation)
  }
}

extension SwitchToLatestInner: CombineReflectable {
  /// Shows no children, as Combine's `switchToLatest`.
  var customMirror: Mirror { Mirror(childless: self) }
}

extension SwitchToLatestChild: CombineReflectable {
  /// Shows the identity of the subscription it feeds, as Combine's `switchToLatest`.
  var customMirror: Mirror { Mirror(self, children: ["parentSubscription": inner.combineIdentifier]) }
}
