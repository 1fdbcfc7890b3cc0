// The subscription of `CombineLatest`, `CombineLatest3` and `CombineLatest4`.
// Their declarations (the public structs, the `combineLatest` operators, the
// typed latest values) are generated into Publishers.CombineLatest+Arities.swift;
// the decisions are CombineLatestStateMachine's.

/// The subscription of every combineLatest: `CombineLatestStateMachine`
/// behind a lock, and the callouts its actions ask for, made after unlocking.
///
/// Inlinable and created in the inlinable `receive(subscriber:)`, for the
/// same reason as `ZipInner`: a specialised send path, without boxing or
/// allocation per value.
@usableFromInline
final class CombineLatestInner<Downstream: Subscriber, Latest: CombineLatestValues>: SpecializedSubscription,
  CustomStringConvertible
where Latest.Output == Downstream.Input {
  @usableFromInline
  typealias Machine = CombineLatestStateMachine<Downstream, any Subscription, Latest, Downstream.Failure>

  @usableFromInline
  let state: Lock<Machine>

  /// `request(_:)` and `cancel()` reach specialised code through these
  /// (downstream calls them through `any Subscription`; see `SpecializedEntryPoints`).
  @usableFromInline
  let entryPoints: SpecializedEntryPoints<CombineLatestInner>

  @usableFromInline
  var description: String { "CombineLatest" }

  @inlinable
  init(_ downstream: Downstream, upstreams: Int) {
    state = Lock(Machine(downstream: downstream, upstreams: upstreams))
    entryPoints = SpecializedEntryPoints(
      request: { $0.requestSpecialized($1) },
      cancel: { $0.cancelSpecialized() }
    )
  }

  @inlinable
  func receive(subscription: any Subscription, side: Int) {
    let action = state.withLock { $0.upstreamSubscribed(subscription, side: side) }
    perform(action)
  }

  /// A value of upstream `side`; `store` swaps it with that upstream's
  /// latest value, so that the previous one is released after the lock.
  @inlinable
  func receive<Input>(_ input: Input, side: Int, store: (inout Latest, inout Input?) -> Void) -> Subscribers.Demand {
    var slot: Input? = input
    let action = state.withLock { machine in
      machine.valueArrived(side: side) { store(&$0, &slot) }
    }
    perform(action)
    return .none  // the previous value in `slot` is released here, after the lock
  }

  @inlinable
  func receive(completion: Subscribers.Completion<Downstream.Failure>, side: Int) {
    let action = state.withLock { $0.upstreamCompleted(side: side, completion) }
    perform(action)
  }

  @inlinable
  func requestSpecialized(_ demand: Subscribers.Demand) {
    let action = state.withLock { $0.request(demand) }
    perform(action)
  }

  @inlinable
  func cancelSpecialized() {
    let action = state.withLock { $0.cancel() }
    perform(action)  // downstream and the values are released here, after the lock
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
        return  // a discarded combination is released here, after the lock
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
      case let .deliver(downstream, combination):
        let additional = downstream.receive(combination)
        action = state.withLock { $0.delivered(additional) }
      case let .complete(downstream, completion, leftovers):
        downstream.receive(completion: completion)
        _ = leftovers  // released here, after the lock
        return
      case let .cancelled(subscriptions, leftovers):
        for subscription in subscriptions { subscription.cancel() }
        _ = leftovers  // released here, after the lock
        return
      }
    }
  }

  /// The subscriber a combineLatest attaches to each of its upstreams.
  @usableFromInline
  struct Side<Input>: Subscriber, CustomStringConvertible {
    @usableFromInline
    typealias Failure = Downstream.Failure

    @usableFromInline
    let inner: CombineLatestInner
    @usableFromInline
    let side: Int
    /// Swaps a value with this upstream's latest: formed once, in
    /// `receive(subscriber:)`, where the values' type is known.
    @usableFromInline
    let store: (inout Latest, inout Input?) -> Void
    @usableFromInline
    let combineIdentifier = CombineIdentifier()

    @inlinable
    init(inner: CombineLatestInner, side: Int, store: @escaping (inout Latest, inout Input?) -> Void) {
      self.inner = inner
      self.side = side
      self.store = store
    }

    @usableFromInline
    var description: String { inner.description }

    @inlinable
    func receive(subscription: any Subscription) {
      inner.receive(subscription: subscription, side: side)
    }

    @inlinable
    func receive(_ input: Input) -> Subscribers.Demand {
      inner.receive(input, side: side, store: store)
    }

    @inlinable
    func receive(completion: Subscribers.Completion<Failure>) {
      inner.receive(completion: completion, side: side)
    }
  }
}

extension CombineLatestInner: CombineReflectable {
  /// Shows the downstream and the demand it has not yet received.
  @usableFromInline
  var customMirror: Mirror {
    let (downstream, demand) = state.withLock { ($0.downstream, $0.demand) }
    return Mirror(self, children: ["downstream": downstream as Any, "demand": demand])
  }
}

extension CombineLatestInner.Side: CustomReflectable, CustomPlaygroundDisplayConvertible {
  /// The mirror of the subscription it feeds.
  @usableFromInline
  var customMirror: Mirror { inner.customMirror }
  @usableFromInline
  var playgroundDescription: Any { inner.playgroundDescription }
}
