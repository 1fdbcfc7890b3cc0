import LockSupport
import ReactiveCore
import Testing

extension Optional where Wrapped == ExitTest.Result {
  /// What the exit test's process wrote to standard error; empty if it did not run.
  var standardErrorText: String {
    map { String(decoding: $0.standardErrorContent, as: UTF8.self) } ?? ""
  }
}

struct TestError: Error, Equatable {
  var code = 0
}

/// A subscriber that keeps its subscription strongly until the end of the
/// test, so that a lifetime test sees whether the subscription lets go of it.
final class HoldingSubscriber<Input, Failure: Error>: Subscriber, @unchecked Sendable {
  // @unchecked Sendable: the subscription is behind the lock.
  private struct Held: @unchecked Sendable {
    var subscription: (any Subscription)?
  }

  private let held = Lock(Held())
  private let demand: Subscribers.Demand

  init(demand: Subscribers.Demand) {
    self.demand = demand
  }

  var subscription: (any Subscription)? { held.withLock { $0.subscription } }

  func receive(subscription: any Subscription) {
    held.withLock { $0.subscription = subscription }
    if demand > .none { subscription.request(demand) }
  }

  func receive(_ input: Input) -> Subscribers.Demand { .none }

  func receive(completion: Subscribers.Completion<Failure>) {}
}
