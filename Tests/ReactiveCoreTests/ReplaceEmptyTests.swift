import ReactiveCore
import Testing
import TraitsTesting

@Suite struct ReplaceEmptyTests {
  @Test func publishesOutputWhenUpstreamFinishesEmpty() {
    let recorder = Empty<Int, TestError>().replaceEmpty(with: 0).record()
    #expect(recorder.events == [.subscription, .value(0), .finished])
  }

  @Test func passesValuesThroughWhenUpstreamIsNotEmpty() {
    let recorder = [1, 2].unspecialisedPublisher.replaceEmpty(with: 0).record()
    #expect(recorder.events == [.subscription, .value(1), .value(2), .finished])
  }

  @Test func passesAFailureThroughEvenWithoutValues() {
    let recorder = Fail<Int, TestError>(error: TestError(code: 3)).replaceEmpty(with: 0).record()
    #expect(recorder.events == [.subscription, .failure(TestError(code: 3))])
  }

  @Test func waitsForDemandBeforePublishingTheReplacement() {
    let upstream = TestPublisher<Int, Never>()
    let recorder = upstream.replaceEmpty(with: 7).record(demand: .none)

    upstream.send(completion: .finished)
    #expect(recorder.events == [.subscription])

    recorder.request(.max(1))
    recorder.request(.max(1))

    #expect(recorder.events == [.subscription, .value(7), .finished])
  }

  @Test func asksUpstreamForUnlimitedDemandThenForwardsRequests() {
    let upstream = TestPublisher<Int, Never>()
    let recorder = upstream.replaceEmpty(with: 0).record(demand: .max(2))

    recorder.request(.max(3))

    #expect(upstream.requests == [.max(2), .unlimited, .max(3)])
  }

  @Test func cancellationReachesTheUpstreamOnce() {
    expectCancellationReachesTheUpstreamOnce(ending: .finished) { (upstream: TestPublisher<Int, Never>) in
      upstream.replaceEmpty(with: 0)
    }
  }

  @Test func cancelWhileTheReplacementWaitsPublishesNothing() {
    let upstream = TestPublisher<Int, Never>()
    let recorder = upstream.replaceEmpty(with: 0).record(demand: .none)

    upstream.send(completion: .finished)
    recorder.cancel()
    recorder.request(.max(1))

    #expect(upstream.cancellations == 0)
    #expect(recorder.events == [.subscription])
  }

  @Test func forwardsNothingAfterCompletion() {
    expectForwardsNothingAfterCompletion(ending: .finished) { (upstream: UnrulyPublisher<Int, Never>) in
      upstream.replaceEmpty(with: 0)
    }
  }

  @Test func toleratesARequestAndACancelFromInsideReceive() {
    let recorder = expectToleratesARequestAndACancelFromInsideReceive(
      { (upstream: TestPublisher<Int, Never>) in upstream.replaceEmpty(with: 0) },
      sending: [1, 2, 3],
      requests: [.max(1), .unlimited, .max(1)]
    )
    #expect(recorder.events == [.subscription, .value(1), .value(2)])
  }

  @Test func describesItsSubscriptionAsReplaceEmpty() throws {
    #expect(try subscriptionDescription(of: Empty<Int, Never>().replaceEmpty(with: 0)) == "ReplaceEmpty")
  }

  @Test func releasesTheDownstreamAndTheOutputAfterDeliveryOrOnCancel() throws {
    try expectReleasesTheDownstreamAndTheReplacement(ending: .finished) {
      (upstream: TestPublisher<Token, Never>, output) in upstream.replaceEmpty(with: output)
    }
  }

  @Test func isEquatableWhenItsUpstreamAndOutputAre() {
    // Not `Just`: its specialised `replaceEmpty(with:)` is the `Just` itself.
    let upstream = Empty<Int, Never>()
    #expect(upstream.replaceEmpty(with: 0) == upstream.replaceEmpty(with: 0))
    #expect(upstream.replaceEmpty(with: 0) != upstream.replaceEmpty(with: 2))
  }

  @Test func publishesTheReplacementOnceWhenARequestRacesTheCompletion() {
    expectPublishesTheReplacementOnceWhenARequestRaces(ending: .finished) { (upstream: TestPublisher<Int, Never>) in
      upstream.replaceEmpty(with: 9)
    }
  }
}
