/// The state of `prefix(untilOutputFrom:)` and `drop(untilOutputFrom:)`:
/// the downstream's outlet, the link to the upstream, the link to the
/// trigger (the other publisher), and whether the trigger has emitted
/// (read by `drop(untilOutputFrom:)`; `prefix(untilOutputFrom:)` finishes
/// at the trigger's value instead). Both operators end the same way when
/// the upstream completes.
///
/// One type for both, and not copyable: a type declared costs its value
/// witnesses in every binary, and a noncopyable one has no copy witnesses
/// (see Docs/Internals.md, "Generic payloads cost code").
struct TriggeredState<Downstream: Subscriber>: CombiningOutletHolder, ~Copyable {
  typealias Tag = Void

  var outlet: CombiningOutlet<Downstream, Void>
  var upstream = CombiningLink.awaiting
  var trigger = CombiningLink.awaiting
  var triggered = false

  init(_ downstream: Downstream) {
    outlet = CombiningOutlet(downstream)
  }

  /// Ends both links; returns the subscriptions to cancel after the lock.
  mutating func end() -> [any Subscription] {
    defer {
      upstream = .ended
      trigger = .ended
    }
    return [upstream.subscription, trigger.subscription].compactMap { $0 }
  }

  /// The upstream completed: the completion goes downstream after any waiting
  /// values (a failure drops them), and the trigger is cancelled. A
  /// completion that comes before the upstream's subscription counts too, as
  /// in Combine.
  mutating func upstreamCompleted(_ completion: Subscribers.Completion<Downstream.Failure>) -> CombiningAftermath {
    guard upstream.finishUnlessOver() else { return .none }
    return complete(completion)
  }

  /// The result ends with `completion`, after any waiting values (a failure
  /// drops them); the links still open are cancelled after the lock.
  mutating func complete(_ completion: Subscribers.Completion<Downstream.Failure>) -> CombiningAftermath {
    var after = CombiningAftermath()
    switch completion {
    case .finished:
      after.drain = outlet.finish()
    case let .failure(error):
      let (drain, dropped) = outlet.fail(error)
      after.drain = drain
      after.released.append(dropped)
    }
    after.cancelled = end()
    return after
  }
}

/// The subscription of `prefix(untilOutputFrom:)` or `drop(untilOutputFrom:)`:
/// what both do the same way with the trigger's subscription, downstream's
/// requests and cancel, and what is left to do after the lock. Each keeps
/// its own handling of values, of the upstream's subscription and of the
/// trigger's value and completion.
protocol TriggeredOperatorInner: Subscription {
  associatedtype Downstream: Subscriber
  var state: Lock<TriggeredState<Downstream>> { get }
}

extension TriggeredOperatorInner {
  /// The trigger is asked for one value; a second subscription is cancelled.
  func receiveTrigger(subscription: any Subscription) {
    let accepted = state.withLock { state -> Bool in
      guard case .awaiting = state.trigger else { return false }
      state.trigger = .subscribed(subscription)
      return true
    }
    guard accepted else { return subscription.cancel() }
    subscription.request(.max(1))
  }

  /// `request(.none)` is accepted and passed to the upstream, as in Combine.
  func request(_ demand: Subscribers.Demand) {
    guard demand > 0 else {
      state.withLock { $0.upstream.subscription }?.request(demand)
      return
    }
    let (drain, upstream) = state.withLock { state in
      (state.outlet.add(demand), state.upstream.subscription)
    }
    upstream?.request(demand)
    if drain { state.drain(delivered: forward) }
  }

  func cancel() {
    let after = state.withLock { state -> CombiningAftermath in
      let (downstream, queued) = state.outlet.cancel()
      return CombiningAftermath(cancelled: state.end(), released: [downstream as Any, queued])
    }
    act(after)  // the downstream and the values are released after the lock
  }

  /// The upstream completed: see ``TriggeredState/upstreamCompleted(_:)``.
  func upstreamCompleted(_ completion: Subscribers.Completion<Downstream.Failure>) {
    act(state.withLock { $0.upstreamCompleted(completion) })
  }

  /// After the lock: cancels what the state ended, then delivers if it claimed the delivery.
  func act(_ after: CombiningAftermath) {
    for subscription in after.cancelled { subscription.cancel() }
    if after.drain { state.drain(delivered: forward) }
  }

  /// After a value reached downstream: passes the additional demand to the upstream.
  private func forward(_: Void, additional: Subscribers.Demand) {
    guard additional > 0 else { return }
    state.withLock { $0.upstream.subscription }?.request(additional)
  }
}
