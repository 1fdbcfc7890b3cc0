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

/// A throwing predicate, as a `try` operator takes it: throws
/// `TestError(code: value)` for each value in `throwing`, answers `answer`
/// for the others, and keeps `token` alive as long as the closure lives.
func throwingPredicate(
  throwing thrown: Set<Int>,
  otherwise answer: @escaping (Int) -> Bool = { _ in true },
  capturing token: Token? = nil
) -> (Int) throws -> Bool {
  { value in
    try withExtendedLifetime(token) {
      if thrown.contains(value) { throw TestError(code: value) }
      return answer(value)
    }
  }
}

/// Checks a `try` operator whose predicate throws for 2: sends 1, 2, 3 and
/// a finish (recording with `demand`); the upstream must have been asked for
/// an unlimited demand and cancelled once. Returns the recorder, whose events
/// the caller checks, and the demands the three sends returned.
@discardableResult
func expectAThrownErrorCancelsTheUpstream<P: Publisher>(
  demand: Subscribers.Demand = .none,
  otherwise answer: @escaping (Int) -> Bool = { _ in true },
  _ make: (ReducingUpstream, @escaping (Int) throws -> Bool) -> P,
  sourceLocation: SourceLocation = #_sourceLocation
) -> (recorder: RecordingSubscriber<P.Output, P.Failure>, sendDemands: [Subscribers.Demand]) {
  let upstream = ReducingUpstream()
  let recorder = make(upstream, throwingPredicate(throwing: [2], otherwise: answer)).record(demand: demand)
  let sendDemands = [1, 2, 3].map { upstream.send($0) }
  upstream.send(completion: .finished)
  #expect(upstream.requests == [.unlimited], sourceLocation: sourceLocation)
  #expect(upstream.cancellations == 1, sourceLocation: sourceLocation)
  return (recorder, sendDemands)
}

/// Checks that a `try` operator releases its predicate (which throws for 3)
/// and its downstream when the upstream finishes, when the subscription is
/// cancelled, when the predicate throws, and after each value of `ending`
/// (a value the predicate answers `true` for that ends the operator).
func expectThePredicateAndTheDownstreamReleased<P: Publisher>(
  otherwise answer: @escaping (Int) -> Bool = { _ in true },
  ending: [Int] = [],
  _ make: @escaping (ReducingUpstream, @escaping (Int) throws -> Bool) -> P,
  sourceLocation: SourceLocation = #_sourceLocation
) throws {
  let build = { (upstream: ReducingUpstream, token: Token) in
    make(upstream, throwingPredicate(throwing: [3], otherwise: answer, capturing: token))
  }
  try expectReleases(build, end: finishUpstream, sourceLocation: sourceLocation)
  try expectReleases(build, end: cancelSubscription, sourceLocation: sourceLocation)
  for value in ending {
    try expectReleases(build, end: { upstream, _ in upstream.send(value) }, sourceLocation: sourceLocation)
  }
  try expectReleases(build, end: { upstream, _ in upstream.send(3) }, sourceLocation: sourceLocation)
}

/// Checks that a reducing operator asks its upstream for an unlimited
/// demand and keeps its result until its downstream asks for it: records
/// with no demand, sends `values` then a finish, checks that the recorder
/// has only its subscription, then requests one value and checks that the
/// recorder has `events`. Returns the upstream.
@discardableResult
func expectRequestsUnlimitedAndWaitsForDemand<P: Publisher>(
  sending values: [Int] = [1],
  events: [RecordingSubscriber<P.Output, P.Failure>.Event],
  _ make: (ReducingUpstream) -> P,
  sourceLocation: SourceLocation = #_sourceLocation
) -> ReducingUpstream where P.Output: Equatable, P.Failure: Equatable {
  let upstream = ReducingUpstream()
  let recorder = make(upstream).record(demand: .none)
  #expect(upstream.requests == [.unlimited], sourceLocation: sourceLocation)
  for value in values {
    upstream.send(value)
  }
  upstream.send(completion: .finished)
  #expect(recorder.events == [.subscription], sourceLocation: sourceLocation)
  recorder.request(.max(1))
  #expect(recorder.events == events, sourceLocation: sourceLocation)
  return upstream
}
