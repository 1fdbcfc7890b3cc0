public import ReactiveCore
import SharedMachinery

extension Publisher {
  /// Publishes each event of the upstream as a ``Signal`` value, then finishes.
  ///
  /// Values become `.value` signals; the upstream's completion becomes a
  /// `.finished` or `.failure` signal, followed by the result's own
  /// `.finished`: the result never fails. The completion signal needs one
  /// unit of demand, like a value: it waits for it. The subscriber's demand
  /// goes to the upstream as it is.
  ///
  /// ```text
  /// upstream  -a-b-|      -a-x
  /// result    -A-B-(F|)   -A-(X|)    A = .value(a), F = .finished, X = .failure(x)
  /// ```
  ///
  /// - Returns: A publisher of the upstream's events, which never fails.
  public func materialize() -> Publishers.Materialize<Self> {
    Publishers.Materialize(upstream: self)
  }
}

extension Publishers {
  /// A publisher that publishes its upstream's events as ``Signal`` values.
  public struct Materialize<Upstream: Publisher>: Publisher {
    public typealias Output = Signal<Upstream.Output, Upstream.Failure>

    public typealias Failure = Never

    /// The publisher whose events are published.
    public let upstream: Upstream

    /// Creates a publisher of the events of `upstream`.
    ///
    /// - Parameter upstream: The publisher whose events are published.
    public init(upstream: Upstream) {
      self.upstream = upstream
    }

    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
      upstream.subscribe(MaterializeInner<Upstream.Output, Upstream.Failure, S>(downstream: subscriber))
    }
  }
}

/// The subscription of ``Publishers/Materialize``.
private final class MaterializeInner<Input, Failure: Error, Downstream: Subscriber>: Subscriber, Subscription,
  CustomStringConvertible, @unchecked Sendable
where Downstream.Input == Signal<Input, Failure>, Downstream.Failure == Never {
  // @unchecked Sendable: all mutable state is under `state`'s lock.

  private enum State {
    case awaitingSubscription(Downstream)
    /// `demand`: what the downstream asked for and has not received, which
    /// tells whether the completion signal can go at once.
    case subscribed(Downstream, upstream: any Subscription, demand: Subscribers.Demand)
    /// The upstream completed without demand left: the signal waits for a request.
    case completionWaiting(Downstream, Subscribers.Completion<Failure>)
    case ended  // completed or cancelled: holds nothing
  }

  private enum Action {
    case none
    case subscribe(Downstream)
    case request(any Subscription, Subscribers.Demand)
    case cancel(any Subscription)
    case value(Downstream)
    /// Publishes the completion signal, then finishes; the upstream
    /// subscription, if any, rides along to be released after the lock.
    case complete(Downstream, Subscribers.Completion<Failure>, (any Subscription)?)
    /// Cancels the upstream, if any; both are released after the lock.
    case end(Downstream, (any Subscription)?)
  }

  private let state: Lock<State>

  init(downstream: Downstream) {
    state = Lock(.awaitingSubscription(downstream))
  }

  var description: String { "Materialize" }

  func receive(subscription: any Subscription) {
    let action = state.withLock { state -> Action in
      switch state {
      case let .awaitingSubscription(downstream):
        state = .subscribed(downstream, upstream: subscription, demand: .none)
        return .subscribe(downstream)
      case .subscribed, .completionWaiting, .ended:
        return .cancel(subscription)  // a second subscription
      }
    }
    perform(action)
  }

  func receive(_ input: Input) -> Subscribers.Demand {
    let action = state.withLock { state -> Action in
      switch state {
      case let .subscribed(downstream, upstream, demand):
        // An upstream that sends without demand breaks the contract: the count stays at zero.
        state = .subscribed(downstream, upstream: upstream, demand: demand > 0 ? demand - 1 : .none)
        return .value(downstream)
      case .awaitingSubscription, .completionWaiting, .ended:
        return .none  // a broken upstream, or over
      }
    }
    guard case let .value(downstream) = action else { return .none }
    let more = downstream.receive(.value(input))
    guard more > 0 else { return .none }
    state.withLock { state in
      if case let .subscribed(downstream, upstream, demand) = state {
        state = .subscribed(downstream, upstream: upstream, demand: demand + more)
      }
    }
    return more
  }

  func receive(completion: Subscribers.Completion<Failure>) {
    let action = state.withLock { state -> Action in
      switch state {
      case let .subscribed(downstream, upstream, demand):
        if demand > 0 {
          state = .ended
          return .complete(downstream, completion, upstream)
        }
        state = .completionWaiting(downstream, completion)
        return .none
      case .awaitingSubscription, .completionWaiting, .ended:
        return .none  // a broken upstream, or over
      }
    }
    perform(action)
  }

  func request(_ demand: Subscribers.Demand) {
    APIViolation.checkDemand(demand > 0)
    let action = state.withLock { state -> Action in
      switch state {
      case let .subscribed(downstream, upstream, owed):
        state = .subscribed(downstream, upstream: upstream, demand: owed + demand)
        return .request(upstream, demand)
      case let .completionWaiting(downstream, completion):
        state = .ended
        return .complete(downstream, completion, nil)
      case .awaitingSubscription, .ended:
        return .none
      }
    }
    perform(action)
  }

  func cancel() {
    let action = state.withLock { state -> Action in
      switch state {
      case let .subscribed(downstream, upstream, _):
        state = .ended
        return .end(downstream, upstream)
      case let .completionWaiting(downstream, _):
        state = .ended
        return .end(downstream, nil)
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
    case let .complete(downstream, .finished, _):
      _ = downstream.receive(.finished)
      downstream.receive(completion: .finished)
    case let .complete(downstream, .failure(error), _):
      _ = downstream.receive(.failure(error))
      downstream.receive(completion: .finished)
    case let .end(_, upstream):
      upstream?.cancel()
    }
  }
}
