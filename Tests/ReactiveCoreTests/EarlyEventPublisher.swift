import ReactiveCore

/// An upstream that breaks the contract on purpose: it sends its subscriber
/// events before its subscription, then (unless told not to) the empty
/// subscription, so that a test can check what an operator makes of events
/// that come too early.
struct EarlyEventPublisher<Output, Failure: Error>: Publisher {
  enum Event {
    case value(Output)
    case completion(Subscribers.Completion<Failure>)
  }

  let events: [Event]
  let subscribesAfterwards: Bool

  init(_ events: Event..., subscribesAfterwards: Bool = true) {
    self.events = events
    self.subscribesAfterwards = subscribesAfterwards
  }

  func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
    for event in events {
      switch event {
      case let .value(value):
        _ = subscriber.receive(value)
      case let .completion(completion):
        subscriber.receive(completion: completion)
      }
    }
    if subscribesAfterwards {
      subscriber.receive(subscription: Subscriptions.empty)
    }
  }
}
