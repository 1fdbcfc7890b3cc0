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
/// It is a ``SubscriptionLink`` whose payload is the user's closure (and any
/// running state): `awaitingSubscription`, then `subscribed` while values
/// flow, then `terminal` once completed, failed by `step`, or cancelled.
///
/// `step` and `mapFailure` are closures that capture nothing (the user's
/// closures ride in the payload, which the terminal state releases).
@usableFromInline
final class MappingInner<Input, UpstreamFailure: Error, Downstream: Subscriber, Payload>:
  SubscriptionLink<Downstream, Payload>, Subscriber, Subscription, CustomStringConvertible
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
    self.name = name
    self.contract = contract
    self.keepsState = keepsState
    self.mapFailure = mapFailure
    self.step = step
    super.init(downstream, payload: payload)
  }

  @inlinable
  func receive(subscription: any Subscription) {
    accept(subscription, handing: self)  // a second subscription, or one after the end, is cancelled
  }

  @inlinable
  func receive(_ input: Input) -> Subscribers.Demand {
    var early = false
    let taken: (Downstream, Payload)? = lock.withLock {
      switch phase {
      case .subscribed:
        guard let downstream, let payload else { return nil }
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
    var early = false
    let ending: Parts = lock.withLock {
      switch phase {
      case .subscribed:
        return takeParts()
      case .awaitingSubscription:
        early = true  // too early: decided after the lock, the subscription may still come
        return (nil, nil, nil)
      case .terminal:
        return (nil, nil, nil)
      }
    }
    if early {
      precondition(contract == .mapping, "API violation: \(name) received a completion before its subscription")
      return  // Combine's `tryMap` and `tryScan` ignore it
    }
    guard let downstream = ending.downstream else { return }
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
    subscription?.request(demand)
  }

  @inlinable
  func cancel() {
    let ended = end()
    ended.upstream?.cancel()
    // Downstream and payload are released here, after the lock.
  }

  /// The step threw: cancel the upstream, fail the downstream.
  @inlinable
  func fail(with error: Downstream.Failure) {
    let ended = end()
    guard let upstream = ended.upstream, let downstream = ended.downstream else { return }
    upstream.cancel()
    downstream.receive(completion: .failure(error))
  }

  /// Stores the payload that `step` changed, unless the subscription ended meanwhile.
  @inlinable
  func store(_ payload: Payload) {
    var replaced: Payload? = payload
    lock.withLock {
      if phase == .subscribed { swap(&replaced, &self.payload) }
    }
    _ = replaced  // the previous payload (or the unstored one) is released here, after the lock
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
    let (downstream, payload, status): (Downstream?, Payload?, SubscriptionStatus) = lock.withLock {
      let status: SubscriptionStatus =
        switch phase {
        case .awaitingSubscription: .awaitingSubscription
        case .subscribed: upstream.map { .subscribed($0) } ?? .terminal
        case .terminal: .terminal
        }
      return (self.downstream, self.payload, status)
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
