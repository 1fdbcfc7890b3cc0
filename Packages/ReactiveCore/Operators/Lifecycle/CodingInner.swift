/// The subscription of `Encode` and `Decode`: each value goes through a
/// throwing `transform`; a thrown error cancels the upstream and fails the
/// downstream with it. Demand passes straight through.
///
/// States:
/// - `awaitingSubscription`: created, no upstream subscription yet;
/// - `subscribed`: values flow;
/// - `terminal`: completed, failed by `transform`, or cancelled; holds nothing.
final class CodingInner<Input, UpstreamFailure: Error, Downstream: Subscriber>: Subscriber, Subscription,
  CustomStringConvertible
where Downstream.Failure == any Error {
  typealias Failure = UpstreamFailure
  typealias Transform = (Input) throws -> Downstream.Input

  private enum State {
    case awaitingSubscription(Downstream, Transform)
    case subscribed(any Subscription, Downstream, Transform)
    case terminal
  }

  private let state: Lock<State>
  private let name: StaticString

  var description: String { name.description }

  init(_ downstream: Downstream, name: StaticString, transform: @escaping Transform) {
    state = Lock(.awaitingSubscription(downstream, transform))
    self.name = name
  }

  func receive(subscription: any Subscription) {
    let downstream = state.withLock { state -> Downstream? in
      guard case let .awaitingSubscription(downstream, transform) = state else { return nil }
      state = .subscribed(subscription, downstream, transform)
      return downstream
    }
    guard let downstream else {
      subscription.cancel()
      return
    }
    downstream.receive(subscription: self)
  }

  func receive(_ input: Input) -> Subscribers.Demand {
    let taken = state.withLock { state -> (Downstream, Transform)? in
      guard case let .subscribed(_, downstream, transform) = state else { return nil }
      return (downstream, transform)
    }
    guard let (downstream, transform) = taken else { return .none }
    let output: Downstream.Input
    do {
      output = try transform(input)
    } catch {
      // Fail only if still subscribed: a cancel may have come meanwhile.
      let ended = state.withLock { state -> State in
        guard case .subscribed = state else { return .terminal }
        defer { state = .terminal }
        return state
      }
      if case let .subscribed(subscription, downstream, _) = ended {
        subscription.cancel()
        downstream.receive(completion: .failure(error))
      }
      return .none
    }
    return downstream.receive(output)
  }

  func receive(completion: Subscribers.Completion<UpstreamFailure>) {
    let ended = state.withLock { state -> State in
      defer { state = .terminal }
      return state
    }
    switch ended {
    case let .awaitingSubscription(downstream, _), let .subscribed(_, downstream, _):
      switch completion {
      case .finished:
        downstream.receive(completion: .finished)
      case let .failure(error):
        downstream.receive(completion: .failure(error))
      }
    case .terminal:
      break
    }
  }

  func request(_ demand: Subscribers.Demand) {
    // As in Combine, `.none` goes to the upstream as is: the upstream decides.
    let subscription = state.withLock { state -> (any Subscription)? in
      guard case let .subscribed(subscription, _, _) = state else { return nil }
      return subscription
    }
    subscription?.request(demand)
  }

  func cancel() {
    let ended = state.withLock { state -> State in
      guard case .subscribed = state else { return .terminal }
      defer { state = .terminal }
      return state
    }
    if case let .subscribed(subscription, _, _) = ended {
      subscription.cancel()
    }
  }
}

extension CodingInner: CombineReflectable {
  /// Shows the downstream, whether the stream is over, and the upstream
  /// subscription, as Combine's `encode` and `decode`.
  var customMirror: Mirror {
    let (downstream, finished, upstream) = state.withLock { state -> (Downstream?, Bool, (any Subscription)?) in
      switch state {
      case let .awaitingSubscription(downstream, _): (downstream, false, nil)
      case let .subscribed(upstream, downstream, _): (downstream, false, upstream)
      case .terminal: (nil, true, nil)
      }
    }
    return Mirror(
      self,
      children: ["downstream": downstream as Any, "finished": finished, "upstreamSubscription": upstream as Any]
    )
  }
}
