/// The state shared by `prefix(untilOutputFrom:)` and `drop(untilOutputFrom:)`:
/// the downstream's outlet, the link to the upstream and the link to the
/// trigger (the other publisher). Both operators end the same way when the
/// upstream completes.
protocol TriggeredOperatorState: CombiningOutletHolder {
  var upstream: CombiningLink { get set }
  var trigger: CombiningLink { get set }
}

extension TriggeredOperatorState {
  /// Ends both links; returns the subscriptions to cancel after the lock.
  mutating func end() -> [any Subscription] {
    defer {
      upstream = .ended
      trigger = .ended
    }
    return [upstream.subscription, trigger.subscription].compactMap { $0 }
  }

  /// The upstream completed: the completion goes downstream after any waiting
  /// values (a failure drops them), and the trigger is cancelled.
  mutating func upstreamCompleted(_ completion: Subscribers.Completion<Downstream.Failure>) -> CombiningAftermath {
    guard case .subscribed = upstream else { return .none }
    var after = CombiningAftermath()
    switch completion {
    case .finished:
      after.drain = outlet.finish()
    case let .failure(error):
      let (drain, dropped) = outlet.fail(error)
      after.drain = drain
      after.released.append(dropped)
    }
    upstream = .finished
    after.cancelled = end()
    return after
  }
}
