import ReactiveCore
import Testing
import TraitsTesting

@Suite struct RemoveDuplicatesTests {
  @Test func dropsEachValueEqualToThePreviousOne() {
    let recorder = [1, 1, 2, 2, 2, 1, 3, 3].unspecialisedPublisher.removeDuplicates().record()
    #expect(recorder.events == [.subscription, .value(1), .value(2), .value(1), .value(3), .finished])
  }

  @Test func comparesEachValueWithThePreviousValueReceived() {
    // 1 and 2 are "close", 2 and 3 are "close": 3 is compared with 2, which was dropped.
    let recorder = [1, 2, 3, 5].unspecialisedPublisher.removeDuplicates { abs($0 - $1) <= 1 }.record()
    #expect(recorder.events == [.subscription, .value(1), .value(5), .finished])
  }

  @Test func passesAFailureThrough() {
    let upstream = TestPublisher<Int, TestError>()
    let recorder = upstream.removeDuplicates().record()

    upstream.send(1)
    upstream.send(completion: .failure(TestError(code: 1)))

    #expect(recorder.events == [.subscription, .value(1), .failure(TestError(code: 1))])
  }

  @Test func asksUpstreamForOneMoreValueForEachDuplicate() {
    let upstream = TestPublisher<Int, Never>()
    let recorder = upstream.removeDuplicates().record(demand: .max(1))

    let afterFirst = upstream.send(1)
    let afterDuplicate = upstream.send(1)
    recorder.request(.max(2))

    #expect(afterFirst == .none)
    #expect(afterDuplicate == .max(1))
    #expect(upstream.requests == [.max(1), .max(2)])
    #expect(recorder.events == [.subscription, .value(1)])
  }

  @Test func cancellationReachesTheUpstreamOnce() {
    let upstream = TestPublisher<Int, Never>()
    let recorder = upstream.removeDuplicates().record()

    recorder.cancel()
    recorder.cancel()

    #expect(upstream.cancellations == 1)
  }

  @Test func toleratesARequestAndACancelFromInsideReceive() {
    let recorder = expectToleratesARequestAndACancelFromInsideReceive(
      { (upstream: TestPublisher<Int, Never>) in upstream.removeDuplicates() },
      sending: [1, 2, 3]
    )
    #expect(recorder.events == [.subscription, .value(1), .value(2)])
  }

  @Test func describesItsSubscriptionAsRemoveDuplicates() throws {
    #expect(try subscriptionDescription(of: unspecialisedJust(1).removeDuplicates()) == "RemoveDuplicates")
  }

  @Test func releasesTheDownstreamAndThePreviousValueAfterCompletion() throws {
    try expectReleasesTheValueItKeeps({ $0.removeDuplicates(by: ===) }, end: finishUpstream)
  }

  @Test func releasesTheDownstreamAndThePredicateOnCancel() throws {
    try expectReleases(
      { (upstream: TestPublisher<Int, Never>, token: Token) in
        upstream.removeDuplicates { lhs, rhs in withExtendedLifetime(token) { lhs == rhs } }
      },
      end: cancelReachingTheUpstream
    )
  }

  @Test func aValueBeforeTheSubscriptionTraps() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      _ = EarlyEventPublisher<Int, TestError>(.value(1)).removeDuplicates().record()
    }
    #expect(
      result.standardErrorText.contains("API violation: RemoveDuplicates received a value before its subscription")
    )
  }

  @Test func aCompletionBeforeTheSubscriptionTraps() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      _ = EarlyEventPublisher<Int, TestError>(.completion(.finished)).removeDuplicates().record()
    }
    #expect(
      result.standardErrorText.contains("API violation: RemoveDuplicates received a completion before its subscription")
    )
  }
}

@Suite struct TryRemoveDuplicatesTests {
  @Test func dropsEachValueThePredicateCallsADuplicate() {
    let recorder = [1, 1, 2, 2, 1].unspecialisedPublisher.tryRemoveDuplicates(by: ==).record()
    #expect(recorder.testEvents == [.subscription, .value(1), .value(2), .value(1), .finished])
  }

  @Test func failsWithTheThrownErrorAndCancelsTheUpstream() {
    let upstream = TestPublisher<Int, Never>()
    let recorder = upstream.tryRemoveDuplicates { _, next in
      guard next != 3 else { throw TestError(code: 3) }
      return false
    }.record()

    upstream.send(1)
    upstream.send(2)
    upstream.send(3)

    #expect(upstream.cancellations == 1)
    #expect(!upstream.hasSubscribers)
    #expect(recorder.testEvents == [.subscription, .value(1), .value(2), .failure(TestError(code: 3))])
  }

  @Test func neverCallsThePredicateForTheFirstValue() {
    // Not `Just(1)`: its specialised `tryRemoveDuplicates` asks the predicate once, as Combine's does.
    let recorder = unspecialisedJust(1).tryRemoveDuplicates { _, _ in throw TestError() }.record()
    #expect(recorder.testEvents == [.subscription, .value(1), .finished])
  }

  @Test func forwardsNothingAfterTheThrownError() {
    let recorder = expectNothingForwardedAfterTheThrownError(sending: [1, 2, 3]) { upstream in
      upstream.tryRemoveDuplicates { _, _ in throw TestError(code: 1) }
    }
    #expect(recorder.testEvents == [.subscription, .value(1), .failure(TestError(code: 1))])
  }

  @Test func passesTheUpstreamFailureThrough() {
    let upstream = TestPublisher<Int, TestError>()
    let recorder = upstream.tryRemoveDuplicates(by: ==).record()

    upstream.send(completion: .failure(TestError(code: 9)))

    #expect(recorder.testEvents == [.subscription, .failure(TestError(code: 9))])
  }

  @Test func asksUpstreamForOneMoreValueForEachDuplicate() {
    let upstream = TestPublisher<Int, Never>()
    let recorder = upstream.tryRemoveDuplicates(by: ==).record(demand: .max(1))

    upstream.send(1)
    let afterDuplicate = upstream.send(1)
    recorder.request(.max(2))

    #expect(afterDuplicate == .max(1))
    #expect(upstream.requests == [.max(1), .max(2)])
  }

  @Test func toleratesARequestAndACancelFromInsideReceive() {
    let recorder = expectToleratesARequestAndACancelFromInsideReceive(
      { (upstream: TestPublisher<Int, Never>) in upstream.tryRemoveDuplicates(by: ==) },
      sending: [1, 2, 3]
    )
    #expect(recorder.testEvents == [.subscription, .value(1), .value(2)])
  }

  @Test func releasesTheDownstreamAndThePredicateAfterTheThrownError() throws {
    let upstream = TestPublisher<Int, Never>()
    weak var weakProbe: LifetimeProbe<Int, any Error>?
    weak var weakToken: Token?
    let subscription: any Subscription = try {
      let token = Token()
      weakToken = token
      let probe = LifetimeProbe<Int, any Error>(demand: .unlimited)
      weakProbe = probe
      upstream.tryRemoveDuplicates { _, _ in try withExtendedLifetime(token) { throw TestError() } }.subscribe(probe)
      return try #require(probe.subscription)
    }()

    upstream.send(1)
    #expect(weakProbe != nil)
    upstream.send(2)

    #expect(weakProbe == nil)
    #expect(weakToken == nil)
    _ = subscription
  }

  @Test func describesItsSubscriptionAsTryRemoveDuplicates() throws {
    #expect(try subscriptionDescription(of: unspecialisedJust(1).tryRemoveDuplicates(by: ==)) == "TryRemoveDuplicates")
  }

  @Test func aValueBeforeTheSubscriptionTraps() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      _ = EarlyEventPublisher<Int, TestError>(.value(1)).tryRemoveDuplicates { $0 == $1 }.record()
    }
    #expect(
      result.standardErrorText.contains("API violation: TryRemoveDuplicates received a value before its subscription")
    )
  }

  @Test func aCompletionBeforeTheSubscriptionTraps() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      _ = EarlyEventPublisher<Int, TestError>(.completion(.finished)).tryRemoveDuplicates { $0 == $1 }.record()
    }
    #expect(
      result.standardErrorText.contains(
        "API violation: TryRemoveDuplicates received a completion before its subscription"
      )
    )
  }
}
