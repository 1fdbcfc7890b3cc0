import ReactiveCore
import Testing
import TraitsTesting

@Suite struct LastTests {
  @Test func publishesTheLastValueWhenTheUpstreamFinishes() {
    let upstream = ReducingUpstream()
    let recorder = upstream.last().record()

    upstream.send(1)
    upstream.send(2)
    #expect(recorder.events == [.subscription])
    upstream.send(completion: .finished)

    #expect(recorder.events == [.subscription, .value(2), .finished])
  }

  @Test func finishesEmptyWhenTheUpstreamFinishesEmpty() {
    let recorder = Empty<Int, Never>().last().record()
    #expect(recorder.events == [.subscription, .finished])
  }

  @Test func requestsUnlimitedAndWaitsForDemandToPublish() {
    let upstream = expectRequestsUnlimitedAndWaitsForDemand(events: [.subscription, .value(1), .finished]) { $0.last() }
    #expect(upstream.cancellations == 0)
  }

  @Test func dropsTheValuesOnFailure() {
    let upstream = ReducingUpstream()
    let recorder = upstream.last().record(demand: .none)

    upstream.send(1)
    upstream.send(completion: .failure(TestError(code: 1)))

    #expect(recorder.events == [.subscription, .failure(TestError(code: 1))])
  }

  @Test func cancelReachesTheUpstream() {
    let upstream = ReducingUpstream()
    let recorder = upstream.last().record()

    upstream.send(1)
    recorder.cancel()
    upstream.send(completion: .finished)

    #expect(upstream.cancellations == 1)
    #expect(recorder.events == [.subscription])
  }

  @Test func toleratesARequestAndACancelFromInsideReceive() {
    let upstream = ReducingUpstream()
    let recorder = upstream.last().record { _, recorder in
      recorder.request(.max(1))
      recorder.cancel()
      return .none
    }

    upstream.send(1)
    upstream.send(completion: .finished)

    #expect(recorder.events == [.subscription, .value(1), .finished])
  }

  @Test func releasesTheDownstreamAfterCompletionAndOnCancel() throws {
    try expectReleasesOnEveryEnd { (upstream: ReducingUpstream, _: Token) in upstream.last() }
  }
}

@Suite struct LastWhereTests {
  @Test func publishesTheLastMatchingValue() {
    let recorder = [1, 2, 3, 4, 5].unspecialisedPublisher.last { $0.isMultiple(of: 2) }.record()
    #expect(recorder.events == [.subscription, .value(4), .finished])
  }

  @Test func finishesEmptyWithoutAMatch() {
    let recorder = [1, 3].unspecialisedPublisher.last { $0.isMultiple(of: 2) }.record()
    #expect(recorder.events == [.subscription, .finished])
  }

  @Test func requestsUnlimitedAndForwardsCancel() {
    let upstream = ReducingUpstream()
    let recorder = upstream.last { $0 > 0 }.record(demand: .none)
    recorder.cancel()
    #expect(upstream.requests == [.unlimited])
    #expect(upstream.cancellations == 1)
  }

  @Test func releasesThePredicateAndTheDownstream() throws {
    try expectReleasesOnEveryEnd { (upstream: ReducingUpstream, token: Token) in
      upstream.last(where: predicate(capturing: token) { $0 > 1 })
    }
  }
}

@Suite struct TryLastTests {
  @Test func publishesTheLastMatchingValue() {
    let recorder = [1, 2, 3, 4, 5].publisher.tryLast { $0.isMultiple(of: 2) }.record()
    #expect(recorder.events.map(\.description) == ["subscription", "value(4)", "finished"])
  }

  @Test func aThrownErrorCancelsTheUpstreamAndFailsWithoutDemand() {
    let (recorder, _) = expectAThrownErrorCancelsTheUpstream { upstream, predicate in
      upstream.tryLast(where: predicate)
    }
    #expect(recorder.events.map(\.description) == ["subscription", "failure(TestError(code: 2))"])
  }

  @Test func releasesThePredicateAndTheDownstream() throws {
    try expectThePredicateAndTheDownstreamReleased { upstream, predicate in
      upstream.tryLast(where: predicate)
    }
  }
}
