/// The subscription of `Encode` and `Decode`: each value goes through a
/// throwing `transform`; a thrown error cancels the upstream and fails the
/// downstream with it. Demand passes straight through.
///
/// Its state is a ``SubscriptionLink`` holding `transform`; a failure of
/// `transform` ends it too.
final class CodingInner<Input, UpstreamFailure: Error, Downstream: Subscriber>: Subscriber, Subscription,
  CustomStringConvertible
where Downstream.Failure == any Error {
  typealias Failure = UpstreamFailure
  typealias Transform = (Input) throws -> Downstream.Input

  private let state: Lock<SubscriptionLink<Downstream, Transform>>
  private let name: StaticString

  var description: String { name.description }

  init(_ downstream: Downstream, name: StaticString, transform: @escaping Transform) {
    state = Lock(.awaitingSubscription(downstream, transform))
    self.name = name
  }

  func receive(subscription: any Subscription) {
    state.accept(subscription, handing: self)
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
      if case let .subscribed(subscription, downstream, _) = state.withLock({ $0.endSubscribed() }) {
        subscription.cancel()
        downstream.receive(completion: .failure(error))
      }
      return .none
    }
    return downstream.receive(output)
  }

  func receive(completion: Subscribers.Completion<UpstreamFailure>) {
    switch state.withLock({ $0.end() }) {
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
    state.withLock { $0.subscription }?.request(demand)
  }

  /// A cancel before the upstream's subscription holds: that subscription is
  /// cancelled when it comes.
  func cancel() {
    if case let .subscribed(subscription, _, _) = state.withLock({ $0.end() }) {
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
