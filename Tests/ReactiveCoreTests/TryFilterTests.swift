import ReactiveCore
import Testing
import TraitsTesting

@Suite struct TryFilterTests {
  @Test func republishesMatchingValuesThenFinishes() {
    let recorder = [1, 2, 3, 4].publisher.tryFilter { $0.isMultiple(of: 2) }.record()
    #expect(recorder.testEvents == [.subscription, .value(2), .value(4), .finished])
  }

  @Test func failsWithTheThrownErrorAndCancelsTheUpstream() {
    let recorder = expectFailsWithTheThrownErrorAndCancelsTheUpstream { upstream in
      upstream.tryFilter { value in
        guard value != 2 else { throw TestError(code: 2) }
        return true
      }
    }
    #expect(recorder.testEvents == [.subscription, .value(1), .failure(TestError(code: 2))])
  }

  @Test func forwardsNothingAfterTheThrownError() {
    let recorder = expectNothingForwardedAfterTheThrownError { upstream in
      upstream.tryFilter { _ in throw TestError(code: 1) }
    }
    #expect(recorder.testEvents == [.subscription, .failure(TestError(code: 1))])
  }

  @Test func passesTheUpstreamFailureThrough() {
    let upstream = TestPublisher<Int, TestError>()
    let recorder = upstream.tryFilter { _ in true }.record()

    upstream.send(completion: .failure(TestError(code: 9)))

    #expect(recorder.testEvents == [.subscription, .failure(TestError(code: 9))])
  }

  @Test func asksUpstreamForOneMoreValueForEachDroppedValue() {
    let upstream = TestPublisher<Int, Never>()
    let recorder = upstream.tryFilter { $0 > 10 }.record(demand: .max(1))

    let afterDropped = upstream.send(1)
    let afterKept = upstream.send(11)
    recorder.request(.max(2))

    #expect(afterDropped == .max(1))
    #expect(afterKept == .none)
    #expect(upstream.requests == [.max(1), .max(2)])
    #expect(recorder.testEvents == [.subscription, .value(11)])
  }

  @Test func cancellationReachesTheUpstreamOnce() {
    let upstream = TestPublisher<Int, Never>()
    let recorder = upstream.tryFilter { _ in true }.record()

    recorder.cancel()
    recorder.cancel()

    #expect(upstream.cancellations == 1)
  }

  @Test func toleratesARequestFromInsideReceive() {
    let recorder = expectToleratesARequestFromInsideReceive(
      { (upstream: TestPublisher<Int, Never>) in upstream.tryFilter { _ in true } },
      sending: [1, 2],
      requests: [.max(1), .max(1), .max(1)]
    )
    #expect(recorder.testEvents == [.subscription, .value(1), .value(2)])
  }

  @Test func toleratesACancelFromInsideReceive() {
    let recorder = expectToleratesACancelFromInsideReceive(
      { (upstream: TestPublisher<Int, Never>) in upstream.tryFilter { _ in true } },
      sending: [1, 2]
    )
    #expect(recorder.testEvents == [.subscription, .value(1)])
  }

  @Test func filterAfterTryFilterFusesIntoOneOperator() {
    let fused: Publishers.TryFilter<Publishers.Sequence<[Int], Never>> = [1, 2, 3, 4].publisher
      .tryFilter { $0 > 1 }
      .filter { $0 < 4 }
    #expect(fused.record().testEvents == [.subscription, .value(2), .value(3), .finished])
  }

  @Test func tryFilterAfterTryFilterFusesAndFailsWithTheFirstError() {
    let fused: Publishers.TryFilter<Publishers.Sequence<[Int], Never>> = [1, 2].publisher
      .tryFilter { _ in throw TestError(code: 1) }
      .tryFilter { _ in throw TestError(code: 2) }
    #expect(fused.record().testEvents == [.subscription, .failure(TestError(code: 1))])
  }

  @Test func describesItsSubscriptionAsTryFilter() throws {
    #expect(try subscriptionDescription(of: Just(1).tryFilter { _ in true }) == "TryFilter")
  }

  @Test func releasesTheDownstreamAndThePredicate() throws {
    try expectReleasesOnEveryEnd(sending: [3]) { (upstream: TestPublisher<Int, Never>, token: Token) in
      upstream.tryFilter { value in
        try withExtendedLifetime(token) {
          if value == 3 { throw TestError() }
          return true
        }
      }
    }
  }

  @Test func aValueBeforeTheSubscriptionTraps() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      _ = EarlyEventPublisher<Int, TestError>(.value(1)).tryFilter { _ in true }.record()
    }
    #expect(result.standardErrorText.contains("API violation: TryFilter received a value before its subscription"))
  }

  @Test func aCompletionBeforeTheSubscriptionTraps() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      _ = EarlyEventPublisher<Int, TestError>(.completion(.finished)).tryFilter { _ in true }.record()
    }
    #expect(result.standardErrorText.contains("API violation: TryFilter received a completion before its subscription"))
  }
}
