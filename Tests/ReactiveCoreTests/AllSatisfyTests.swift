import ReactiveCore
import Testing
import TraitsTesting

@Suite struct AllSatisfyTests {
  @Test func publishesFalseAtTheFirstFailureAndCancelsTheUpstream() {
    let upstream = ReducingUpstream()
    let recorder = upstream.allSatisfy { $0 < 2 }.record()
    #expect(upstream.requests == [.unlimited])

    upstream.send(1)
    upstream.send(2)
    upstream.send(1)

    #expect(upstream.cancellations == 1)
    #expect(recorder.events == [.subscription, .value(false), .finished])
  }

  @Test func publishesTrueWhenEveryElementSatisfiesThePredicate() {
    #expect(
      [1, 2].unspecialisedPublisher.allSatisfy { $0 < 3 }.record().events == [.subscription, .value(true), .finished]
    )
    #expect(Empty<Int, Never>().allSatisfy { _ in false }.record().events == [.subscription, .value(true), .finished])
  }

  @Test func waitsForDemandAndForwardsCancel() {
    let upstream = ReducingUpstream()
    let recorder = upstream.allSatisfy { $0 < 2 }.record(demand: .none)
    upstream.send(1)
    upstream.send(completion: .finished)
    #expect(recorder.events == [.subscription])
    recorder.request(.max(1))
    #expect(recorder.events == [.subscription, .value(true), .finished])

    let other = ReducingUpstream()
    other.allSatisfy { _ in true }.record().cancel()
    #expect(other.cancellations == 1)
  }

  @Test func releasesThePredicateAndTheDownstream() throws {
    try expectReleasesOnEveryEnd(sending: [2]) { (upstream: ReducingUpstream, token: Token) in
      upstream.allSatisfy(predicate(capturing: token) { $0 < 2 })
    }
  }
}

@Suite struct TryAllSatisfyTests {
  @Test func publishesWhetherEveryElementSatisfiesThePredicate() {
    let recorder = [1, 2].unspecialisedPublisher.tryAllSatisfy { $0 < 3 }.record()
    #expect(recorder.events.map(\.description) == ["subscription", "value(true)", "finished"])
  }

  @Test func aThrownErrorCancelsTheUpstreamAndFails() {
    let (recorder, _) = expectAThrownErrorCancelsTheUpstream { upstream, predicate in
      upstream.tryAllSatisfy(predicate)
    }
    #expect(recorder.events.map(\.description) == ["subscription", "failure(TestError(code: 2))"])
  }

  @Test func releasesThePredicateAndTheDownstream() throws {
    try expectThePredicateAndTheDownstreamReleased { upstream, predicate in
      upstream.tryAllSatisfy(predicate)
    }
  }
}
