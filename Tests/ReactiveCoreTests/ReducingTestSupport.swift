import ReactiveCore
import Testing
import TraitsTesting

// Checks shared by the suites of the reducing and truncating operators
// (first, last, output, prefix, drop, collect, reduce, count, min/max,
// contains, allSatisfy).

/// The upstream every check drives.
typealias ReducingUpstream = TestPublisher<Int, TestError>

/// Subscribes a `LifetimeProbe` to the operator that `make` builds on a
/// fresh upstream, with a `Token` captured by the operator's closure, then
/// runs `end` (completing or cancelling); checks that neither the probe
/// (the downstream) nor the token (the closure) survives, although the test
/// still holds the subscription.
func expectReleases<P: Publisher>(
  demand: Subscribers.Demand = .unlimited,
  _ make: (ReducingUpstream, Token) -> P,
  end: (ReducingUpstream, any Subscription) -> Void,
  sourceLocation: SourceLocation = #_sourceLocation
) throws {
  weak var weakProbe: LifetimeProbe<P.Output, P.Failure>?
  weak var weakToken: Token?
  let upstream = ReducingUpstream()
  let subscription: any Subscription = try {
    let token = Token()
    weakToken = token
    let probe = LifetimeProbe<P.Output, P.Failure>(demand: demand)
    make(upstream, token).subscribe(probe)
    weakProbe = probe
    return try #require(probe.subscription, sourceLocation: sourceLocation)
  }()
  end(upstream, subscription)
  #expect(weakProbe == nil, "the downstream is still alive", sourceLocation: sourceLocation)
  #expect(weakToken == nil, "the closure is still alive", sourceLocation: sourceLocation)
  _ = subscription
}

/// Ends a subscription by finishing its upstream.
func finishUpstream(_ upstream: ReducingUpstream, _: any Subscription) {
  upstream.send(completion: .finished)
}

/// Ends a subscription by cancelling it.
func cancelSubscription(_: ReducingUpstream, _ subscription: any Subscription) {
  subscription.cancel()
}

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
