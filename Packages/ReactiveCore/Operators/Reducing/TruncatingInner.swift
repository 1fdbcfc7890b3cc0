/// What a truncating operator does with each value; ``TruncatingInner`` does the rest.
///
/// Like a ``Reduction``, a truncation is a small value type touched by one
/// thread at a time, outside the inner's lock.
protocol Truncation: SubscriptionBody where Output == Input {
  /// Whether `request(.none)` traps, as in Combine's `prefix(while:)` and
  /// `drop(while:)`; otherwise it goes to the upstream as is (`output(in:)`).
  var zeroDemandTraps: Bool { get }

  /// Whether a value or a completion before the subscription traps, as in
  /// Combine's `prefix(while:)`; otherwise it is ignored.
  var earlyEventsTrap: Bool { get }

  /// Decides the fate of one value; may call the user's closure.
  mutating func receive(_ input: Input) -> TruncationStep<Failure>
}

/// What a truncation wants done with a value.
enum TruncationStep<Failure: Error> {
  /// Pass the value downstream.
  case forward
  /// Pass the value downstream, then cancel the upstream and finish: it was
  /// the last one wanted.
  case forwardThenFinish
  /// Drop the value, and ask the upstream for one more in its place.
  case skip
  /// Drop the value, cancel the upstream and finish.
  case finish
  /// A closure threw: cancel the upstream and fail.
  case fail(Failure)
}

/// The subscription of the operators that pass values through until they
/// decide to stop, or that skip some (`output(in:)`, `prefix(_:)`,
/// `prefix(while:)`, `drop(while:)` and their `try` variants), as in Combine:
/// the downstream's demand goes to the upstream as is; a skipped value asks
/// the upstream for `.max(1)` more; the end cancels the upstream. What it
/// checks of its callers follows Combine, operator by operator (see
/// ``Truncation/zeroDemandTraps`` and ``Truncation/earlyEventsTrap``).
///
/// States (`Phase`), and what each keeps in the stored properties (the
/// others are nil):
/// - `awaitingSubscription`: `downstream`, `body`; created, no upstream yet;
/// - `forwarding`: `upstream`, `downstream`, `body`; subscribed;
/// - `deciding`: `upstream`, `downstream`; the truncation is out of the
///   lock, in the thread that received a value; `request` and `cancel` still
///   work;
/// - `deliveringLast`: `downstream`; the upstream is cancelled and the
///   range's last value is on its way down; a `cancel()` from inside that
///   delivery ends it here, and no completion follows (nothing after cancel);
/// - `terminal`: completed or cancelled; holds nothing.
///
/// The generic parts live in stored properties beside a payload-free phase
/// (see "Generic payloads cost code" in Docs/Internals.md). Every property is
/// touched only under `lock`; what a transition takes out leaves the lock in
/// a tuple and is released after it.
final class TruncatingInner<Downstream: Subscriber, Body: Truncation>: Subscriber, Subscription,
  CustomStringConvertible
where Downstream.Input == Body.Input, Downstream.Failure == Body.Failure {
  typealias Input = Body.Input
  typealias Failure = Body.UpstreamFailure

  private enum Phase: UInt8 {
    case awaitingSubscription, forwarding, deciding, deliveringLast, terminal
  }

  private let lock = StateLock()
  @exclusivity(unchecked) private var phase = Phase.awaitingSubscription
  @exclusivity(unchecked) private var upstream: (any Subscription)?
  @exclusivity(unchecked) private var downstream: Downstream?
  @exclusivity(unchecked) private var body: Body?
  private let name: StaticString
  private let zeroDemandTraps: Bool
  private let earlyEventsTrap: Bool

  var description: String { name.description }

  init(_ downstream: Downstream, _ body: Body) {
    name = body.name
    zeroDemandTraps = body.zeroDemandTraps
    earlyEventsTrap = body.earlyEventsTrap
    self.downstream = downstream
    self.body = body
  }

  // MARK: Upstream events

  func receive(subscription: any Subscription) {
    let started: Downstream? = lock.withLock {
      guard phase == .awaitingSubscription else { return nil }
      phase = .forwarding
      upstream = subscription
      return downstream
    }
    guard let started else {
      subscription.cancel()
      return
    }
    started.receive(subscription: self)
  }

  func receive(_ input: Input) -> Subscribers.Demand {
    var early = false
    let taken: Body? = lock.withLock {
      switch phase {
      case .forwarding:
        phase = .deciding
        return body.take()
      case .terminal, .deliveringLast:
        return nil  // over: late values are ignored
      case .awaitingSubscription:
        early = true  // the upstream broke the contract: decided after the lock
        return nil
      case .deciding:
        return nil  // the upstream broke the contract (concurrent values): ignored
      }
    }
    precondition(!early || !earlyEventsTrap, "API violation: \(name) received a value before its subscription")
    guard var body = taken else { return .none }
    let step = body.receive(input)  // the user's closure, outside the lock
    var truncation: Body? = body  // put back, or released after the lock
    var decided = false
    var target: Downstream? = nil
    var cancelled: (any Subscription)? = nil
    var ending: Ending = (nil, nil, nil)
    lock.withLock {
      switch phase {
      case .deciding:
        decided = true
        switch step {
        case .forward:
          phase = .forwarding
          self.body = truncation.take()
          target = downstream
        case .forwardThenFinish:
          phase = .deliveringLast
          target = downstream
          cancelled = upstream.take()
        case .skip:
          phase = .forwarding
          self.body = truncation.take()
        case .finish, .fail:
          ending = takeEnding()
        }
      case .terminal:
        break  // cancelled while deciding; the truncation is released after the lock
      case .awaitingSubscription, .forwarding, .deliveringLast:
        preconditionFailure("Bug in \(name): \(phase) after deciding on a value")
      }
    }
    _ = truncation
    guard decided else { return .none }
    switch step {
    case .forward:
      return target?.receive(input) ?? .none
    case .forwardThenFinish:
      guard let target else { return .none }
      cancelled?.cancel()
      _ = target.receive(input)
      // Finish unless the downstream cancelled from inside that receive.
      let last: Ending = lock.withLock {
        guard phase == .deliveringLast else { return (nil, nil, nil) }
        return takeEnding()
      }
      if last.downstream != nil {
        target.receive(completion: .finished)
      }
      return .none
    case .skip:
      return .max(1)
    case .finish:
      ending.upstream?.cancel()
      ending.downstream?.receive(completion: .finished)
      return .none
    case let .fail(error):
      ending.upstream?.cancel()
      ending.downstream?.receive(completion: .failure(error))
      return .none
    }
  }

  func receive(completion: Subscribers.Completion<Failure>) {
    var early = false
    let ending: Ending = lock.withLock {
      switch phase {
      case .forwarding:
        return takeEnding()
      case .terminal, .deliveringLast:
        return (nil, nil, nil)  // already over (the upstream was cancelled)
      case .awaitingSubscription:
        early = true  // the upstream broke the contract: decided after the lock
        return (nil, nil, nil)
      case .deciding:
        return (nil, nil, nil)  // the upstream broke the contract (concurrent events): ignored
      }
    }
    precondition(!early || !earlyEventsTrap, "API violation: \(name) received a completion before its subscription")
    guard let downstream = ending.downstream else { return }
    switch completion {
    case .finished:
      downstream.receive(completion: .finished)
    case let .failure(error):
      downstream.receive(completion: .failure(Body.failure(error)))
    }
  }

  // MARK: Downstream events

  func request(_ demand: Subscribers.Demand) {
    APIViolation.checkDemand(demand > 0 || !zeroDemandTraps)
    let upstream: (any Subscription)? = lock.withLock {
      switch phase {
      case .forwarding, .deciding:
        return self.upstream
      case .awaitingSubscription, .deliveringLast, .terminal:
        return nil
      }
    }
    upstream?.request(demand)
  }

  func cancel() {
    // In `deliveringLast` the upstream is already cancelled and the finish
    // will not follow. Before the subscription, the cancel holds: the
    // subscription, when it comes, is cancelled (as Combine's
    // prefix(while:) does).
    let ending: Ending = lock.withLock {
      guard phase != .terminal else { return (nil, nil, nil) }
      return takeEnding()
    }
    ending.upstream?.cancel()
  }

  // MARK: Acting

  /// What the subscription held when it ended, released after the lock.
  private typealias Ending = (downstream: Downstream?, upstream: (any Subscription)?, body: Body?)

  /// Under the lock: the subscription is over; what it held leaves with the ending.
  private func takeEnding() -> Ending {
    phase = .terminal
    return (downstream.take(), upstream.take(), body.take())
  }
}

extension TruncatingInner: CombineReflectable {
  /// `prefix(while:)` and `tryPrefix(while:)` show their downstream, as in
  /// Combine; `drop(while:)` and `output(in:)` show no children.
  var customMirror: Mirror {
    guard name.description.hasSuffix("PrefixWhile") else { return Mirror(childless: self) }
    let downstream: Downstream? = lock.withLock { self.downstream }
    return Mirror(self, children: ["downstream": downstream as Any])
  }
}
