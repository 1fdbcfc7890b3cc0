import ReactiveCore
import Testing
import TraitsTesting

@Suite struct TryMapTests {
  @Test func transformsEachValueThenFinishes() {
    let recorder = [1, 2, 3].unspecialisedPublisher.tryMap { $0 * 10 }.record()
    #expect(recorder.testEvents == [.subscription, .value(10), .value(20), .value(30), .finished])
  }

  @Test func failsWithTheThrownErrorAndCancelsTheUpstream() {
    let recorder = expectFailsWithTheThrownErrorAndCancelsTheUpstream { upstream in
      upstream.tryMap { value in
        guard value != 2 else { throw TestError(code: 2) }
        return value
      }
    }
    #expect(recorder.testEvents == [.subscription, .value(1), .failure(TestError(code: 2))])
  }

  @Test func forwardsNothingAfterTheThrownError() {
    let recorder = expectNothingForwardedAfterTheThrownError { upstream in
      upstream.tryMap { value in
        guard value != 1 else { throw TestError(code: 1) }
        return value
      }
    }
    #expect(recorder.testEvents == [.subscription, .failure(TestError(code: 1))])
  }

  @Test func passesTheUpstreamFailureThrough() {
    let upstream = TestPublisher<Int, TestError>()
    let recorder = upstream.tryMap { $0 }.record()

    upstream.send(completion: .failure(TestError(code: 9)))

    #expect(recorder.testEvents == [.subscription, .failure(TestError(code: 9))])
  }

  @Test func asksUpstreamForExactlyTheDownstreamDemand() {
    expectDemandPassedThrough(
      { (upstream: TestPublisher<Int, Never>) in upstream.tryMap { $0 } },
      sending: 1,
      request: .max(4),
      requests: [.max(2), .max(4)],
      pendingDemand: .max(6)
    )
  }

  @Test func cancellationReachesTheUpstreamOnce() {
    let upstream = TestPublisher<Int, Never>()
    let recorder = upstream.tryMap { $0 }.record()

    recorder.cancel()
    recorder.cancel()
    upstream.send(1)

    #expect(upstream.cancellations == 1)
    #expect(recorder.testEvents == [.subscription])
  }

  @Test func toleratesARequestFromInsideReceive() {
    let recorder = expectToleratesARequestFromInsideReceive(
      { (upstream: TestPublisher<Int, Never>) in upstream.tryMap { $0 + 1 } },
      sending: [1, 2],
      requests: [.max(1), .max(1), .max(1)]
    )
    #expect(recorder.testEvents == [.subscription, .value(2), .value(3)])
  }

  @Test func toleratesACancelFromInsideReceive() {
    let recorder = expectToleratesACancelFromInsideReceive(
      { (upstream: TestPublisher<Int, Never>) in upstream.tryMap { $0 } },
      sending: [1, 2]
    )
    #expect(recorder.testEvents == [.subscription, .value(1)])
  }

  @Test func mapAfterTryMapFusesIntoOneOperator() {
    let fused: Publishers.TryMap<Publishers.Sequence<[Int], Never>, String> = [1, 2].publisher
      .tryMap { $0 * 2 }
      .map { "\($0)" }
    #expect(fused.record().testEvents == [.subscription, .value("2"), .value("4"), .finished])
  }

  @Test func tryMapAfterTryMapFusesAndFailsWithTheFirstError() {
    let fused: Publishers.TryMap<Publishers.Sequence<[Int], Never>, Int> = [1, 2].publisher
      .tryMap { value in
        guard value == 1 else { throw TestError(code: 1) }
        return value
      }
      .tryMap { _ in throw TestError(code: 2) }
    #expect(fused.record().testEvents == [.subscription, .failure(TestError(code: 2))])
  }

  @Test func describesItsSubscriptionAsTryMap() throws {
    let probe = LifetimeProbe<Int, any Error>(demand: .none)
    unspecialisedJust(1).tryMap { $0 }.subscribe(probe)
    let subscription = try #require(probe.subscription)
    #expect(String(describing: subscription) == "TryMap")
  }

  @Test func releasesTheDownstreamAndTheTransform() throws {
    try expectReleasesOnEveryEnd(sending: [3]) { (upstream: TestPublisher<Int, Never>, token: Token) in
      upstream.tryMap { value in
        try withExtendedLifetime(token) {
          if value == 3 { throw TestError() }
          return value
        }
      }
    }
  }

  @Test func requestingNoDemandGoesToTheUpstreamAsIs() {
    // As in Combine, tryMap does not check the demand: the upstream decides.
    let upstream = TestPublisher<Int, TestError>()
    let recorder = upstream.tryMap { $0 }.record(demand: .none)

    recorder.request(.none)

    #expect(upstream.requests == [.none])
    #expect(upstream.pendingDemand == .none)
    #expect(recorder.testEvents == [.subscription])
  }

  @Test func ignoresAValueBeforeTheSubscription() {
    // Combine does not trap; it hands the value to a downstream that has no
    // subscription yet. Ignored, and the closure does not see it.
    let seen = Collector<Int>()
    let recorder = EarlyEventPublisher<Int, TestError>(.value(1)).tryMap { value in
      seen.append(value)
      return value
    }.record()
    #expect(recorder.testEvents == [.subscription])
    #expect(seen.all.isEmpty)
  }

  @Test func ignoresACompletionBeforeTheSubscriptionAsCombineDoes() {
    let recorder = EarlyEventPublisher<Int, TestError>(.completion(.finished)).tryMap { $0 }.record()
    #expect(recorder.testEvents == [.subscription])
  }

  @Test func cancelAfterTheUpstreamFinishedDoesNotReachIt() {
    let recorder = expectCancelAfterTheUpstreamFinishedDoesNotReachIt { (upstream: TestPublisher<Int, TestError>) in
      upstream.tryMap { $0 }
    }
    #expect(recorder.testEvents == [.subscription, .finished])
  }
}
