import ReactiveCore
import Testing
import TraitsTesting

@Suite struct CollectTests {
  @Test func publishesEveryElementInOneArrayWhenTheUpstreamFinishes() {
    let recorder = [1, 2, 3].unspecialisedPublisher.collect().record()
    #expect(recorder.events == [.subscription, .value([1, 2, 3]), .finished])
  }

  @Test func publishesAnEmptyArrayForAnEmptyUpstream() {
    let recorder = Empty<Int, Never>().collect().record()
    #expect(recorder.events == [.subscription, .value([]), .finished])
  }

  @Test func requestsUnlimitedAndWaitsForDemand() {
    expectRequestsUnlimitedAndWaitsForDemand(events: [.subscription, .value([1]), .finished]) { $0.collect() }
  }

  @Test func dropsTheElementsOnFailure() {
    let upstream = ReducingUpstream()
    let recorder = upstream.collect().record()

    upstream.send(1)
    upstream.send(completion: .failure(TestError(code: 1)))

    #expect(recorder.events == [.subscription, .failure(TestError(code: 1))])
  }

  @Test func cancelReachesTheUpstream() {
    let upstream = ReducingUpstream()
    let recorder = upstream.collect().record()
    recorder.cancel()
    upstream.send(completion: .finished)
    #expect(upstream.cancellations == 1)
    #expect(recorder.events == [.subscription])
  }

  @Test func releasesTheDownstreamAndTheElements() throws {
    weak var weakToken: Token?
    let upstream = TestPublisher<Token, Never>()
    let recorder = upstream.collect().record(demand: .none)
    do {
      let token = Token()
      weakToken = token
      upstream.send(token)
    }
    #expect(weakToken != nil)
    recorder.cancel()
    #expect(weakToken == nil)
    try expectReleasesOnEveryEnd { (upstream: ReducingUpstream, _: Token) in upstream.collect() }
  }
}
