import ReactiveCore
import Testing
import TraitsTesting

@Suite struct TryCompactMapTests {
  @Test func republishesTheNonNilResultsThenFinishes() {
    let recorder = ["1", "a", "3"].publisher.tryCompactMap { Int($0) }.record()
    #expect(recorder.testEvents == [.subscription, .value(1), .value(3), .finished])
  }

  @Test func failsWithTheThrownErrorAndCancelsTheUpstream() {
    let recorder = expectFailsWithTheThrownErrorAndCancelsTheUpstream { upstream in
      upstream.tryCompactMap { value -> Int? in
        guard value != 2 else { throw TestError(code: 2) }
        return value
      }
    }
    #expect(recorder.testEvents == [.subscription, .value(1), .failure(TestError(code: 2))])
  }

  @Test func forwardsNothingAfterTheThrownError() {
    let recorder = expectNothingForwardedAfterTheThrownError { upstream in
      upstream.tryCompactMap { _ -> Int? in throw TestError(code: 1) }
    }
    #expect(recorder.testEvents == [.subscription, .failure(TestError(code: 1))])
  }

  @Test func passesTheUpstreamFailureThrough() {
    let upstream = TestPublisher<Int, TestError>()
    let recorder = upstream.tryCompactMap { $0 }.record()

    upstream.send(completion: .failure(TestError(code: 9)))

    #expect(recorder.testEvents == [.subscription, .failure(TestError(code: 9))])
  }

  @Test func asksUpstreamForOneMoreValueForEachNilResult() {
    let upstream = TestPublisher<String, Never>()
    let recorder = upstream.tryCompactMap { Int($0) }.record(demand: .max(1))

    let afterNil = upstream.send("a")
    let afterValue = upstream.send("2")
    recorder.request(.max(3))

    #expect(afterNil == .max(1))
    #expect(afterValue == .none)
    #expect(upstream.requests == [.max(1), .max(3)])
    #expect(recorder.testEvents == [.subscription, .value(2)])
  }

  @Test func cancellationReachesTheUpstreamOnce() {
    let upstream = TestPublisher<Int, Never>()
    let recorder = upstream.tryCompactMap { $0 }.record()

    recorder.cancel()
    recorder.cancel()

    #expect(upstream.cancellations == 1)
  }

  @Test func toleratesARequestFromInsideReceive() {
    let recorder = expectToleratesARequestFromInsideReceive(
      { (upstream: TestPublisher<Int, Never>) in upstream.tryCompactMap { $0 } },
      sending: [1, 2],
      requests: [.max(1), .max(1), .max(1)]
    )
    #expect(recorder.testEvents == [.subscription, .value(1), .value(2)])
  }

  @Test func toleratesACancelFromInsideReceive() {
    let recorder = expectToleratesACancelFromInsideReceive(
      { (upstream: TestPublisher<Int, Never>) in upstream.tryCompactMap { $0 } },
      sending: [1, 2]
    )
    #expect(recorder.testEvents == [.subscription, .value(1)])
  }

  @Test func compactMapAfterTryCompactMapFusesIntoOneOperator() {
    let fused: Publishers.TryCompactMap<Publishers.Sequence<[String], Never>, Int> = ["1", "a", "20", "3"].publisher
      .tryCompactMap { Int($0) }
      .compactMap { value -> Int? in
        guard value != 3 else { throw TestError(code: 3) }
        return value < 10 ? value : nil
      }
    #expect(fused.record().testEvents == [.subscription, .value(1), .failure(TestError(code: 3))])
  }

  @Test func describesItsSubscriptionAsTryCompactMap() throws {
    #expect(try subscriptionDescription(of: Just(1).tryCompactMap { $0 }) == "TryCompactMap")
  }

  @Test func releasesTheDownstreamAndTheTransform() throws {
    try expectReleasesOnEveryEnd(sending: [3]) { (upstream: TestPublisher<Int, Never>, token: Token) in
      upstream.tryCompactMap { value in
        try withExtendedLifetime(token) {
          if value == 3 { throw TestError() }
          return value
        }
      }
    }
  }

  @Test func aValueBeforeTheSubscriptionTraps() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      _ = EarlyEventPublisher<Int, TestError>(.value(1)).tryCompactMap { $0 }.record()
    }
    #expect(result.standardErrorText.contains("API violation: TryCompactMap received a value before its subscription"))
  }

  @Test func aCompletionBeforeTheSubscriptionTraps() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      _ = EarlyEventPublisher<Int, TestError>(.completion(.finished)).tryCompactMap { $0 }.record()
    }
    #expect(
      result.standardErrorText.contains("API violation: TryCompactMap received a completion before its subscription")
    )
  }
}
