import ReactiveCore
import Synchronization
import Testing

extension Optional where Wrapped == ExitTest.Result {
  /// What the exit test's process wrote to standard error, as text; empty if the test did not run.
  var standardErrorText: String {
    map { String(decoding: $0.standardErrorContent, as: UTF8.self) } ?? ""
  }
}

struct TestError: Error, Equatable {
  var code = 0
}

/// A subscriber that keeps its subscription strongly, as Combine's
/// subscribers do, so that lifetime tests can check that a subscription
/// releases its downstream: after completion or cancel, the probe must be
/// freed although the test still holds the subscription.
final class LifetimeProbe<Input, Failure: Error>: Subscriber, @unchecked Sendable {
  // @unchecked Sendable: touched only under the lock, like the probe itself.
  private struct Received: @unchecked Sendable {
    var subscription: (any Subscription)?
    var completed = false
  }

  private let demand: Subscribers.Demand
  private let received = Lock(Received())

  init(demand: Subscribers.Demand) {
    self.demand = demand
  }

  var subscription: (any Subscription)? { received.withLock { $0.subscription } }
  var isCompleted: Bool { received.withLock { $0.completed } }

  func receive(subscription: any Subscription) {
    received.withLock { $0.subscription = subscription }
    if demand > 0 { subscription.request(demand) }
  }

  func receive(_ input: Input) -> Subscribers.Demand { .none }

  func receive(completion: Subscribers.Completion<Failure>) {
    received.withLock { $0.completed = true }
  }
}

/// A subscription that records what its subscriber asks of it.
final class SubscriptionProbe: Subscription, @unchecked Sendable {
  private let log = Lock<(requests: [Subscribers.Demand], cancels: Int)>(([], 0))

  var requests: [Subscribers.Demand] { log.withLock { $0.requests } }
  var cancels: Int { log.withLock { $0.cancels } }

  func request(_ demand: Subscribers.Demand) {
    log.withLock { $0.requests.append(demand) }
  }

  func cancel() {
    log.withLock { $0.cancels += 1 }
  }
}

/// An object whose deinit is observable through a weak reference.
final class Token: Sendable {}

/// An ordered log of named events written by several closures of one test,
/// to check which of two things happened first (which subscription was
/// cancelled first, whether a completion came before a cancel).
final class EventLog: @unchecked Sendable {
  // @unchecked Sendable: the entries are touched only under their lock.
  private let entries = Lock<[String]>([])

  var all: [String] { entries.withLock { $0 } }

  func append(_ entry: String) {
    entries.withLock { $0.append(entry) }
  }
}

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
