/// What a reducing operator does with each value; ``ReducingInner`` does the rest.
///
/// A reduction is a small value type (a running result and the user's
/// closure). It is touched by one thread at a time: the inner takes it out of
/// its lock, calls ``receive(_:)`` outside the lock, and puts it back.
protocol Reduction: SubscriptionBody {
  /// Folds one value in; may call the user's closure.
  mutating func receive(_ input: Input) -> ReductionStep<Failure>

  /// The value to publish once the reduction is over, or nil to finish without one.
  func result() -> Output?
}

/// What a reduction wants after a value.
enum ReductionStep<Failure: Error> {
  /// Keep reducing.
  case proceed
  /// The result is known: cancel the upstream, publish the result on demand.
  case finish
  /// A closure threw: cancel the upstream, fail at once.
  case fail(Failure)
}

/// The subscription of every reducing operator (`first`, `last`, `collect`,
/// `reduce`, `count`, `min`/`max`, `contains`, `allSatisfy` and their `try`
/// variants), as in Combine: it hands itself to the downstream, then requests
/// `.unlimited` from the upstream, folds each value into its ``Reduction``,
/// and publishes the single result, then `.finished`, once the upstream has
/// finished (or the reduction ended early) *and* the downstream has
/// requested. A failure goes downstream at once, without demand.
///
/// States (each holds only what it still needs):
/// - `awaitingSubscription(downstream, reduction)`: created, no upstream yet;
/// - `accumulating(upstream, downstream, reduction, demanded)`: values are
///   folded in; `demanded` records whether the downstream has asked yet;
/// - `reducing(upstream, downstream, demanded)`: the reduction is out of the
///   lock, in the thread that received a value, running the user's closure;
///   `request` and `cancel` still work from other threads;
/// - `awaitingDemand(downstream, result)`: the upstream is over (finished,
///   or cancelled because the result was known); the result waits for the
///   first demand;
/// - `terminal`: result or failure delivered, or cancelled; holds nothing.
final class ReducingInner<Downstream: Subscriber, Body: Reduction>: Subscriber, Subscription, CustomStringConvertible
where Downstream.Input == Body.Output, Downstream.Failure == Body.Failure {
  typealias Input = Body.Input
  typealias Failure = Body.UpstreamFailure

  private enum State {
    case awaitingSubscription(Downstream, Body)
    case accumulating(any Subscription, Downstream, Body, demanded: Bool)
    case reducing(any Subscription, Downstream, demanded: Bool)
    case awaitingDemand(Downstream, Body.Output?)
    case terminal
  }

  private enum Action {
    case none
    /// A second subscription, or one after the end: cancel it.
    case reject(any Subscription)
    /// The first subscription: introduce ourselves downstream, then request.
    case start(Downstream, upstream: any Subscription)
    /// Cancel the upstream (if any), then publish the result (if any) and finish.
    case publish(Downstream, Body.Output?, cancelling: (any Subscription)?)
    /// Cancel the upstream (if any), then fail.
    case fail(Downstream, Body.Failure, cancelling: (any Subscription)?)
    case cancel(any Subscription)
  }

  private let state: Lock<State>
  private let name: StaticString
  /// What the reduction would publish before any value, shown by the mirror as Combine's `initial`.
  private let initial: Body.Output?

  var description: String { name.description }

  init(_ downstream: Downstream, _ body: Body) {
    name = body.name
    initial = body.result()
    state = Lock(.awaitingSubscription(downstream, body))
  }

  // MARK: Upstream events

  func receive(subscription: any Subscription) {
    perform(
      state.transition { state in
        switch state {
        case let .awaitingSubscription(downstream, body):
          state = .accumulating(subscription, downstream, body, demanded: false)
          return .start(downstream, upstream: subscription)
        case .accumulating, .reducing, .awaitingDemand, .terminal:
          return .reject(subscription)
        }
      }
    )
  }

  func receive(_ input: Input) -> Subscribers.Demand {
    let taken = state.withLock { state -> Body? in
      switch state {
      case let .accumulating(upstream, downstream, body, demanded):
        state = .reducing(upstream, downstream, demanded: demanded)
        return body
      case .awaitingDemand, .terminal:
        return nil  // the reduction is over: late values are ignored
      case .awaitingSubscription, .reducing:
        return nil  // the upstream broke the contract (a value before the subscription, or concurrently)
      }
    }
    guard var body = taken else { return .none }
    let step = body.receive(input)  // the user's closure, outside the lock
    let result: Body.Output?
    if case .finish = step {
      result = body.result()
    } else {
      result = nil
    }
    perform(
      state.transition { state in
        switch state {
        case let .reducing(upstream, downstream, demanded):
          switch step {
          case .proceed:
            state = .accumulating(upstream, downstream, body, demanded: demanded)
            return .none
          case .finish where demanded:
            state = .terminal
            return .publish(downstream, result, cancelling: upstream)
          case .finish:
            state = .awaitingDemand(downstream, result)
            return .cancel(upstream)
          case let .fail(error):
            state = .terminal
            return .fail(downstream, error, cancelling: upstream)
          }
        case .terminal:
          return .none  // cancelled while reducing; `body` is released after the lock
        case .awaitingSubscription, .accumulating, .awaitingDemand:
          preconditionFailure("Bug in \(name): \(state) after reducing a value")
        }
      }
    )
    return .none
  }

  func receive(completion: Subscribers.Completion<Failure>) {
    perform(
      state.transition { state in
        switch state {
        case let .accumulating(_, downstream, body, demanded):
          switch completion {
          case .finished where demanded:
            state = .terminal
            return .publish(downstream, body.result(), cancelling: nil)
          case .finished:
            state = .awaitingDemand(downstream, body.result())
            return .none
          case let .failure(error):
            state = .terminal
            return .fail(downstream, Body.failure(error), cancelling: nil)
          }
        case .awaitingDemand, .terminal:
          return .none  // already over
        case .awaitingSubscription, .reducing:
          return .none  // the upstream broke the contract: ignored
        }
      }
    )
  }

  // MARK: Downstream events

  func request(_ demand: Subscribers.Demand) {
    APIViolation.checkDemand(demand > 0)
    perform(
      state.transition { state in
        switch state {
        case let .accumulating(upstream, downstream, body, _):
          state = .accumulating(upstream, downstream, body, demanded: true)
          return .none
        case let .reducing(upstream, downstream, _):
          state = .reducing(upstream, downstream, demanded: true)
          return .none
        case let .awaitingDemand(downstream, result):
          state = .terminal
          return .publish(downstream, result, cancelling: nil)
        case .awaitingSubscription, .terminal:
          return .none  // the downstream cannot have us yet, or it is over
        }
      }
    )
  }

  func cancel() {
    perform(
      state.transition { state in
        switch state {
        case let .accumulating(upstream, _, _, _), let .reducing(upstream, _, _):
          state = .terminal
          return .cancel(upstream)
        case .awaitingDemand, .awaitingSubscription:
          // Before the upstream's subscription, the cancel holds: that
          // subscription is cancelled when it comes (Combine's request it).
          state = .terminal
          return .none
        case .terminal:
          return .none
        }
      }
    )
  }

  // MARK: Acting

  private func perform(_ action: Action) {
    switch action {
    case .none:
      break
    case let .reject(subscription):
      subscription.cancel()
    case let .start(downstream, upstream):
      downstream.receive(subscription: self)
      let cancelled = state.withLock { state -> Bool in
        if case .terminal = state { return true }
        return false
      }
      if !cancelled {
        upstream.request(.unlimited)
      }
    case let .publish(downstream, result, upstream):
      upstream?.cancel()
      if let result {
        _ = downstream.receive(result)
      }
      downstream.receive(completion: .finished)
    case let .fail(downstream, error, upstream):
      upstream?.cancel()
      downstream.receive(completion: .failure(error))
    case let .cancel(upstream):
      upstream.cancel()
    }
  }
}

extension ReducingInner: CombineReflectable {
  /// What Combine's reducers show: the downstream, the result so far, the
  /// result before any value and the subscription status; `collect()` shows
  /// only how many values it holds.
  var customMirror: Mirror {
    // The reduction leaves the lock as a copy; its result is read after it.
    let (downstream, body, output, status) = state.withLock {
      state -> (Downstream?, Body?, Body.Output?, SubscriptionStatus) in
      switch state {
      case let .awaitingSubscription(downstream, body): (downstream, body, nil, .awaitingSubscription)
      case let .accumulating(upstream, downstream, body, _): (downstream, body, nil, .subscribed(upstream))
      case let .reducing(upstream, downstream, _): (downstream, nil, nil, .subscribed(upstream))
      case let .awaitingDemand(downstream, output): (downstream, nil, output, .terminal)
      case .terminal: (nil, nil, nil, .terminal)
      }
    }
    let result = body?.result() ?? output
    if name.description == "Collect" {
      return Mirror(self, children: ["count": (result as? any Collection)?.count ?? 0])
    }
    return Mirror(
      self,
      children: [
        "downstream": downstream as Any, "result": result as Any, "initial": initial as Any, "status": status,
      ]
    )
  }
}
