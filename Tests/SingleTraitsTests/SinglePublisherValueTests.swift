import Dispatch
import ReactiveCore
import SingleTraits
import Testing
import TraitsTesting

@Suite struct SinglePublisherValueTests {
  @Test func justGivesItsValueAndCanThrowOnlyCancellation() async throws(CancellationError) {
    let value: Int = try await Just(1).value  // the single's value, not the maybe's Int?
    #expect(value == 1)
  }

  @Test func theFailureIsThrown() async {
    let single = Fail<Int, TestError>(error: TestError(code: 3))
    do {
      _ = try await single.value
      Issue.record("no error thrown")
    } catch {
      #expect(error as? TestError == TestError(code: 3))
    }
  }

  @Test func theResultKeepsTheFailuresOwnType() async throws(CancellationError) {
    let result: Result<Int, TestError> = try await Fail<Int, TestError>(error: TestError(code: 3)).result
    #expect(result == .failure(TestError(code: 3)))
    #expect(try await Just(2).result == .success(2))
  }

  @Test func requestsOneValueAndCancelsTheSubscriptionAfterIt() async throws {
    let upstream = TestPublisher<Int, TestError>()
    let single = ForwardSingle(upstream: upstream)
    let value = try await valueFed(by: upstream, once: { $0 == [.max(1)] }, sending: { $0.send(7) }) {
      try await single.value
    }
    #expect(value == 7)
    #expect(upstream.requests == [.max(1)])
    #expect(upstream.cancellations == 1)
    #expect(!upstream.hasSubscribers)
  }

  @Test func eachAccessSubscribesAgain() async {
    let subscriptions = Collector<Int>()
    let counted = Deferred { () -> Just<Int> in
      subscriptions.append(1)
      return Just(0)
    }
    _ = try? await counted.value
    _ = try? await counted.value
    #expect(subscriptions.all.count == 2)
  }

  @Test func cancellingTheTaskCancelsTheSubscriptionAndThrowsWhenFailureIsAnyError() async throws {
    let upstream = TestPublisher<Int, any Error>()
    let single = ForwardSingle(upstream: upstream)
    let task = Task { try await single.value }
    try await expectCancellingTheTaskCancelsTheUpstream(task, awaiting: upstream)
  }

  @Test func aTaskCancelledBeforehandDoesNotSubscribe() async {
    let upstream = TestPublisher<Int, any Error>()
    let single = ForwardSingle(upstream: upstream)
    let task = Task {
      withUnsafeCurrentTask { $0?.cancel() }
      return try await single.value
    }
    await #expect(throws: CancellationError.self) { try await task.value }
    #expect(upstream.subscriptionCount == 0)
  }

  @Test func withATypedFailureCancellingTheTaskCancelsTheSubscriptionAndThrows() async throws {
    let upstream = TestPublisher<Int, TestError>()
    let single = ForwardSingle(upstream: upstream)
    let task = Task { try await single.value }
    try await expectCancellingTheTaskCancelsTheUpstream(task, awaiting: upstream)  // the work stops with the request
  }

  @Test func withANeverFailureCancellingTheTaskCancelsTheSubscriptionAndThrows() async throws {
    let upstream = TestPublisher<Int, Never>()
    let single = ForwardSingle(upstream: upstream)
    let task = Task { () async throws(CancellationError) -> Int in try await single.value }
    try await expectCancellingTheTaskCancelsTheUpstream(task, awaiting: upstream)
  }

  @Test func theResultThrowsCancellationAndCancelsTheSubscription() async throws {
    let upstream = TestPublisher<Int, TestError>()
    let single = ForwardSingle(upstream: upstream)
    let task = Task { () async throws(CancellationError) -> Result<Int, TestError> in try await single.result }
    try await expectCancellingTheTaskCancelsTheUpstream(task, awaiting: upstream)
  }

  @Test func futureKeepsItsOwnValueWhichIgnoresCancellation() async throws {
    // Future.value (ReactiveCore) is more specific than SinglePublisher.value:
    // with an `any Error` failure it still ignores cancellation, as Combine's.
    let promiseBox = PromiseBox()
    let future = Future<Int, any Error> { promise in promiseBox.promise = promise }
    let task = Task { try await future.value }
    task.cancel()
    try await Task.sleep(nanoseconds: 10_000_000)
    promiseBox.promise?(.success(3))
    #expect(try await task.value == 3)
  }

  @Test func theValueIsReleasedAfterTheWait() async {
    weak var weakToken: Token?
    do {
      let token = Token()
      weakToken = token
      let single = Just(token)
      let received = try? await single.value
      #expect(received === token)
    }
    #expect(weakToken == nil)
  }

  @Test func racesBetweenTheValueAndTheCancelEndEveryWait() async throws {
    for _ in 0..<200 {
      let upstream = TestPublisher<Int, any Error>()
      let single = ForwardSingle(upstream: upstream)
      let task = Task { try await single.value }
      try await waitUntil { upstream.requests.count == 1 }
      async let send: Void = Task.detached { upstream.send(1) }.value
      task.cancel()
      await send
      switch await task.result {
      case let .success(value): #expect(value == 1)
      case let .failure(error): #expect(error is CancellationError)
      }
    }
  }

  @Test func aSingleThatFinishesEmptyTraps() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      do {
        _ = try await ForwardSingle(upstream: Empty<Int, Never>()).value
      } catch {
        fatalError("expected a trap, caught \(error)")
      }
    }
    #expect(result.standardErrorText.contains("Single violation: missing element (value)"))
  }
}

/// Keeps the promise of a future, for the test to fulfil later.
private final class PromiseBox: @unchecked Sendable {
  // @unchecked Sendable: written once by the future's closure, before the test reads it.
  var promise: Future<Int, any Error>.Promise?
}
