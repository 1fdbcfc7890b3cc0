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
    let upstream = TestPublisher<Int, TestError>()
    let recorder = upstream.replaceError(with: 0).record()

    recorder.cancel()
    recorder.cancel()
    upstream.send(completion: .failure(TestError()))

    #expect(upstream.cancellations == 1)
    #expect(recorder.events == [.subscription])
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
    let upstream = UnrulyPublisher<Int, TestError>()
    let recorder = upstream.replaceError(with: 0).record()

    upstream.send(completion: .failure(TestError()))
    upstream.send(1)
    upstream.send(completion: .finished)

    #expect(recorder.events == [.subscription, .value(0), .finished])
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

  @Test func releasesTheDownstreamAndTheOutputAfterCompletion() throws {
    let upstream = TestPublisher<Token, TestError>()
    weak var weakProbe: LifetimeProbe<Token, Never>?
    weak var weakOutput: Token?
    let subscription: any Subscription = try {
      let output = Token()
      weakOutput = output
      let probe = LifetimeProbe<Token, Never>(demand: .none)
      weakProbe = probe
      upstream.replaceError(with: output).subscribe(probe)
      return try #require(probe.subscription)
    }()
    upstream.send(completion: .failure(TestError()))
    #expect(weakOutput != nil)

    subscription.request(.max(1))

    #expect(weakProbe == nil)
    #expect(weakOutput == nil)
  }

  @Test func releasesTheDownstreamAndTheOutputOnCancel() throws {
    let upstream = TestPublisher<Token, TestError>()
    weak var weakProbe: LifetimeProbe<Token, Never>?
    weak var weakOutput: Token?
    let subscription: any Subscription = try {
      let output = Token()
      weakOutput = output
      let probe = LifetimeProbe<Token, Never>(demand: .none)
      weakProbe = probe
      upstream.replaceError(with: output).subscribe(probe)
      return try #require(probe.subscription)
    }()

    subscription.cancel()

    #expect(weakProbe == nil)
    #expect(weakOutput == nil)
    #expect(upstream.cancellations == 1)
  }

  @Test func isEquatableWhenItsUpstreamAndOutputAre() {
    // Not `Just`: its specialised `replaceError(with:)` is the `Just` itself.
    let upstream = Fail<Int, TestError>(error: TestError())
    #expect(upstream.replaceError(with: 0) == upstream.replaceError(with: 0))
    #expect(upstream.replaceError(with: 0) != upstream.replaceError(with: 2))
  }

  @Test func requestingNoDemandTraps() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      requestNoDemand(from: Fail<Int, TestError>(error: TestError()).replaceError(with: 0))
    }
    #expect(result.standardErrorText.contains("API violation: demand must be greater than zero"))
  }

  @Test func publishesTheReplacementOnceWhenARequestRacesTheFailure() {
    for _ in 0..<300 {
      let upstream = TestPublisher<Int, TestError>()
      let recorder = upstream.replaceError(with: 9).record(demand: .none)
      Race(threads: 2).run { thread, _ in
        if thread == 0 {
          upstream.send(completion: .failure(TestError()))
        } else {
          recorder.request(.max(1))
        }
      }
      #expect(recorder.events == [.subscription, .value(9), .finished])
    }
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
