/// The decisions of `switchToLatest`'s subscription (`SwitchToLatestInner`),
/// without locks, threads or callouts: each event is a `mutating` method
/// that updates the state and returns what the subscription must do once it
/// has left its lock. Tested alone in SwitchToLatestStateMachineTests.
///
/// What it holds:
/// - `state`: where the operator stands with its upstream (below);
/// - `child`: `none` (no child, or it finished), `pending(generation)`
///   (subscribed to, no subscription yet) or `live(generation, subscription)`.
///   A new child bumps `generation` and cancels the previous one; events of
///   an older generation are ignored;
/// - `outlet`: downstream, its demand and the values waiting for it; tag =
///   the generation of the child that sent the value.
@usableFromInline
package struct SwitchToLatestStateMachine<Downstream: Subscriber, Child: Publisher>: CombiningOutletHolder, ~Copyable
where Child.Output == Downstream.Input, Child.Failure == Downstream.Failure {
  @usableFromInline
  package typealias Failure = Downstream.Failure

  /// Where the operator stands with its upstream.
  @usableFromInline
  package enum State {
    /// Subscribed to, no subscription yet.
    case awaitingSubscription
    case subscribed(any Subscription)
    /// The upstream finished; the current child may still run.
    case finished
    /// Cancelled, or failed: holds nothing.
    case ended
  }

  /// The current inner publisher.
  @usableFromInline
  package enum Current {
    case none
    case pending(Int)
    case live(Int, any Subscription)

    @inlinable
    var generation: Int? {
      switch self {
      case .none: nil
      case let .pending(generation), let .live(generation, _): generation
      }
    }

    @inlinable
    var subscription: (any Subscription)? {
      if case let .live(_, subscription) = self { return subscription }
      return nil
    }
  }

  /// What to do, after the lock, with a subscription that just arrived (the
  /// caller still holds it: it is not carried out of the lock).
  @usableFromInline
  package enum Admission: Equatable, Sendable {
    /// A second subscription, or one that came too late: cancel it.
    case refuse
    /// Keep it and request this much from it.
    case request(Subscribers.Demand)
    /// Keep it; request nothing now (downstream has no demand left).
    case keep
  }

  /// What the subscription does after the lock.
  @usableFromInline
  package enum Action: ~Copyable {
    case none
    /// Start following a new child: cancel the previous one, then subscribe
    /// to the new child with this generation.
    case switchTo(generation: Int, cancelling: (any Subscription)?)
    /// Request from this subscription (if any), then drain if `drain`.
    case request((any Subscription)?, Subscribers.Demand, drain: Bool)
    /// Drain: something is due downstream.
    case drain
    /// The result ended: cancel these (the child, then the upstream, as
    /// Combine cancels them), drain if `drain`, and release `released`.
    case end(cancelling: [any Subscription], drain: Bool, released: Released)
  }

  /// Where the demand downstream returns for a delivered value goes.
  @usableFromInline
  package enum DemandRoute {
    /// Back to the child that sent the value, as its `receive` result.
    case toSender
    /// Requested from the current child (none: dropped).
    case request((any Subscription)?)
  }

  /// What an event takes out of the state only to release it after the lock.
  @usableFromInline
  package struct Released: ~Copyable {
    @usableFromInline
    package var values: [(value: Downstream.Input, tag: Int)]
    @usableFromInline
    package var downstream: Downstream?

    @inlinable
    package init(values: [(value: Downstream.Input, tag: Int)] = [], downstream: Downstream? = nil) {
      self.values = values
      self.downstream = downstream
    }
  }

  @usableFromInline
  package var state = State.awaitingSubscription
  @usableFromInline
  var outlet: CombiningOutlet<Downstream, Int>
  @usableFromInline
  package var child = Current.none
  @usableFromInline
  var generation = 0

  @inlinable
  package init(downstream: Downstream) {
    outlet = CombiningOutlet(downstream)
  }

  /// Whether the result still runs (neither completed nor cancelled).
  @inlinable
  package var isOpen: Bool { outlet.isOpen }

  /// The current child's subscription, to pass demand on to.
  @inlinable
  package var currentSubscription: (any Subscription)? { child.subscription }

  // MARK: Upstream

  @inlinable
  package mutating func receive(subscription: any Subscription) -> Admission {
    guard case .awaitingSubscription = state else { return .refuse }
    state = .subscribed(subscription)
    return .request(.unlimited)
  }

  /// A new inner publisher from the upstream: it replaces the current one.
  @inlinable
  package mutating func receiveChild() -> Action {
    guard outlet.isOpen, case .subscribed = state else { return .none }
    generation += 1
    defer { child = .pending(generation) }
    return .switchTo(generation: generation, cancelling: child.subscription)
  }

  /// The upstream finished: the result finishes once the current child
  /// does. A completion that comes before the upstream's subscription counts
  /// too, as in Combine (the downstream already has its subscription).
  @inlinable
  package mutating func upstreamFinished() -> Action {
    switch state {
    case .awaitingSubscription, .subscribed: state = .finished
    case .finished, .ended: return .none
    }
    guard case .none = child else { return .none }
    return outlet.finish() ? .drain : .none
  }

  /// Fails the result. The publisher that failed (the upstream, or the
  /// child of generation `fromChild`) is over: it is not cancelled.
  @inlinable
  package mutating func fail(_ error: Failure, fromChild generation: Int?) -> Action {
    if let generation {
      guard child.generation == generation else { return .none }
      child = .none
    } else {
      switch state {
      case .awaitingSubscription, .subscribed: state = .finished
      case .finished, .ended: return .none
      }
    }
    let (drain, dropped) = outlet.fail(error)
    return .end(cancelling: end(), drain: drain, released: Released(values: dropped))
  }

  // MARK: Children

  @inlinable
  package mutating func childReceived(subscription: any Subscription, generation: Int) -> Admission {
    guard case .pending(generation) = child else { return .refuse }
    child = .live(generation, subscription)
    let demand = outlet.demandBeyondQueue
    return demand > 0 ? .request(demand) : .keep
  }

  /// A value of the child of `generation`: queued for downstream; true if
  /// the caller must drain. A value the current child sends before its
  /// subscription breaks the contract; Combine does not trap on it, so it
  /// is ignored.
  @inlinable
  package mutating func childValue(_ value: Downstream.Input, generation: Int) -> Bool {
    guard child.generation == generation else { return false }
    if case .pending = child { return false }
    return outlet.enqueue(value, tag: generation)
  }

  /// Where the demand returned for a value of generation `tag` goes, when
  /// the drain runs on the thread of the child of `sender`.
  @inlinable
  package func route(valueOf tag: Int, sender: Int) -> DemandRoute {
    // This child's own value, and the child is still current: the demand goes back to it.
    if tag == sender, case .live(sender, _) = child { return .toSender }
    return .request(child.subscription)
  }

  /// Traps if the current child is `generation` and completes before its
  /// subscription.
  @inlinable
  package func checkCompletion(generation: Int) {
    if child.generation == generation { checkSubscribed(event: "a completion") }
  }

  @inlinable
  package mutating func childFinished(generation: Int) -> Action {
    guard child.generation == generation else { return .none }
    child = .none
    guard case .finished = state else { return .none }
    return outlet.finish() ? .drain : .none
  }

  // MARK: Downstream

  @inlinable
  package mutating func request(_ demand: Subscribers.Demand) -> Action {
    .request(child.subscription, demand, drain: outlet.add(demand))
  }

  @inlinable
  package mutating func cancel() -> Action {
    let cancelled = end()
    let (downstream, values) = outlet.cancel()
    return .end(cancelling: cancelled, drain: false, released: Released(values: values, downstream: downstream))
  }

  // MARK: Helpers

  /// Traps when the current child completes before its subscription: the
  /// publisher broke the contract, and Combine traps on such a completion.
  @inlinable
  func checkSubscribed(event: String) {
    if case .pending = child {
      preconditionFailure(
        "API violation: SwitchToLatest received \(event) from an inner publisher before its subscription"
      )
    }
  }

  /// Ends everything; returns the subscriptions to cancel after the lock,
  /// the child's before the upstream's.
  @inlinable
  mutating func end() -> [any Subscription] {
    var cancelled: [any Subscription] = []
    if let subscription = child.subscription { cancelled.append(subscription) }
    if case let .subscribed(subscription) = state { cancelled.append(subscription) }
    state = .ended
    child = .none
    return cancelled
  }
}
