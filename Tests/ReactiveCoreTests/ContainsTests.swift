import ReactiveCore
import Testing
import TraitsTesting

@Suite struct ContainsTests {
  @Test func publishesTrueAtTheFirstMatchAndCancelsTheUpstream() {
    let upstream = ReducingUpstream()
    let recorder = upstream.contains(2).record()
    #expect(upstream.requests == [.unlimited])

    upstream.send(1)
    upstream.send(2)
    upstream.send(3)

    #expect(upstream.cancellations == 1)
    #expect(recorder.events == [.subscription, .value(true), .finished])
  }

  @Test func publishesFalseWhenTheUpstreamFinishesWithoutAMatch() {
    let recorder = [1, 3].unspecialisedPublisher.contains(2).record()
    #expect(recorder.events == [.subscription, .value(false), .finished])
  }

  @Test func waitsForDemandAndForwardsCancel() {
    let upstream = ReducingUpstream()
    let recorder = upstream.contains(2).record(demand: .none)
    upstream.send(2)
    #expect(recorder.events == [.subscription])
    recorder.request(.max(1))
    #expect(recorder.events == [.subscription, .value(true), .finished])

    let other = ReducingUpstream()
    other.contains(1).record().cancel()
    #expect(other.cancellations == 1)
  }

  @Test func releasesTheDownstream() throws {
    try expectReleasesOnEveryEnd(sending: [1]) { (upstream: ReducingUpstream, _: Token) in upstream.contains(1) }
  }
}

@Suite struct ContainsWhereTests {
  @Test func publishesWhetherAnElementMatches() {
    #expect(
      [1, 2].unspecialisedPublisher.contains { $0 > 1 }.record().events == [.subscription, .value(true), .finished]
    )
    #expect(
      [1, 2].unspecialisedPublisher.contains { $0 > 2 }.record().events == [.subscription, .value(false), .finished]
    )
  }

  @Test func releasesThePredicateAndTheDownstream() throws {
    try expectReleasesOnEveryEnd(sending: [2]) { (upstream: ReducingUpstream, token: Token) in
      upstream.contains(where: predicate(capturing: token) { $0 > 1 })
    }
  }
}

@Suite struct TryContainsWhereTests {
  @Test func publishesWhetherAnElementMatches() {
    let recorder = [1, 2].unspecialisedPublisher.tryContains { $0 > 1 }.record()
    #expect(recorder.events.map(\.description) == ["subscription", "value(true)", "finished"])
  }

  @Test func aThrownErrorCancelsTheUpstreamAndFails() {
    let (recorder, _) = expectAThrownErrorCancelsTheUpstream(otherwise: { _ in false }) { upstream, predicate in
      upstream.tryContains(where: predicate)
    }
    #expect(recorder.events.map(\.description) == ["subscription", "failure(TestError(code: 2))"])
  }

  @Test func releasesThePredicateAndTheDownstream() throws {
    try expectThePredicateAndTheDownstreamReleased(otherwise: { _ in false }) { upstream, predicate in
      upstream.tryContains(where: predicate)
    }
  }
}
