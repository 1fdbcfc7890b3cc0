import ReactiveCore
import Testing
import TraitsTesting

@Suite struct CatchTests {
  @Test func passesValuesAndFinishedThroughWithoutCallingTheHandler() {
    var handled = 0
    let recorder = Record<Int, TestError>(output: [1, 2], completion: .finished)
      .catch { _ -> Just<Int> in
        handled += 1
        return Just(0)
      }
      .record()

    #expect(recorder.events == [.subscription, .value(1), .value(2), .finished])
    #expect(handled == 0)
  }

  @Test func continuesWithTheHandlersPublisherAfterAFailure() {
    let upstream = TestPublisher<Int, TestError>()
    var caught: [TestError] = []
    let recorder = upstream.catch { error -> Publishers.Sequence<[Int], Never> in
      caught.append(error)
      return [8, 9].publisher
    }
    .record()

    upstream.send(1)
    upstream.send(completion: .failure(TestError(code: 7)))

    #expect(recorder.events == [.subscription, .value(1), .value(8), .value(9), .finished])
    #expect(caught == [TestError(code: 7)])
  }

  @Test func deliversTheReplacementsFailure() {
    let upstream = TestPublisher<Int, TestError>()
    let recorder = upstream.catch { _ in Fail<Int, TestError>(error: TestError(code: 2)) }.record()

    upstream.send(completion: .failure(TestError(code: 1)))

    #expect(recorder.events == [.subscription, .failure(TestError(code: 2))])
  }

  @Test func passesTheDownstreamDemandToTheUpstream() {
    expectDemandPassedThrough(
      { (upstream: TestPublisher<Int, TestError>) in upstream.catch { _ in Just(0) } },
      sending: 1
    )
  }

  @Test func givesTheReplacementTheDemandNotYetReceived() {
    let upstream = TestPublisher<Int, TestError>()
    let replacement = TestPublisher<Int, Never>()
    let recorder = upstream.catch { _ in replacement }.record(demand: .max(3)) { value, _ in
      value == 1 ? .max(2) : .none
    }

    upstream.send(1)
    upstream.send(2)
    upstream.send(completion: .failure(TestError()))
    recorder.request(.max(4))

    // 3 requested, 2 more from the first value, 2 received: 3 outstanding.
    #expect(replacement.requests == [.max(3), .max(4)])
    #expect(recorder.events == [.subscription, .value(1), .value(2)])
  }

  @Test func requestsNothingFromTheReplacementWithoutOutstandingDemand() {
    let upstream = TestPublisher<Int, TestError>()
    let replacement = TestPublisher<Int, Never>()
    let recorder = upstream.catch { _ in replacement }.record(demand: .max(1))

    upstream.send(1)
    upstream.send(completion: .failure(TestError()))

    #expect(replacement.requests == [])
    #expect(replacement.subscriptionCount == 1)
    recorder.request(.max(1))
    #expect(replacement.requests == [.max(1)])
  }

  @Test func replacementValuesAskForTheDemandTheDownstreamReturns() {
    let upstream = TestPublisher<Int, TestError>()
    let replacement = TestPublisher<Int, Never>()
    _ = upstream.catch { _ in replacement }.record(demand: .max(1)) { _, _ in .max(2) }

    upstream.send(completion: .failure(TestError()))
    replacement.send(5)

    #expect(replacement.pendingDemand == .max(2))
  }

  @Test func givesTheDownstreamOneSubscriptionForTheWholeStream() {
    let upstream = TestPublisher<Int, TestError>()
    let recorder = upstream.catch { _ in Just(0) }.record()

    upstream.send(completion: .failure(TestError()))

    #expect(recorder.events == [.subscription, .value(0), .finished])
    #expect(recorder.rejectedSubscriptions == 0)
  }

  @Test func cancelReachesTheUpstream() {
    let upstream = TestPublisher<Int, TestError>()
    let recorder = upstream.catch { _ in Just(0) }.record()

    recorder.cancel()
    recorder.cancel()

    #expect(upstream.cancellations == 1)
  }

  @Test func cancelReachesTheReplacement() {
    let upstream = TestPublisher<Int, TestError>()
    let replacement = TestPublisher<Int, Never>()
    let recorder = upstream.catch { _ in replacement }.record()

    upstream.send(completion: .failure(TestError()))
    recorder.cancel()

    #expect(upstream.cancellations == 0)
    #expect(replacement.cancellations == 1)
  }

  @Test func toleratesACancelFromInsideReceive() {
    let upstream = TestPublisher<Int, TestError>()
    let recorder = upstream.catch { _ in Just(0) }.record { value, recorder in
      if value == 1 { recorder.cancel() }
      return .none
    }

    upstream.send(1)
    upstream.send(completion: .failure(TestError()))

    #expect(recorder.events == [.subscription, .value(1)])
    #expect(upstream.cancellations == 1)
  }

  @Test func toleratesARequestFromInsideReceive() {
    let upstream = TestPublisher<Int, TestError>()
    let replacement = TestPublisher<Int, Never>()
    let recorder = upstream.catch { _ in replacement }.record(demand: .max(1)) { _, recorder in
      recorder.request(.max(1))
      return .none
    }

    upstream.send(1)
    upstream.send(completion: .failure(TestError()))
    replacement.send(2)

    #expect(upstream.requests == [.max(1), .max(1)])
    #expect(replacement.requests == [.max(1), .max(1)])
    #expect(recorder.events == [.subscription, .value(1), .value(2)])
  }

  @Test func forwardsNothingAfterTheReplacementCompletes() {
    let upstream = PassthroughSubject<Int, TestError>()
    let replacement = PassthroughSubject<Int, Never>()
    let recorder = upstream.catch { _ in replacement }.record()

    upstream.send(completion: .failure(TestError()))
    replacement.send(1)
    replacement.send(completion: .finished)
    replacement.send(2)
    upstream.send(3)

    #expect(recorder.events == [.subscription, .value(1), .finished])
  }

  @Test func describesItselfAsCatch() {
    var description = ""
    Empty<Int, TestError>(completeImmediately: false).catch { _ in Just(0) }
      .subscribe(
        AnySubscriber(receiveSubscription: { description = "\($0)" }, receiveValue: { _ in .none })
      )
    #expect(description == "Catch")
  }

  // MARK: Lifetimes

  @Test func releasesTheDownstreamAndTheHandlerAfterCompletion() throws {
    try expectReleases(
      { (upstream: TestPublisher<Int, TestError>, token) in
        upstream.catch { _ in withExtendedLifetime(token) { Just(0) } }
      },
      holding: justSubscribed,
      end: { upstream, _ in upstream.send(completion: .failure(TestError())) }
    )
  }

  @Test func releasesTheDownstreamAndTheHandlerOnCancel() throws {
    try expectReleases(
      { (upstream: TestPublisher<Int, TestError>, token) in
        upstream.catch { _ in withExtendedLifetime(token) { Just(0) } }
      },
      end: cancelSubscription
    )
  }

  @Test func returnsTheDemandOfTheDownstreamInsteadOfRequestingIt() {
    let upstream = TestPublisher<Int, TestError>()
    let replacement = TestPublisher<Int, Never>()
    _ = upstream.catch { _ in replacement }.record(demand: .max(1)) { _, _ in .max(2) }

    #expect(upstream.send(1) == .max(2))
    #expect(upstream.requests == [.max(1)])

    // After the recovery, the replacement gets what is outstanding (1 + 2 - 1),
    // then each value's demand as the result of `receive(_:)`.
    upstream.send(completion: .failure(TestError()))
    #expect(replacement.requests == [.max(2)])
    #expect(replacement.send(2) == .max(2))
    #expect(replacement.requests == [.max(2)])
  }

  @Test func cancelAfterTheUpstreamFinishedDoesNotReachIt() {
    expectCancelAfterTheUpstreamFinishedDoesNotReachIt { (upstream: TestPublisher<Int, TestError>) in
      upstream.catch { _ in Just(0) }
    }
  }

  @Test func cancelAfterTheReplacementFinishedDoesNotReachIt() {
    let upstream = TestPublisher<Int, TestError>()
    let replacement = TestPublisher<Int, Never>()
    let recorder = upstream.catch { _ in replacement }.record()

    upstream.send(completion: .failure(TestError()))
    replacement.send(completion: .finished)
    recorder.cancel()

    #expect(upstream.cancellations == 0)
    #expect(replacement.cancellations == 0)
    #expect(recorder.events == [.subscription, .finished])
  }

  @Test func ignoresAFinishBeforeTheSubscriptionAsCombineDoes() {
    let recorder = EarlyEventPublisher<Int, TestError>(.completion(.finished)).catch { _ in Just(0) }.record()
    #expect(recorder.events == [.subscription])
  }

  @Test func aValueBeforeTheSubscriptionTraps() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      _ = EarlyEventPublisher<Int, TestError>(.value(1)).catch { _ in Just(0) }.record()
    }
    #expect(result.standardErrorText.contains("API violation: Catch received a value before its subscription"))
  }

  @Test func aFailureBeforeTheSubscriptionTraps() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      _ = EarlyEventPublisher<Int, TestError>(.completion(.failure(TestError()))).catch { _ in Just(0) }.record()
    }
    #expect(result.standardErrorText.contains("API violation: Catch received a failure before its subscription"))
  }

  @Test func anUpstreamFailingTwiceTraps() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      let upstream = UnrulyPublisher<Int, TestError>()
      _ = upstream.catch { _ in Empty<Int, Never>(completeImmediately: false) }.record()
      upstream.send(completion: .failure(TestError(code: 1)))
      upstream.send(completion: .failure(TestError(code: 2)))
    }
    #expect(result.standardErrorText.contains("API violation: Catch received a second failure from its upstream"))
  }

  @Test func aValueWithoutDemandTraps() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      let upstream = TestPublisher<Int, TestError>()
      _ = upstream.catch { _ in Just(0) }.record(demand: .max(1))
      upstream.send(1)
      upstream.send(2)
    }
    #expect(result.standardErrorText.contains("API violation: Catch received a value without demand"))
  }
}
