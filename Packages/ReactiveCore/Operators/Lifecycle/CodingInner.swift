/// The subscription of `Encode` and `Decode`: each value goes through a
/// throwing `transform`; a thrown error cancels the upstream and fails the
/// downstream with it. Demand passes straight through.
///
/// It is a ``SubscriptionLink`` whose payload is `transform`; a failure of
/// `transform` ends it too.
final class CodingInner<Input, UpstreamFailure: Error, Downstream: Subscriber>:
  SubscriptionLink<Downstream, (Input) throws -> Downstream.Input>, Subscriber, Subscription, CustomStringConvertible
where Downstream.Failure == any Error {
  typealias Failure = UpstreamFailure
  typealias Transform = (Input) throws -> Downstream.Input

  private let name: StaticString

  var description: String { name.description }

  init(_ downstream: Downstream, name: StaticString, transform: @escaping Transform) {
    self.name = name
    super.init(downstream, payload: transform)
  }

  func receive(subscription: any Subscription) {
    accept(subscription, handing: self)
  }

  func receive(_ input: Input) -> Subscribers.Demand {
    guard let (_, downstream, transform) = linked else { return .none }
    let output: Downstream.Input
    do {
      output = try transform(input)
    } catch {
      // Fail only if still subscribed: a cancel may have come meanwhile.
      let ended = endSubscribed()
      if let upstream = ended.upstream, let downstream = ended.downstream {
        upstream.cancel()
        downstream.receive(completion: .failure(error))
      }
      return .none
    }
    return downstream.receive(output)
  }

  func receive(completion: Subscribers.Completion<UpstreamFailure>) {
    guard let downstream = end().downstream else { return }
    switch completion {
    case .finished:
      downstream.receive(completion: .finished)
    case let .failure(error):
      downstream.receive(completion: .failure(error))
    }
  }

  func request(_ demand: Subscribers.Demand) {
    // As in Combine, `.none` goes to the upstream as is: the upstream decides.
    subscription?.request(demand)
  }

  /// A cancel before the upstream's subscription holds: that subscription is
  /// cancelled when it comes.
  func cancel() {
    end().upstream?.cancel()
  }
}

extension CodingInner: CombineReflectable {
  /// Shows the downstream, whether the stream is over, and the upstream
  /// subscription, as Combine's `encode` and `decode`.
  var customMirror: Mirror {
    let (downstream, finished, upstream): (Downstream?, Bool, (any Subscription)?) = lock.withLock {
      (self.downstream, phase == .terminal, self.upstream)
    }
    return Mirror(
      self,
      children: ["downstream": downstream as Any, "finished": finished, "upstreamSubscription": upstream as Any]
    )
  }
}
