import ReactiveCore
import Testing
import TraitsTesting

@Suite struct TryCatchTests {
  @Test func passesValuesAndFinishedThrough() {
    let recorder = Record<Int, TestError>(output: [1, 2], completion: .finished)
      .tryCatch { _ in Just(0) }
      .record()

    #expect(recorder.testEvents == [.subscription, .value(1), .value(2), .finished])
  }

  @Test func continuesWithTheHandlersPublisherAfterAFailure() {
    let upstream = TestPublisher<Int, TestError>()
    var caught: [TestError] = []
    let recorder = upstream.tryCatch { error -> Just<Int> in
      caught.append(error)
      return Just(9)
    }
    .record()

    upstream.send(1)
    upstream.send(completion: .failure(TestError(code: 7)))

    #expect(recorder.testEvents == [.subscription, .value(1), .value(9), .finished])
    #expect(caught == [TestError(code: 7)])
  }

  @Test func failsWithTheErrorTheHandlerThrows() {
    let upstream = TestPublisher<Int, TestError>()
    let recorder = upstream.tryCatch { _ -> Just<Int> in throw TestError(code: 3) }.record()

    upstream.send(1)
    upstream.send(completion: .failure(TestError(code: 1)))
    upstream.send(2)

    #expect(recorder.testEvents == [.subscription, .value(1), .failure(TestError(code: 3))])
    // The upstream had already failed: nothing is left to cancel.
    #expect(upstream.cancellations == 0)
  }

  @Test func deliversTheReplacementsFailureAsAnyError() {
    let upstream = TestPublisher<Int, TestError>()
    let recorder = upstream.tryCatch { _ in Fail<Int, TestError>(error: TestError(code: 2)) }.record()

    upstream.send(completion: .failure(TestError(code: 1)))

    #expect(recorder.testEvents == [.subscription, .failure(TestError(code: 2))])
  }

  @Test func givesTheReplacementTheDemandNotYetReceived() {
    let upstream = TestPublisher<Int, TestError>()
    let replacement = TestPublisher<Int, TestError>()
    _ = upstream.tryCatch { _ in replacement }.record(demand: .max(3))

    upstream.send(1)
    upstream.send(completion: .failure(TestError()))

    #expect(upstream.requests == [.max(3)])
    #expect(replacement.requests == [.max(2)])
  }

  @Test func cancelReachesTheUpstreamThenTheReplacement() {
    let upstream = TestPublisher<Int, TestError>()
    let replacement = TestPublisher<Int, TestError>()
    let first = upstream.tryCatch { _ in replacement }.record()
    let second = upstream.tryCatch { _ in replacement }.record()

    first.cancel()
    upstream.send(completion: .failure(TestError()))
    second.cancel()

    #expect(upstream.cancellations == 1)
    #expect(replacement.cancellations == 1)
  }

  @Test func toleratesACancelFromInsideReceive() {
    let upstream = TestPublisher<Int, TestError>()
    let replacement = TestPublisher<Int, TestError>()
    let recorder = upstream.tryCatch { _ in replacement }.record { _, recorder in
      recorder.cancel()
      return .none
    }

    upstream.send(completion: .failure(TestError()))
    replacement.send(1)
    replacement.send(2)

    #expect(recorder.testEvents == [.subscription, .value(1)])
    #expect(replacement.cancellations == 1)
  }

  @Test func describesItselfAsTryCatch() {
    var description = ""
    Empty<Int, TestError>(completeImmediately: false).tryCatch { _ in Just(0) }
      .subscribe(AnySubscriber(receiveSubscription: { description = "\($0)" }))
    #expect(description == "TryCatch")
  }

  // MARK: Lifetimes

  @Test func releasesTheDownstreamAndTheHandlerAfterTheHandlerThrows() throws {
    try expectReleases(
      { (upstream: TestPublisher<Int, TestError>, token) in
        upstream.tryCatch { _ -> Just<Int> in
          _ = token
          throw TestError()
        }
      },
      end: { upstream, _ in upstream.send(completion: .failure(TestError())) }
    )
  }

  @Test func releasesTheDownstreamAndTheHandlerOnCancel() throws {
    try expectReleases(
      { (upstream: TestPublisher<Int, TestError>, token) in
        upstream.tryCatch { _ in withExtendedLifetime(token) { Just(0) } }
      },
      end: cancelReachingTheUpstream
    )
  }

  @Test func aValueBeforeTheSubscriptionTraps() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      _ = EarlyEventPublisher<Int, TestError>(.value(1)).tryCatch { _ in Just(0) }.record()
    }
    #expect(result.standardErrorText.contains("API violation: TryCatch received a value before its subscription"))
  }
}
