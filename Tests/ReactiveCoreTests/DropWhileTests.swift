import ReactiveCore
import Testing
import TraitsTesting

@Suite struct DropWhileTests {
  @Test func dropsWhileThePredicateHoldsThenRepublishesEverything() {
    let recorder = [1, 2, 3, 1].unspecialisedPublisher.drop { $0 < 3 }.record()
    #expect(recorder.events == [.subscription, .value(3), .value(1), .finished])
  }

  @Test func asksForOneMoreValueInPlaceOfEachDroppedOne() {
    let upstream = ReducingUpstream()
    let recorder = upstream.drop { $0 < 3 }.record(demand: .max(1)) { _, _ in .max(4) }
    #expect(upstream.requests == [.max(1)])

    #expect(upstream.send(1) == .max(1))
    #expect(upstream.send(3) == .max(4))
    #expect(upstream.send(1) == .max(4))

    #expect(recorder.events == [.subscription, .value(3), .value(1)])
  }

  @Test func stopsCallingThePredicateOnceItFails() {
    let calls = Lock(0)
    let recorder = [1, 5, 1, 1].unspecialisedPublisher.drop { value in
      calls.withLock { $0 += 1 }
      return value < 3
    }.record()
    #expect(calls.withLock { $0 } == 2)
    #expect(recorder.events == [.subscription, .value(5), .value(1), .value(1), .finished])
  }

  @Test func cancelReachesTheUpstream() {
    let recorder = expectToleratesACancelFromInsideReceive(
      { (upstream: ReducingUpstream) in upstream.drop { _ in false } },
      sending: [1, 2]
    )
    #expect(recorder.events == [.subscription, .value(1)])
  }

  @Test func releasesThePredicateAndTheDownstream() throws {
    try expectReleasesOnEveryEnd { (upstream: ReducingUpstream, token: Token) in
      upstream.drop(while: predicate(capturing: token) { $0 < 3 })
    }
  }

  @Test func ignoresAValueAndACompletionBeforeTheSubscriptionAsCombineDoes() {
    let early = EarlyEventPublisher<Int, TestError>(.value(1), .completion(.finished))
    let recorder = early.drop { _ in false }.record()
    #expect(recorder.events == [.subscription])
  }
}

@Suite struct TryDropWhileTests {
  @Test func dropsWhileThePredicateHoldsThenRepublishesEverything() {
    let recorder = [1, 2, 3, 1].publisher.tryDrop { $0 < 3 }.record()
    #expect(recorder.events.map(\.description) == ["subscription", "value(3)", "value(1)", "finished"])
  }

  @Test func aThrownErrorCancelsTheUpstreamAndFails() {
    let (recorder, sendDemands) = expectAThrownErrorCancelsTheUpstream(demand: .unlimited) { upstream, predicate in
      upstream.tryDrop(while: predicate)
    }
    #expect(sendDemands.first == .max(1))
    #expect(recorder.events.map(\.description) == ["subscription", "failure(TestError(code: 2))"])
  }

  @Test func releasesThePredicateAndTheDownstream() throws {
    try expectThePredicateAndTheDownstreamReleased { upstream, predicate in
      upstream.tryDrop(while: predicate)
    }
  }
}
