/// The subscription shared by the mapping operators that must stand between
/// their upstream and their downstream: those whose closure may throw
/// (`tryMap`, `tryFilter`, `tryCompactMap`, `tryScan`, `tryRemoveDuplicates`),
/// and `removeDuplicates`, which carries the previous value from one value to
/// the next. (`scan` hands its upstream's subscription through, as Combine's
/// does: `Publishers.Scan.Inner`.)
///
/// Each value goes through `step`, which receives the payload (the user's
/// closure, plus any running state) and returns the value to publish, or nil
/// to drop it and ask upstream for one more (`.max(1)`). A step that throws
/// cancels the upstream and fails the downstream with the error.
///
/// How strictly it polices its callers follows Combine, operator by operator
/// (see ``Contract``): a value before the subscription traps in the
/// filter-like ones, as in Combine, and is ignored by `tryMap` and `tryScan`,
/// where Combine does not trap.
///
/// States:
/// - `awaitingSubscription(downstream, payload)`: created, no upstream yet;
/// - `subscribed(upstream, downstream, payload)`: values flow;
/// - `terminal`: completed, failed by `step`, or cancelled; holds nothing.
///
/// `step` and `mapFailure` are closures that capture nothing (the user's
/// closures ride in the payload, which the terminal state releases).
@usableFromInline
final class MappingInner<Input, UpstreamFailure: Error, Downstream: Subscriber, Payload>: Subscriber, Subscription,
  CustomStringConvertible
{
  @usableFromInline
  typealias Failure = UpstreamFailure

  /// What the operator checks, as Combine does for it.
  @usableFromInline
  enum Contract: Sendable {
    /// `tryMap`, `tryScan`: demand goes to the upstream as is,
    /// `.none` included (the upstream decides whether it traps), and a
    /// value or a completion before the subscription is ignored.
    case mapping
    /// The filter-like operators (`tryFilter`, `tryCompactMap`,
    /// `removeDuplicates`, `tryRemoveDuplicates`): `request(.none)` and a
    /// completion before the subscription trap.
    case filtering
  }

  /// Turns one upstream value into the value to publish; nil drops it.
  @usableFromInline
  typealias Step = (inout Payload, Input) throws(Downstream.Failure) -> Downstream.Input?

  @usableFromInline
  enum State {
    case awaitingSubscription(Downstream, Payload)
    case subscribed(any Subscription, Downstream, Payload)
    case terminal
  }

  @usableFromInline
  let state: Lock<State>

  @usableFromInline
  let step: Step

  @usableFromInline
  let mapFailure: (UpstreamFailure) -> Downstream.Failure

  /// Whether `step` changes the payload, which must then be stored back.
  @usableFromInline
  let keepsState: Bool

  @usableFromInline
  let name: StaticString

  @usableFromInline
  let contract: Contract

  @usableFromInline
  var description: String { name.description }

  @inlinable
  init(
    _ downstream: Downstream,
    payload: Payload,
    name: StaticString,
    contract: Contract,
    keepsState: Bool = false,
    mapFailure: @escaping (UpstreamFailure) -> Downstream.Failure,
    step: @escaping Step
  ) {
    state = Lock(.awaitingSubscription(downstream, payload))
    self.name = name
    self.contract = contract
    self.keepsState = keepsState
    self.mapFailure = mapFailure
    self.step = step
  }

  @inlinable
  func receive(subscription: any Subscription) {
    let downstream = state.withLock { state -> Downstream? in
      switch state {
      case let .awaitingSubscription(downstream, payload):
        state = .subscribed(subscription, downstream, payload)
        return downstream
      case .subscribed, .terminal:
        return nil
      }
    }
    guard let downstream else {
      // A second subscription, or one after the end: not wanted.
      subscription.cancel()
      return
    }
    downstream.receive(subscription: self)
  }

  @inlinable
  func receive(_ input: Input) -> Subscribers.Demand {
    var early = false
    let taken = state.withLock { state -> (Downstream, Payload)? in
      switch state {
      case let .subscribed(_, downstream, payload):
        return (downstream, payload)
      case .awaitingSubscription:
        early = true  // the upstream broke the contract: trapped after the lock
        return nil
      case .terminal:
        return nil  // over: ignored
      }
    }
    // Combine's filter-like operators trap here. Its `tryMap` and `tryScan` do not:
    // they hand the value to a downstream that has no subscription yet, which
    // breaks the contract, so ours ignore it (Docs/ReactiveCore.md lists it).
    precondition(!early || contract == .mapping, "API violation: \(name) received a value before its subscription")
    guard case (let downstream, var payload)? = taken else { return .none }
    let output: Downstream.Input?
    do {
      output = try step(&payload, input)
    } catch {
      fail(with: error)
      return .none
    }
    if keepsState {
      store(payload)
    }
    guard let output else { return .max(1) }
    return downstream.receive(output)
  }

  @inlinable
  func receive(completion: Subscribers.Completion<UpstreamFailure>) {
    let ended = state.withLock { state -> State? in
      switch state {
      case .subscribed:
        defer { state = .terminal }
        return state
      case .awaitingSubscription:
        return nil  // too early: decided after the lock, the subscription may still come
      case .terminal:
        return .terminal
      }
    }
    guard let ended else {
      precondition(contract == .mapping, "API violation: \(name) received a completion before its subscription")
      return  // Combine's `tryMap` and `tryScan` ignore it
    }
    guard case let .subscribed(_, downstream, _) = ended else { return }
    switch completion {
    case .finished:
      downstream.receive(completion: .finished)
    case let .failure(error):
      downstream.receive(completion: .failure(mapFailure(error)))
    }
  }

  @inlinable
  func request(_ demand: Subscribers.Demand) {
    APIViolation.checkDemand(demand > 0 || contract == .mapping)
    let upstream = state.withLock { state -> (any Subscription)? in
      switch state {
      case let .subscribed(upstream, _, _):
        return upstream
      case .awaitingSubscription, .terminal:
        return nil
      }
    }
    upstream?.request(demand)
  }

  @inlinable
  func cancel() {
    let ended = end()
    if case let .subscribed(upstream, _, _) = ended {
      upstream.cancel()
    }
    // Downstream and payload are released here, after the lock.
  }

  /// Moves to `terminal` and returns what was there, to use and release after the lock.
  @inlinable
  func end() -> State {
    state.exchange(.terminal)
  }

  /// The step threw: cancel the upstream, fail the downstream.
  @inlinable
  func fail(with error: Downstream.Failure) {
    let ended = end()
    guard case let .subscribed(upstream, downstream, _) = ended else { return }
    upstream.cancel()
    downstream.receive(completion: .failure(error))
  }

  /// Stores the payload that `step` changed, unless the subscription ended meanwhile.
  @inlinable
  func store(_ payload: Payload) {
    let replaced = state.withLock { state -> Payload? in
      switch state {
      case let .subscribed(upstream, downstream, old):
        state = .subscribed(upstream, downstream, payload)
        return old
      case .awaitingSubscription, .terminal:
        return nil
      }
    }
    _ = replaced  // the previous payload is released here, after the lock
  }
}

extension MappingInner: CombineReflectable {
  /// The children Combine shows for each operator: none for `tryMap`; the
  /// downstream for `tryFilter` and `tryCompactMap`; the downstream, the
  /// status and the running result for `tryScan`; the downstream
  /// and the previous element for `removeDuplicates`. The running state is a
  /// field of the payload the operator gave, found by its label.
  @usableFromInline
  var customMirror: Mirror {
    let (downstream, payload, status) = state.withLock { state -> (Downstream?, Payload?, SubscriptionStatus) in
      switch state {
      case let .awaitingSubscription(downstream, payload): (downstream, payload, .awaitingSubscription)
      case let .subscribed(upstream, downstream, payload): (downstream, payload, .subscribed(upstream))
      case .terminal: (nil, nil, .terminal)
      }
    }
    // The running state, by its label in the payload: the result of a tryScan,
    // the previous element of removeDuplicates (shown as the field is, as in
    // Combine: `0`, `nil`); nil once released.
    func running(_ label: String) -> Any { mirrorChild(payload.flatMap { Mirror(reflecting: $0).descendant(label) }) }
    switch name.description {
    case "TryMap": return Mirror(childless: self)
    case "TryScan":
      return Mirror(self, children: ["downstream": downstream as Any, "status": status, "result": running("result")])
    case "RemoveDuplicates", "TryRemoveDuplicates":
      return Mirror(self, children: ["downstream": downstream as Any, "last": running("previous")])
    default: return Mirror(self, children: ["downstream": downstream as Any])
    }
  }
}
