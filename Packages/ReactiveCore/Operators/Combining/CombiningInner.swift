// The subscription of every merge and every combineLatest. What a value
// does differs (Publishers.Merge.swift, Publishers.CombineLatest.swift);
// the rest is here.

/// The subscription of every merge (`Merge` to `Merge8`, `MergeMany`) and
/// every combineLatest (`CombineLatest` to `CombineLatest4`):
/// `CombiningStateMachine` behind a lock, and the callouts its actions ask
/// for, made after unlocking.
///
/// Inlinable and created in the inlinable `receive(subscriber:)`, for the
/// same reason as `ZipInner`: a specialised send path, without boxing or
/// allocation per value.
@usableFromInline
final class CombiningInner<Downstream: Subscriber, Values: CombiningValues & ~Copyable>: SpecializedSubscription,
  CustomStringConvertible
where Values.Output == Downstream.Input {
  @usableFromInline
  typealias Machine = CombiningStateMachine<Downstream, any Subscription, Values, Downstream.Failure>

  @usableFromInline
  let state: Lock<Machine>

  /// `request(_:)` and `cancel()` reach specialised code through these
  /// (downstream calls them through `any Subscription`; see `SpecializedEntryPoints`).
  @usableFromInline
  let entryPoints: SpecializedEntryPoints<CombiningInner>

  @usableFromInline
  let description: String

  @inlinable
  init(_ downstream: Downstream, upstreams: Int, description: String) {
    state = Lock(Machine(downstream: downstream, upstreams: upstreams))
    self.description = description
    entryPoints = SpecializedEntryPoints(
      request: { $0.requestSpecialized($1) },
      cancel: { $0.cancelSpecialized() }
    )
  }

  @inlinable
  func receive(subscription: any Subscription, side: Int) {
    let action = state.withLock { $0.upstreamSubscribed(subscription, side: side) }
    perform(consume action)
  }

  @inlinable
  func receive(completion: Subscribers.Completion<Downstream.Failure>, side: Int) {
    let action = state.withLock { $0.upstreamCompleted(side: side, completion) }
    perform(consume action)
  }

  @inlinable
  func requestSpecialized(_ demand: Subscribers.Demand) {
    let action = state.withLock { $0.request(demand) }
    perform(consume action)
  }

  @inlinable
  func cancelSpecialized() {
    let action = state.withLock { $0.cancel() }
    perform(consume action)  // downstream and the values are released here, after the lock
  }

  /// Performs an action after the lock, and the ones it leads to while this
  /// thread delivers.
  @inlinable
  func perform(_ first: consuming Machine.Action) {
    var action = first
    while true {
      // Consumed, not copied: a copy of the generic action goes through
      // its value witnesses (~1,300 instructions per zipped pair).
      switch consume action {
      case .none, .idle, .discard:
        return  // a discarded element is released here, after the lock
      case let .cancelUpstream(subscription):
        subscription.cancel()
        return
      case let .requestUpstream(subscription, demand):
        subscription.request(demand)
        return
      case let .request(links, demand, resume):
        for link in links { link.subscription?.request(demand) }
        guard resume else { return }
        action = state.withLock { $0.resume() }
      case let .cancelUpstreams(subscriptions, leftovers, resume):
        for subscription in subscriptions { subscription.cancel() }
        _ = leftovers  // released here, after the lock
        guard resume else { return }
        action = state.withLock { $0.resume() }
      case let .deliver(downstream, element):
        let additional = downstream.receive(element)
        action = state.withLock { $0.delivered(additional) }
      case let .complete(downstream, completion):
        downstream.receive(completion: completion)
        return
      case let .cancelled(subscriptions, leftovers):
        for subscription in subscriptions { subscription.cancel() }
        _ = leftovers  // released here, after the lock
        return
      }
    }
  }
}

extension CombiningInner: CombineReflectable where Values: ~Copyable {
  /// Shows the downstream and the demand it has not yet received.
  @usableFromInline
  var customMirror: Mirror {
    let (downstream, demand) = state.withLock { ($0.downstream, $0.demand) }
    return Mirror(self, children: ["downstream": downstream as Any, "demand": demand])
  }
}
