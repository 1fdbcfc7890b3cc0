import ReactiveCore
import Testing
import TraitsTesting

@Suite struct PrefixWhileTests {
  @Test func republishesWhileThePredicateHolds() {
    let recorder = [1, 2, 3, 1].unspecialisedPublisher.prefix { $0 < 3 }.record()
    #expect(recorder.events == [.subscription, .value(1), .value(2), .finished])
  }

  @Test func passesDemandThroughAndCancelsTheUpstreamAtTheEnd() {
    let upstream = ReducingUpstream()
    let recorder = upstream.prefix { $0 < 3 }.record(demand: .max(2)) { _, _ in .max(1) }
    #expect(upstream.requests == [.max(2)])

    #expect(upstream.send(1) == .max(1))
    #expect(upstream.send(3) == .none)
    upstream.send(1)

    #expect(upstream.cancellations == 1)
    #expect(recorder.events == [.subscription, .value(1), .finished])
  }

  @Test func cancelReachesTheUpstream() {
    let recorder = expectToleratesACancelFromInsideReceive(
      { (upstream: ReducingUpstream) in upstream.prefix { _ in true } },
      sending: [1, 2]
    )
    #expect(recorder.events == [.subscription, .value(1)])
  }

  @Test func releasesThePredicateAndTheDownstream() throws {
    try expectReleasesOnEveryEnd(sending: [3]) { (upstream: ReducingUpstream, token: Token) in
      upstream.prefix(while: predicate(capturing: token) { $0 < 3 })
    }
  }

  @Test func aValueBeforeTheSubscriptionTraps() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      _ = EarlyEventPublisher<Int, TestError>(.value(1)).prefix { _ in true }.record()
    }
    #expect(result.standardErrorText.contains("API violation: PrefixWhile received a value before its subscription"))
  }

  @Test func aCompletionBeforeTheSubscriptionTraps() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      _ = EarlyEventPublisher<Int, TestError>(.completion(.finished)).prefix { _ in true }.record()
    }
    #expect(
      result.standardErrorText.contains("API violation: PrefixWhile received a completion before its subscription")
    )
  }

  @Test func aCancelBeforeTheSubscriptionCancelsTheSubscriptionWhenItComes() throws {
    // As Combine's (OpenCombine's PrefixWhileTests, run against Combine): the
    // operator's subscriber is its subscription too; cancelled before its
    // upstream subscribed, it cancels the subscription that comes.
    let (calls, events) = try callsOnASubscriptionAfterAnEarlyCancel { upstream in upstream.prefix(while: { _ in true })
    }
    #expect(calls == [.cancel])
    #expect(events == [])
  }

  @Test func cancelAfterTheUpstreamFinishedDoesNotReachIt() {
    expectCancelAfterTheUpstreamFinishedDoesNotReachIt { (upstream: TestPublisher<Int, TestError>) in
      upstream.prefix { _ in true }
    }
  }
}

@Suite struct TryPrefixWhileTests {
  @Test func republishesWhileThePredicateHolds() {
    let recorder = [1, 2, 3, 1].publisher.tryPrefix { $0 < 3 }.record()
    #expect(recorder.events.map(\.description) == ["subscription", "value(1)", "value(2)", "finished"])
  }

  @Test func aThrownErrorCancelsTheUpstreamAndFails() {
    let (recorder, _) = expectAThrownErrorCancelsTheUpstream(demand: .unlimited) { upstream, predicate in
      upstream.tryPrefix(while: predicate)
    }
    #expect(recorder.events.map(\.description) == ["subscription", "value(1)", "failure(TestError(code: 2))"])
  }

  @Test func releasesThePredicateAndTheDownstream() throws {
    try expectThePredicateAndTheDownstreamReleased { upstream, predicate in
      upstream.tryPrefix(while: predicate)
    }
  }

  @Test func aValueBeforeTheSubscriptionTraps() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      _ = EarlyEventPublisher<Int, TestError>(.value(1)).tryPrefix { _ in true }.record()
    }
    #expect(result.standardErrorText.contains("API violation: TryPrefixWhile received a value before its subscription"))
  }

  @Test func aCompletionBeforeTheSubscriptionTraps() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      _ = EarlyEventPublisher<Int, TestError>(.completion(.finished)).tryPrefix { _ in true }.record()
    }
    #expect(
      result.standardErrorText.contains("API violation: TryPrefixWhile received a completion before its subscription")
    )
  }
}
