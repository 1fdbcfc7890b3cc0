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
    let upstream = TestPublisher<Int, Never>()
    let recorder = upstream.replaceEmpty(with: 0).record()

    recorder.cancel()
    recorder.cancel()
    upstream.send(completion: .finished)

    #expect(upstream.cancellations == 1)
    #expect(recorder.events == [.subscription])
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
    let upstream = UnrulyPublisher<Int, Never>()
    let recorder = upstream.replaceEmpty(with: 0).record()

    upstream.send(completion: .finished)
    upstream.send(1)
    upstream.send(completion: .finished)

    #expect(recorder.events == [.subscription, .value(0), .finished])
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

  @Test func releasesTheDownstreamAndTheOutputAfterCompletion() throws {
    let upstream = TestPublisher<Token, Never>()
    weak var weakProbe: LifetimeProbe<Token, Never>?
    weak var weakOutput: Token?
    let subscription: any Subscription = try {
      let output = Token()
      weakOutput = output
      let probe = LifetimeProbe<Token, Never>(demand: .none)
      weakProbe = probe
      upstream.replaceEmpty(with: output).subscribe(probe)
      return try #require(probe.subscription)
    }()
    upstream.send(completion: .finished)
    #expect(weakOutput != nil)

    subscription.request(.max(1))

    #expect(weakProbe == nil)
    #expect(weakOutput == nil)
  }

  @Test func releasesTheDownstreamAndTheOutputOnCancel() throws {
    let upstream = TestPublisher<Token, Never>()
    weak var weakProbe: LifetimeProbe<Token, Never>?
    weak var weakOutput: Token?
    let subscription: any Subscription = try {
      let output = Token()
      weakOutput = output
      let probe = LifetimeProbe<Token, Never>(demand: .none)
      weakProbe = probe
      upstream.replaceEmpty(with: output).subscribe(probe)
      return try #require(probe.subscription)
    }()

    subscription.cancel()

    #expect(weakProbe == nil)
    #expect(weakOutput == nil)
    #expect(upstream.cancellations == 1)
  }

  @Test func isEquatableWhenItsUpstreamAndOutputAre() {
    // Not `Just`: its specialised `replaceEmpty(with:)` is the `Just` itself.
    let upstream = Empty<Int, Never>()
    #expect(upstream.replaceEmpty(with: 0) == upstream.replaceEmpty(with: 0))
    #expect(upstream.replaceEmpty(with: 0) != upstream.replaceEmpty(with: 2))
  }

  @Test func requestingNoDemandTraps() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      requestNoDemand(from: Empty<Int, Never>().replaceEmpty(with: 0))
    }
    #expect(result.standardErrorText.contains("API violation: demand must be greater than zero"))
  }

  @Test func publishesTheReplacementOnceWhenARequestRacesTheCompletion() {
    for _ in 0..<300 {
      let upstream = TestPublisher<Int, Never>()
      let recorder = upstream.replaceEmpty(with: 9).record(demand: .none)
      Race(threads: 2).run { thread, _ in
        if thread == 0 {
          upstream.send(completion: .finished)
        } else {
          recorder.request(.max(1))
        }
      }
      #expect(recorder.events == [.subscription, .value(9), .finished])
    }
  }
}
