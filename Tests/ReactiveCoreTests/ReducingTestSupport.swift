import ReactiveCore
import Testing
import TraitsTesting

// Checks shared by the suites of the reducing and truncating operators
// (first, last, output, prefix, drop, collect, reduce, count, min/max,
// contains, allSatisfy). `expectReleases` is in Tests/TestSupport.

/// The upstream every check drives.
typealias ReducingUpstream = TestPublisher<Int, TestError>

/// A predicate that keeps `token` alive as long as the closure lives.
func predicate(capturing token: Token, _ body: @escaping (Int) -> Bool) -> (Int) -> Bool {
  { value in withExtendedLifetime(token) { body(value) } }
}

/// A misbehaving upstream that hands its subscriber a `SubscriptionProbe`,
/// then `second`: an operator must cancel the second one.
struct DoubleSubscriptionPublisher: Publisher {
  typealias Output = Int
  typealias Failure = TestError

  let second: SubscriptionProbe

  func receive<S: Subscriber>(subscriber: S) where S.Input == Int, S.Failure == TestError {
    subscriber.receive(subscription: SubscriptionProbe())
    subscriber.receive(subscription: second)
  }
}
