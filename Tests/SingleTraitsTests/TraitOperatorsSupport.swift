import MaybeTraits
import ReactiveCore
import Synchronization

// Support for the tests of the operators added for issue 10 (ifEmpty, cache,
// race, delayed retry, operations…).

/// Forwards a test-controlled upstream as a maybe publisher, trusting it.
struct ForwardMaybe<Upstream: Publisher>: MaybePublisher {
  typealias Output = Upstream.Output
  typealias Failure = Upstream.Failure
  let upstream: Upstream

  func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
    upstream.receive(subscriber: subscriber)
  }
}

/// Counts the subscriptions to a publisher, from any thread.
final class SubscriptionCounter: Sendable {
  private let count = Mutex(0)
  var value: Int { count.withLock { $0 } }
  func increment() { count.withLock { $0 += 1 } }
}
