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
/// States:
/// - `awaitingSubscription(downstream, truncation)`: created, no upstream yet;
/// - `forwarding(upstream, downstream, truncation)`: subscribed;
/// - `deciding(upstream, downstream)`: the truncation is out of the lock, in
///   the thread that received a value; `request` and `cancel` still work;
/// - `deliveringLast(downstream)`: the upstream is cancelled and the range's
///   last value is on its way down; a `cancel()` from inside that delivery
///   ends it here, and no completion follows (nothing after cancel);
/// - `terminal`: completed or cancelled; holds nothing.
final class TruncatingInner<Downstream: Subscriber, Body: Truncation>: Subscriber, Subscription,
  CustomStringConvertible
where Downstream.Input == Body.Input, Downstream.Failure == Body.Failure {
  typealias Input = Body.Input
  typealias Failure = Body.UpstreamFailure

  private enum State {
    case awaitingSubscription(Downstream, Body)
    case forwarding(any Subscription, Downstream, Body)
    case deciding(any Subscription, Downstream)
    case deliveringLast(Downstream)
    case terminal
  }

  private enum Action {
    case none
    case reject(any Subscription)
    case start(Downstream)
    case forward(Downstream)
    /// Cancel the upstream, deliver the value, then finish.
    case forwardThenComplete(Downstream, cancelling: any Subscription)
    case skip
    case cancel(any Subscription)
    /// Cancel the upstream (if any), then complete.
    case complete(Downstream, Subscribers.Completion<Body.Failure>, cancelling: (any Subscription)?)
  }

  private let state: Lock<State>
  private let name: StaticString
  private let zeroDemandTraps: Bool
  private let earlyEventsTrap: Bool

  var description: String { name.description }

  init(_ downstream: Downstream, _ body: Body) {
    name = body.name
    zeroDemandTraps = body.zeroDemandTraps
    earlyEventsTrap = body.earlyEventsTrap
    state = Lock(.awaitingSubscription(downstream, body))
  }

  // MARK: Upstream events

  func receive(subscription: any Subscription) {
    _ = perform(
      state.transition { state in
        switch state {
        case let .awaitingSubscription(downstream, body):
          state = .forwarding(subscription, downstream, body)
          return .start(downstream)
        case .forwarding, .deciding, .deliveringLast, .terminal:
          return .reject(subscription)
        }
      },
      nil
    )
  }

  func receive(_ input: Input) -> Subscribers.Demand {
    var early = false
    let taken = state.withLock { state -> Body? in
      switch state {
      case let .forwarding(upstream, downstream, body):
        state = .deciding(upstream, downstream)
        return body
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
    return perform(
      state.transition { state in
        switch state {
        case let .deciding(upstream, downstream):
          switch step {
          case .forward:
            state = .forwarding(upstream, downstream, body)
            return .forward(downstream)
          case .forwardThenFinish:
            state = .deliveringLast(downstream)
            return .forwardThenComplete(downstream, cancelling: upstream)
          case .skip:
            state = .forwarding(upstream, downstream, body)
            return .skip
          case .finish:
            state = .terminal
            return .complete(downstream, .finished, cancelling: upstream)
          case let .fail(error):
            state = .terminal
            return .complete(downstream, .failure(error), cancelling: upstream)
          }
        case .terminal:
          return .none  // cancelled while deciding; `body` is released after the lock
        case .awaitingSubscription, .forwarding, .deliveringLast:
          preconditionFailure("Bug in \(name): \(state) after deciding on a value")
        }
      },
      input
    )
  }

  func receive(completion: Subscribers.Completion<Failure>) {
    var early = false
    let action = state.transition { state -> Action in
      switch state {
      case let .forwarding(_, downstream, _):
        state = .terminal
        switch completion {
        case .finished:
          return .complete(downstream, .finished, cancelling: nil)
        case let .failure(error):
          return .complete(downstream, .failure(Body.failure(error)), cancelling: nil)
        }
      case .terminal, .deliveringLast:
        return .none  // already over (the upstream was cancelled)
      case .awaitingSubscription:
        early = true  // the upstream broke the contract: decided after the lock
        return .none
      case .deciding:
        return .none  // the upstream broke the contract (concurrent events): ignored
      }
    }
    precondition(!early || !earlyEventsTrap, "API violation: \(name) received a completion before its subscription")
    _ = perform(action, nil)
  }

  // MARK: Downstream events

  func request(_ demand: Subscribers.Demand) {
    APIViolation.checkDemand(demand > 0 || !zeroDemandTraps)
    let upstream = state.withLock { state -> (any Subscription)? in
      switch state {
      case let .forwarding(upstream, _, _), let .deciding(upstream, _):
        return upstream
      case .awaitingSubscription, .deliveringLast, .terminal:
        return nil
      }
    }
    upstream?.request(demand)
  }

  func cancel() {
    _ = perform(
      state.transition { state in
        switch state {
        case let .forwarding(upstream, _, _), let .deciding(upstream, _):
          state = .terminal
          return .cancel(upstream)
        case .deliveringLast:
          state = .terminal  // the upstream is already cancelled; the finish will not follow
          return .none
        case .awaitingSubscription:
          // The cancel holds: the subscription, when it comes, is cancelled
          // (as Combine's prefix(while:) does); downstream and body are
          // released after the lock.
          state = .terminal
          return .none
        case .terminal:
          return .none
        }
      },
      nil
    )
  }

  // MARK: Acting

  /// Acts after the lock; returns the demand to give back to the upstream.
  private func perform(_ action: Action, _ input: Input?) -> Subscribers.Demand {
    switch action {
    case .none:
      return .none
    case let .reject(subscription):
      subscription.cancel()
      return .none
    case let .start(downstream):
      downstream.receive(subscription: self)
      return .none
    case let .forward(downstream):
      guard let input else { preconditionFailure("Bug in \(name): forwarding without a value") }
      return downstream.receive(input)
    case let .forwardThenComplete(downstream, upstream):
      guard let input else { preconditionFailure("Bug in \(name): forwarding without a value") }
      upstream.cancel()
      _ = downstream.receive(input)
      // Finish unless the downstream cancelled from inside that receive.
      let (finishes, replaced) = state.withLock { state -> (Bool, State) in
        guard case .deliveringLast = state else { return (false, .terminal) }
        defer { state = .terminal }
        return (true, state)
      }
      _ = replaced  // released after the lock
      if finishes {
        downstream.receive(completion: .finished)
      }
      return .none
    case .skip:
      return .max(1)
    case let .cancel(upstream):
      upstream.cancel()
      return .none
    case let .complete(downstream, completion, upstream):
      upstream?.cancel()
      downstream.receive(completion: completion)
      return .none
    }
  }
}

extension TruncatingInner: CombineReflectable {
  /// `prefix(while:)` and `tryPrefix(while:)` show their downstream, as in
  /// Combine; `drop(while:)` and `output(in:)` show no children.
  var customMirror: Mirror {
    guard name.description.hasSuffix("PrefixWhile") else { return Mirror(childless: self) }
    let downstream = state.withLock { state -> Downstream? in
      switch state {
      case let .awaitingSubscription(downstream, _), let .forwarding(_, downstream, _), let .deciding(_, downstream),
        let .deliveringLast(downstream):
        downstream
      case .terminal: nil
      }
    }
    return Mirror(self, children: ["downstream": downstream as Any])
  }
}
