import SharedMachinery

// Support for the tests of the operators added for issue 10 (ifEmpty, cache,
// race, delayed retry, operations…).

/// Counts the subscriptions to a publisher, from any thread.
final class SubscriptionCounter: Sendable {
  private let count = Lock(0)
  var value: Int { count.withLock { $0 } }
  func increment() { count.withLock { $0 += 1 } }
}
