// What the test targets share (TestError, Token, Shared, ContractChecker…)
// lives in Tests/TestSupport; re-exported here for every file of this target.
import ReactiveCore
@_exported import TestSupport

/// A publisher that takes its subscriber at once but gives it a
/// subscription (a ``SubscriptionProbe``) only when the test says so, and
/// logs both moments, so that a test can check in which order an operator
/// subscribes its upstreams and gives its own subscriber a subscription.
final class LatePublisher<Output, Failure: Error>: Publisher, @unchecked Sendable {
  // @unchecked Sendable: used by one thread, in one test.
  private let name: String
  private let log: EventLog
  private var subscriber: AnySubscriber<Output, Failure>?
  let subscription = SubscriptionProbe()

  init(_ name: String, log: EventLog) {
    self.name = name
    self.log = log
  }

  func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
    log.append("subscribe \(name)")
    self.subscriber = AnySubscriber(subscriber)
  }

  func giveSubscription() {
    log.append("subscription \(name)")
    subscriber?.receive(subscription: subscription)
  }

  func send(_ value: Output) -> Subscribers.Demand {
    subscriber?.receive(value) ?? .none
  }

  func send(completion: Subscribers.Completion<Failure>) {
    subscriber?.receive(completion: completion)
  }
}
