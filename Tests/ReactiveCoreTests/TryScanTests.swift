import ReactiveCore
import Testing
import TraitsTesting

@Suite struct TryScanTests {
  @Test func ignoresAValueBeforeTheSubscription() {
    // Combine does not trap; it hands the value to a downstream that has no
    // subscription yet. Ignored, and the fold does not see it.
    let upstream = EarlyEventPublisher<Int, TestError>(.value(1))
    #expect(upstream.tryScan(0) { $0 + $1 }.record().testEvents == [.subscription])
  }

  @Test func publishesEachRunningResultThenFinishes() {
    let recorder = [1, 2, 3].unspecialisedPublisher.tryScan(10, +).record()
    #expect(recorder.testEvents == [.subscription, .value(11), .value(13), .value(16), .finished])
  }

  @Test func failsWithTheThrownErrorAndCancelsTheUpstream() {
    let upstream = TestPublisher<Int, Never>()
    let recorder = upstream.tryScan(0) { sum, value in
      guard value != 2 else { throw TestError(code: sum) }
      return sum + value
    }.record()

    upstream.send(5)
    upstream.send(2)

    #expect(upstream.cancellations == 1)
    #expect(!upstream.hasSubscribers)
    #expect(recorder.testEvents == [.subscription, .value(5), .failure(TestError(code: 5))])
  }

  @Test func forwardsNothingAfterTheThrownError() {
    let recorder = expectNothingForwardedAfterTheThrownError { upstream in
      upstream.tryScan(0) { _, _ in throw TestError(code: 1) }
    }
    #expect(recorder.testEvents == [.subscription, .failure(TestError(code: 1))])
  }

  @Test func passesTheUpstreamFailureThrough() {
    let upstream = TestPublisher<Int, TestError>()
    let recorder = upstream.tryScan(0, +).record()

    upstream.send(completion: .failure(TestError(code: 9)))

    #expect(recorder.testEvents == [.subscription, .failure(TestError(code: 9))])
  }

  @Test func asksUpstreamForExactlyTheDownstreamDemand() {
    expectDemandPassedThrough(
      { (upstream: TestPublisher<Int, Never>) in upstream.tryScan(0, +) },
      sending: 1
    )
  }

  @Test func cancellationReachesTheUpstreamOnce() {
    let upstream = TestPublisher<Int, Never>()
    let recorder = upstream.tryScan(0, +).record()

    recorder.cancel()
    recorder.cancel()

    #expect(upstream.cancellations == 1)
  }

  @Test func toleratesARequestFromInsideReceive() {
    let recorder = expectToleratesARequestFromInsideReceive(
      { (upstream: TestPublisher<Int, Never>) in upstream.tryScan(0, +) },
      sending: [1, 2],
      requests: [.max(1), .max(1), .max(1)]
    )
    #expect(recorder.testEvents == [.subscription, .value(1), .value(3)])
  }

  @Test func toleratesACancelFromInsideReceive() {
    let recorder = expectToleratesACancelFromInsideReceive(
      { (upstream: TestPublisher<Int, Never>) in upstream.tryScan(0, +) },
      sending: [1, 2]
    )
    #expect(recorder.testEvents == [.subscription, .value(1)])
  }

  @Test func describesItsSubscriptionAsTryScan() throws {
    #expect(try subscriptionDescription(of: unspecialisedJust(1).tryScan(0, +)) == "TryScan")
  }

  @Test func releasesTheDownstreamAndTheResult() throws {
    // The token is the initial result, which the operator holds.
    try expectReleasesOnEveryEnd(sending: [3]) { (upstream: TestPublisher<Int, Never>, token: Token) in
      upstream.tryScan(token) { result, value in
        if value == 3 { throw TestError() }
        return result
      }
    }
  }

  @Test func requestingNoDemandGoesToTheUpstreamAsIs() {
    // As in Combine, tryScan does not check the demand: the upstream decides.
    let upstream = TestPublisher<Int, TestError>()
    let recorder = upstream.tryScan(0, +).record(demand: .none)

    recorder.request(.none)

    #expect(upstream.requests == [.none])
    #expect(recorder.testEvents == [.subscription])
  }

  @Test func ignoresACompletionBeforeTheSubscriptionAsCombineDoes() {
    let recorder = EarlyEventPublisher<Int, TestError>(.completion(.finished)).tryScan(0, +).record()
    #expect(recorder.testEvents == [.subscription])
  }
}
