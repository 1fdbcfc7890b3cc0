import ReactiveCore
import Synchronization
import Testing
import TraitsTesting

@Suite struct RetryTests {
  @Test func passesValuesAndFinishedThrough() {
    let recorder = Record<Int, TestError>(output: [1, 2], completion: .finished).retry(3).record()
    #expect(recorder.events == [.subscription, .value(1), .value(2), .finished])
  }

  @Test func resubscribesAfterAFailureUntilTheUpstreamFinishes() {
    let upstream = TestPublisher<Int, TestError>()
    let recorder = upstream.retry(2).record()

    upstream.send(1)
    upstream.send(completion: .failure(TestError(code: 1)))
    upstream.send(2)
    upstream.send(completion: .finished)

    #expect(recorder.events == [.subscription, .value(1), .value(2), .finished])
    #expect(upstream.subscriptionCount == 2)
  }

  @Test func deliversTheLastFailureOnceTheRetriesAreSpent() {
    let upstream = TestPublisher<Int, TestError>()
    let recorder = upstream.retry(2).record()

    for code in 1...3 {
      upstream.send(code * 10)
      upstream.send(completion: .failure(TestError(code: code)))
    }

    #expect(recorder.events == [.subscription, .value(10), .value(20), .value(30), .failure(TestError(code: 3))])
    #expect(upstream.subscriptionCount == 3)
    #expect(upstream.hasSubscribers == false)
  }

  @Test func retryZeroDeliversTheFirstFailure() {
    let recorder = Fail<Int, TestError>(error: TestError(code: 1)).retry(0).record()
    #expect(recorder.events == [.subscription, .failure(TestError(code: 1))])
  }

  @Test func loopsInsteadOfRecursingOnAnUpstreamThatFailsAtOnce() {
    let attempts = Atomic(0)
    let upstream = Deferred {
      attempts.add(1, ordering: .relaxed)
      return Fail<Int, TestError>(error: TestError(code: 1))
    }

    let recorder = upstream.retry(10_000).record()

    #expect(recorder.events == [.subscription, .failure(TestError(code: 1))])
    #expect(attempts.load(ordering: .relaxed) == 10_001)
  }

  @Test func retriesWithoutLimitWhenRetriesIsNil() {
    let upstream = TestPublisher<Int, TestError>()
    let recorder = Publishers.Retry(upstream: upstream, retries: nil).record()

    for _ in 0..<50 {
      upstream.send(completion: .failure(TestError()))
    }
    upstream.send(1)

    #expect(recorder.events == [.subscription, .value(1)])
    #expect(upstream.subscriptionCount == 51)
  }

  @Test func passesTheOutstandingDemandToEachNewSubscription() {
    let upstream = TestPublisher<Int, TestError>()
    let recorder = upstream.retry(1).record(demand: .max(3)) { value, _ in value == 1 ? .max(2) : .none }

    upstream.send(1)
    upstream.send(2)
    upstream.send(completion: .failure(TestError()))
    recorder.request(.max(1))

    // 3, then the 2 that value 1 returned, requested at once; 2 received:
    // 3 outstanding for the next attempt, then 1 more.
    #expect(upstream.requests == [.max(3), .max(2), .max(3), .max(1)])
  }

  @Test func keepsDemandRequestedBetweenTwoAttemptsForTheNextOne() {
    let upstream = TestPublisher<Int, TestError>()
    var recorder: RecordingSubscriber<Int, TestError>?
    let retried = Deferred { () -> TestPublisher<Int, TestError> in
      // On the second attempt, runs before the new upstream subscription exists.
      recorder?.request(.max(2))
      return upstream
    }
    .retry(1)
    recorder = retried.record(demand: .max(1))

    upstream.send(completion: .failure(TestError()))

    #expect(upstream.requests == [.max(1), .max(3)])
  }

  @Test func cancelReachesTheCurrentUpstreamSubscription() {
    let upstream = TestPublisher<Int, TestError>()
    let recorder = upstream.retry(1).record()

    upstream.send(completion: .failure(TestError()))
    recorder.cancel()
    recorder.cancel()

    #expect(upstream.cancellations == 1)
    #expect(upstream.hasSubscribers == false)
  }

  @Test func toleratesACancelFromInsideReceive() {
    let upstream = TestPublisher<Int, TestError>()
    let recorder = upstream.retry(5).record { _, recorder in
      recorder.cancel()
      return .none
    }

    upstream.send(1)
    upstream.send(completion: .failure(TestError()))

    #expect(recorder.events == [.subscription, .value(1)])
    #expect(upstream.subscriptionCount == 1)
    #expect(upstream.cancellations == 1)
  }

  @Test func toleratesARequestFromInsideReceive() {
    let upstream = TestPublisher<Int, TestError>()
    let recorder = upstream.retry(1).record(demand: .max(1)) { _, recorder in
      recorder.request(.max(1))
      return .none
    }

    upstream.send(1)
    upstream.send(completion: .failure(TestError()))
    upstream.send(2)

    #expect(recorder.events == [.subscription, .value(1), .value(2)])
    #expect(upstream.requests == [.max(1), .max(1), .max(1), .max(1)])
  }

  @Test func describesItselfAsRetry() {
    var description = ""
    Empty<Int, TestError>(completeImmediately: false).retry(1)
      .subscribe(AnySubscriber(receiveSubscription: { description = "\($0)" }))
    #expect(description == "Retry")
  }

  @Test func requestingNoDemandGoesToTheUpstreamAsIs() {
    // As in Combine, retry does not check the demand: the upstream decides.
    let upstream = TestPublisher<Int, TestError>()
    let recorder = upstream.retry(1).record(demand: .none)

    recorder.request(.none)

    #expect(upstream.requests == [.none])
    #expect(recorder.events == [.subscription])
  }

  @Test func aNegativeCountRetriesWithoutLimit() {
    let upstream = TestPublisher<Int, TestError>()
    let recorder = upstream.retry(-1).record()

    for _ in 0..<50 {
      upstream.send(completion: .failure(TestError()))
    }
    upstream.send(1)

    #expect(recorder.events == [.subscription, .value(1)])
    #expect(upstream.subscriptionCount == 51)
    #expect(Publishers.Retry(upstream: upstream, retries: -1).retries == -1)
  }

  @Test func requestsTheDemandOfTheDownstreamInsteadOfReturningIt() {
    // Combine's retry returns `.none` from `receive(_:)` and requests what its
    // subscriber returned (OpenCombine's RetryTests, run against Combine).
    let upstream = TestPublisher<Int, TestError>()
    _ = upstream.retry(1).record(demand: .max(1)) { _, _ in .max(2) }

    #expect(upstream.send(1) == .none)
    #expect(upstream.requests == [.max(1), .max(2)])

    // The next attempt receives what is outstanding: 1 - 1 + 2.
    upstream.send(completion: .failure(TestError()))
    #expect(upstream.requests == [.max(1), .max(2), .max(2)])
    #expect(upstream.send(2) == .none)
    #expect(upstream.requests == [.max(1), .max(2), .max(2), .max(2)])
  }

  @Test func cancelAfterTheUpstreamFinishedDoesNotReachIt() {
    expectCancelAfterTheUpstreamFinishedDoesNotReachIt { (upstream: TestPublisher<Int, TestError>) in upstream.retry(1)
    }
  }

  @Test func aValueBeforeTheSubscriptionTraps() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      _ = EarlyEventPublisher<Int, TestError>(.value(1)).retry(1).record()
    }
    #expect(result.standardErrorText.contains("API violation: Retry received a value before its subscription"))
  }

  @Test func ignoresACompletionBeforeTheSubscription() {
    // Combine does not trap; it would pass the completion to a downstream
    // that has no subscription yet. Ignored; the subscription that follows works.
    let recorder = EarlyEventPublisher<Int, TestError>(.completion(.finished)).retry(1).record()
    #expect(recorder.events == [.subscription])
    let failed = EarlyEventPublisher<Int, TestError>(.completion(.failure(TestError()))).retry(1).record()
    #expect(failed.events == [.subscription])
  }

  @Test func aValueWithoutDemandTraps() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      let upstream = TestPublisher<Int, TestError>()
      _ = upstream.retry(1).record(demand: .max(1))
      upstream.send(1)
      upstream.send(2)
    }
    #expect(result.standardErrorText.contains("API violation: Retry received a value without demand"))
  }

  @Test func ignoresAValueThatComesBetweenTwoAttempts() {
    let attempts = Atomic(0)
    let upstream = Deferred { () -> AnyPublisher<Int, TestError> in
      if attempts.add(1, ordering: .relaxed).newValue == 1 {
        return Fail(error: TestError()).eraseToAnyPublisher()
      }
      // Sends a value before its own subscription: no attempt is running then.
      return EarlyEventPublisher(.value(9)).eraseToAnyPublisher()
    }

    let recorder = upstream.retry(1).record()

    #expect(recorder.events == [.subscription])
  }

  // MARK: Lifetimes

  @Test func releasesTheDownstreamAndTheUpstreamAfterCompletion() throws {
    let failUpstream = { (upstream: TestPublisher<Int, TestError>, _: any Subscription) in
      upstream.send(completion: .failure(TestError()))
    }
    try expectReleases(
      { (upstream: TestPublisher<Int, TestError>, token) in
        Deferred { withExtendedLifetime(token) { upstream } }.retry(1)
      },
      holding: failUpstream,
      end: failUpstream
    )
  }

  @Test func releasesTheDownstreamAndTheUpstreamOnCancel() throws {
    try expectReleases(
      { (upstream: TestPublisher<Int, TestError>, token) in
        Deferred { withExtendedLifetime(token) { upstream } }.retry(1)
      },
      end: cancelSubscription
    )
  }
}
