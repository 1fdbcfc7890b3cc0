import ReactiveCore
import SharedMachinery

/// The subscription of ``ReactiveCore/Publishers/AssertImmediate``: the
/// upstream's subscriber and the downstream's subscription, which watches
/// whether a value or a failure arrives when the immediate contract says it
/// must.
final class AssertImmediateInner<Downstream: Subscriber>: Subscriber, Subscription, CustomStringConvertible {
  typealias Input = Downstream.Input
  typealias Failure = Downstream.Failure

  /// Where the inner stands with its upstream and downstream.
  private enum Connection {
    /// The upstream has not sent its subscription yet.
    case awaitingSubscription(Downstream)
    /// Forwarding between the two.
    case subscribed(Downstream, any Subscription)
    /// Completed or cancelled: holds nothing.
    case ended
  }

  /// What the immediate contract still expects.
  private enum Check: Equatable {
    /// Inside the upstream's `receive(subscriber:)`; `demanded` tells
    /// whether the downstream has requested anything yet.
    case subscribing(demanded: Bool)
    /// `receive(subscriber:)` returned without demand: the first request
    /// must bring a value or a failure.
    case awaitingDemand
    /// The first request is running upstream.
    case firstRequest
    /// A value or a failure arrived, or the downstream cancelled: nothing
    /// left to check.
    case over
  }

  private struct State {
    var connection: Connection
    var check: Check = .subscribing(demanded: false)
  }

  /// What to do after the lock.
  private enum Action {
    case none
    case trap(String)
    case forwardSubscription(Downstream)
    case cancelUpstream(any Subscription)
    case request(any Subscription, Subscribers.Demand, isFirst: Bool)
    case value(Downstream, Input)
    case complete(Downstream, Subscribers.Completion<Failure>)
    // Released after the lock: its deinit may call out.
    case release(Downstream, (any Subscription)?)
  }

  private let state: Lock<State>
  private let prefix: String
  private let file: StaticString
  private let line: UInt

  var description: String { "AssertImmediate" }

  init(downstream: Downstream, prefix: String, file: StaticString, line: UInt) {
    state = Lock(State(connection: .awaitingSubscription(downstream)))
    self.prefix = prefix
    self.file = file
    self.line = line
  }

  /// "<prefix> Immediate violation: <violation> (File.swift:42)"
  private func message(_ violation: String) -> String {
    let path = "\(file)"
    let fileName = path.split(separator: "/").last.map(String.init) ?? path
    let message = "Immediate violation: \(violation) (\(fileName):\(line))"
    return prefix.isEmpty ? message : "\(prefix) \(message)"
  }

  private func perform(_ action: Action) {
    switch action {
    case .none, .release:
      break
    case let .trap(message):
      preconditionFailure(message)
    case let .forwardSubscription(downstream):
      downstream.receive(subscription: self)
    case let .cancelUpstream(subscription):
      subscription.cancel()
    case let .request(subscription, demand, isFirst):
      subscription.request(demand)
      if isFirst { firstRequestDidReturn() }
    case let .value(downstream, input):
      _ = downstream.receive(input)
    case let .complete(downstream, completion):
      downstream.receive(completion: completion)
    }
  }

  // MARK: Checks

  /// Called when the upstream's `receive(subscriber:)` returns.
  func subscriptionDidReturn() {
    let action = state.withLock { state -> Action in
      switch state.check {
      case .subscribing(demanded: true):
        return .trap(message("no value or failure at subscription"))
      case .subscribing(demanded: false):
        state.check = .awaitingDemand
        return .none
      case .awaitingDemand, .firstRequest, .over:
        return .none  // cannot happen before the return; nothing to check
      }
    }
    perform(action)
  }

  private func firstRequestDidReturn() {
    let action = state.withLock { state -> Action in
      switch state.check {
      case .firstRequest:
        return .trap(message("no value or failure at first demand"))
      case .subscribing, .awaitingDemand, .over:
        return .none  // a value or failure came, or the downstream cancelled
      }
    }
    perform(action)
  }

  // MARK: Subscriber

  func receive(subscription: any Subscription) {
    let action = state.withLock { state -> Action in
      switch state.connection {
      case let .awaitingSubscription(downstream):
        state.connection = .subscribed(downstream, subscription)
        return .forwardSubscription(downstream)
      case .subscribed, .ended:
        return .cancelUpstream(subscription)  // a second subscription, or too late
      }
    }
    perform(action)
  }

  func receive(_ input: Input) -> Subscribers.Demand {
    let action = state.withLock { state -> Action in
      switch state.connection {
      case let .subscribed(downstream, _):
        state.check = .over
        return .value(downstream, input)
      case .awaitingSubscription, .ended:
        return .none  // before the subscription (an API violation), or after the end: ignore
      }
    }
    guard case let .value(downstream, input) = action else { return .none }
    return downstream.receive(input)
  }

  func receive(completion: Subscribers.Completion<Failure>) {
    let action = state.withLock { state -> Action in
      switch state.connection {
      case let .subscribed(downstream, _):
        if case .finished = completion, state.check != .over {
          return .trap(message("finished without a value"))
        }
        state.connection = .ended
        state.check = .over
        return .complete(downstream, completion)
      case .awaitingSubscription, .ended:
        return .none  // before the subscription (an API violation), or after the end: ignore
      }
    }
    perform(action)
  }

  // MARK: Subscription

  func request(_ demand: Subscribers.Demand) {
    APIViolation.checkDemand(demand > .none)
    let action = state.withLock { state -> Action in
      guard case let .subscribed(_, subscription) = state.connection else {
        return .none  // ended: nothing to ask for
      }
      switch state.check {
      case .subscribing:
        state.check = .subscribing(demanded: true)
        return .request(subscription, demand, isFirst: false)
      case .awaitingDemand:
        state.check = .firstRequest
        return .request(subscription, demand, isFirst: true)
      case .firstRequest, .over:
        return .request(subscription, demand, isFirst: false)  // reentrant, or checks done
      }
    }
    perform(action)
  }

  func cancel() {
    let action = state.withLock { state -> Action in
      state.check = .over
      switch state.connection {
      case let .awaitingSubscription(downstream):
        state.connection = .ended
        return .release(downstream, nil)
      case let .subscribed(downstream, subscription):
        state.connection = .ended
        return .release(downstream, subscription)
      case .ended:
        return .none
      }
    }
    if case let .release(_, subscription?) = action {
      subscription.cancel()
    }
  }
}
