public import ReactiveCore
import SharedMachinery

extension Publisher where Failure == Never {
  /// Turns ``Signal`` values back into events: publishes each `.value`,
  /// and ends with the completion a `.finished` or `.failure` signal carries.
  ///
  /// After a completion signal, the upstream is cancelled and what it
  /// publishes is ignored. If the upstream finishes first, the result
  /// finishes. The subscriber's demand goes to the upstream as it is.
  ///
  /// ```text
  /// upstream  -A-B-F      -A-X-B    A = .value(a), F = .finished, X = .failure(x)
  /// result    -a-b-|      -a-x
  /// ```
  ///
  /// - Returns: A publisher of the values and the completion the signals carry.
  public func dematerialize<Value, SignalFailure>() -> Publishers.Dematerialize<Self, Value, SignalFailure>
  where Output == Signal<Value, SignalFailure> {
    Publishers.Dematerialize(upstream: self)
  }
}

extension Publishers {
  /// A publisher that turns its upstream's ``Signal`` values back into events.
  public struct Dematerialize<Upstream: Publisher, Output, Failure: Error>: Publisher
  where Upstream.Output == Signal<Output, Failure>, Upstream.Failure == Never {
    /// The publisher of signals.
    public let upstream: Upstream

    /// Creates a publisher of the events that the signals of `upstream` carry.
    ///
    /// - Parameter upstream: The publisher of signals.
    public init(upstream: Upstream) {
      self.upstream = upstream
    }

    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
      upstream.subscribe(DematerializeInner<S>(downstream: subscriber))
    }
  }
}

/// The subscription of ``Publishers/Dematerialize``.
private final class DematerializeInner<Downstream: Subscriber>: Subscriber, Subscription, CustomStringConvertible,
  @unchecked Sendable
{
  // @unchecked Sendable: all mutable state is under `state`'s lock.
  typealias Input = Signal<Downstream.Input, Downstream.Failure>
  typealias Failure = Never

  private enum State {
    case awaitingSubscription(Downstream)
    case subscribed(Downstream, upstream: any Subscription)
    case ended  // completed or cancelled: holds nothing
  }

  private enum Action {
    case none
    case subscribe(Downstream)
    case request(any Subscription, Subscribers.Demand)
    case cancel(any Subscription)
    case value(Downstream, Downstream.Input)
    /// Cancels the upstream if given (a completion signal), then completes;
    /// what it carries is released after the lock.
    case complete(Downstream, Subscribers.Completion<Downstream.Failure>, cancelling: (any Subscription)?)
    case end(Downstream, any Subscription)
  }

  private let state: Lock<State>

  init(downstream: Downstream) {
    state = Lock(.awaitingSubscription(downstream))
  }

  var description: String { "Dematerialize" }

  func receive(subscription: any Subscription) {
    let action = state.withLock { state -> Action in
      switch state {
      case let .awaitingSubscription(downstream):
        state = .subscribed(downstream, upstream: subscription)
        return .subscribe(downstream)
      case .subscribed, .ended:
        return .cancel(subscription)  // a second subscription
      }
    }
    perform(action)
  }

  func receive(_ input: Input) -> Subscribers.Demand {
    let action = state.withLock { state -> Action in
      switch state {
      case let .subscribed(downstream, upstream):
        switch input {
        case let .value(value):
          return .value(downstream, value)
        case .finished:
          state = .ended
          return .complete(downstream, .finished, cancelling: upstream)
        case let .failure(error):
          state = .ended
          return .complete(downstream, .failure(error), cancelling: upstream)
        }
      case .awaitingSubscription, .ended:
        return .none  // a broken upstream, or after a completion signal: ignored
      }
    }
    if case let .value(downstream, value) = action {
      return downstream.receive(value)
    }
    perform(action)
    return .none
  }

  func receive(completion: Subscribers.Completion<Never>) {
    let action = state.withLock { state -> Action in
      switch state {
      case let .subscribed(downstream, _):
        state = .ended
        return .complete(downstream, .finished, cancelling: nil)
      case .awaitingSubscription, .ended:
        return .none  // a broken upstream, or after a completion signal
      }
    }
    perform(action)
  }

  func request(_ demand: Subscribers.Demand) {
    APIViolation.checkDemand(demand > 0)
    let action = state.withLock { state -> Action in
      switch state {
      case let .subscribed(_, upstream):
        return .request(upstream, demand)
      case .awaitingSubscription, .ended:
        return .none
      }
    }
    perform(action)
  }

  func cancel() {
    let action = state.withLock { state -> Action in
      switch state {
      case let .subscribed(downstream, upstream):
        state = .ended
        return .end(downstream, upstream)
      case .awaitingSubscription, .ended:
        return .none
      }
    }
    perform(action)
  }

  private func perform(_ action: Action) {
    switch action {
    case .none, .value:
      break
    case let .subscribe(downstream):
      downstream.receive(subscription: self)
    case let .request(upstream, demand):
      upstream.request(demand)
    case let .cancel(subscription):
      subscription.cancel()
    case let .complete(downstream, completion, cancelling):
      cancelling?.cancel()
      downstream.receive(completion: completion)
    case let .end(_, upstream):
      upstream.cancel()
    }
  }
}
