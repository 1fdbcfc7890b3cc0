import ReactiveCore
import Testing
import TraitsTesting

@Suite struct CountTests {
  @Test func publishesTheNumberOfElementsWhenTheUpstreamFinishes() {
    let recorder = [5, 6, 7].unspecialisedPublisher.count().record()
    #expect(recorder.events == [.subscription, .value(3), .finished])
  }

  @Test func publishesZeroForAnEmptyUpstream() {
    let recorder = Empty<Int, Never>().count().record()
    #expect(recorder.events == [.subscription, .value(0), .finished])
  }

  @Test func requestsUnlimitedWaitsForDemandAndForwardsCancel() {
    expectRequestsUnlimitedAndWaitsForDemand(events: [.subscription, .value(1), .finished]) { $0.count() }

    let other = ReducingUpstream()
    other.count().record().cancel()
    #expect(other.cancellations == 1)
  }

  @Test func passesAFailureThrough() {
    let upstream = ReducingUpstream()
    let recorder = upstream.count().record(demand: .none)
    upstream.send(completion: .failure(TestError(code: 1)))
    #expect(recorder.events == [.subscription, .failure(TestError(code: 1))])
  }

  @Test func releasesTheDownstream() throws {
    try expectReleasesOnEveryEnd { (upstream: ReducingUpstream, _: Token) in upstream.count() }
  }
}
