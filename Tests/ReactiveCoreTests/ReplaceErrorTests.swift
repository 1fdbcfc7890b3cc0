import ReactiveCore
import Testing
import TraitsTesting

@Suite struct ReplaceErrorTests {
  @Test func replacesTheFailureWithTheOutputThenFinishes() {
    let upstream = TestPublisher<Int, TestError>()
    let recorder = upstream.replaceError(with: 0).record()

    upstream.send(1)
    upstream.send(completion: .failure(TestError()))

    #expect(recorder.events == [.subscription, .value(1), .value(0), .finished])
  }

  @Test func passesValuesAndFinishedThrough() {
    let recorder = [1, 2].unspecialisedPublisher.setFailureType(to: TestError.self).replaceError(with: 0).record()
    #expect(recorder.events == [.subscription, .value(1), .value(2), .finished])
  }

  @Test func waitsForDemandBeforePublishingTheReplacement() {
    let upstream = TestPublisher<Int, TestError>()
    let recorder = upstream.replaceError(with: 0).record(demand: .max(1))

    upstream.send(1)
    upstream.send(completion: .failure(TestError()))
    #expect(recorder.events == [.subscription, .value(1)])

    recorder.request(.max(1))
    recorder.request(.max(1))

    #expect(recorder.events == [.subscription, .value(1), .value(0), .finished])
  }

  @Test func countsTheDemandReturnedFromReceive() {
    let upstream = TestPublisher<Int, TestError>()
    let recorder = upstream.replaceError(with: 0).record(demand: .max(1)) { _, _ in .max(1) }

    upstream.send(1)
    upstream.send(completion: .failure(TestError()))

    #expect(recorder.events == [.subscription, .value(1), .value(0), .finished])
  }

  @Test func asksUpstreamForExactlyTheDownstreamDemand() {
    let upstream = TestPublisher<Int, TestError>()
    let recorder = upstream.replaceError(with: 0).record(demand: .max(2))

    recorder.request(.max(3))

    #expect(upstream.requests == [.max(2), .max(3)])
  }

  @Test func cancellationReachesTheUpstreamOnce() {
    expectCancellationReachesTheUpstreamOnce(ending: .failure(TestError())) { $0.replaceError(with: 0) }
  }

  @Test func cancelWhileTheReplacementWaitsPublishesNothing() {
    let upstream = TestPublisher<Int, TestError>()
    let recorder = upstream.replaceError(with: 0).record(demand: .none)

    upstream.send(completion: .failure(TestError()))
    recorder.cancel()
    recorder.request(.max(1))

    #expect(recorder.events == [.subscription])
  }

  @Test func forwardsNothingAfterCompletion() {
    expectForwardsNothingAfterCompletion(ending: .failure(TestError())) { $0.replaceError(with: 0) }
  }

  @Test func toleratesARequestAndACancelFromInsideReceive() {
    let recorder = expectToleratesARequestAndACancelFromInsideReceive(
      { (upstream: TestPublisher<Int, TestError>) in upstream.replaceError(with: 0) },
      sending: [1, 2, 3]
    )
    #expect(recorder.events == [.subscription, .value(1), .value(2)])
  }

  @Test func describesItsSubscriptionAsReplaceError() throws {
    #expect(
      try subscriptionDescription(of: Fail<Int, TestError>(error: TestError()).replaceError(with: 0)) == "ReplaceError"
    )
  }

  @Test func releasesTheDownstreamAndTheOutputAfterDeliveryOrOnCancel() throws {
    try expectReleasesTheDownstreamAndTheReplacement(ending: .failure(TestError())) { upstream, output in
      upstream.replaceError(with: output)
    }
  }

  @Test func isEquatableWhenItsUpstreamAndOutputAre() {
    // Not `Just`: its specialised `replaceError(with:)` is the `Just` itself.
    let upstream = Fail<Int, TestError>(error: TestError())
    #expect(upstream.replaceError(with: 0) == upstream.replaceError(with: 0))
    #expect(upstream.replaceError(with: 0) != upstream.replaceError(with: 2))
  }

  @Test func publishesTheReplacementOnceWhenARequestRacesTheFailure() {
    expectPublishesTheReplacementOnceWhenARequestRaces(ending: .failure(TestError())) { $0.replaceError(with: 9) }
  }

  @Test func aValueWithoutDemandTraps() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      let upstream = TestPublisher<Int, TestError>()
      _ = upstream.replaceError(with: 0).record(demand: .max(1))
      upstream.send(1)
      upstream.send(2)
    }
    #expect(result.standardErrorText.contains("API violation: ReplaceError received a value without demand"))
  }

  @Test func cancelAfterTheUpstreamFinishedDoesNotReachIt() {
    let upstream = TestPublisher<Int, TestError>()
    let recorder = upstream.replaceError(with: 0).record()

    upstream.send(completion: .finished)
    recorder.cancel()

    #expect(upstream.cancellations == 0)
  }
}
