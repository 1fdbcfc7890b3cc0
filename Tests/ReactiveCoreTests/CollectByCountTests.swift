import ReactiveCore
import Testing
import TraitsTesting

@Suite struct CollectByCountTests {
  @Test func publishesFullArraysThenThePartialOneOnFinish() {
    let recorder = [1, 2, 3, 4, 5].publisher.collect(2).record()
    #expect(recorder.events == [.subscription, .value([1, 2]), .value([3, 4]), .value([5]), .finished])
  }

  @Test func multipliesTheDemandByTheCount() {
    let upstream = ReducingUpstream()
    let recorder = upstream.collect(3).record(demand: .max(1)) { _, _ in .max(2) }
    #expect(upstream.requests == [.max(3)])

    #expect(upstream.send(1) == .none)
    #expect(upstream.send(2) == .none)
    #expect(upstream.send(3) == .max(6))
    recorder.request(.max(1))

    #expect(upstream.requests == [.max(3), .max(3)])
    #expect(recorder.events == [.subscription, .value([1, 2, 3])])
  }

  @Test func dropsThePartialArrayOnFailure() {
    let upstream = ReducingUpstream()
    let recorder = upstream.collect(2).record()
    upstream.send(1)
    upstream.send(completion: .failure(TestError(code: 1)))
    #expect(recorder.events == [.subscription, .failure(TestError(code: 1))])
  }

  @Test func cancelReachesTheUpstreamAlsoFromInsideReceive() {
    let upstream = ReducingUpstream()
    let recorder = upstream.collect(1).record { _, recorder in
      recorder.cancel()
      return .none
    }
    upstream.send(1)
    upstream.send(2)
    upstream.send(completion: .finished)
    #expect(upstream.cancellations == 1)
    #expect(recorder.events == [.subscription, .value([1])])
  }

  @Test func releasesTheDownstreamAndTheBuffer() throws {
    try expectReleasesOnEveryEnd { (upstream: ReducingUpstream, _: Token) in upstream.collect(2) }
    weak var weakToken: Token?
    let upstream = TestPublisher<Token, Never>()
    let recorder = upstream.collect(2).record()
    do {
      let token = Token()
      weakToken = token
      upstream.send(token)
    }
    recorder.cancel()
    #expect(weakToken == nil)
  }

  @Test func ignoresACompletionBeforeTheSubscription() {
    // Combine passes it to a subscriber that has no subscription yet.
    let recorder = EarlyEventPublisher<Int, TestError>(.completion(.finished)).collect(2).record()
    #expect(recorder.events == [.subscription])
  }
}
