import Dispatch
import MaybeTraits
import ReactiveCore
import Testing
import TraitsTesting

@Suite struct MaybePublisherValueTests {
  @Test func anEmptyMaybeGivesNil() async throws(CancellationError) {
    let value: Int? = try await Empty<Int, Never>().value
    #expect(value == nil)
  }

  @Test func aMaybeWithAValueGivesIt() async throws(CancellationError) {
    #expect(try await Optional(3).publisher.value == 3)
  }

  @Test func theFailureIsThrown() async {
    do {
      _ = try await Fail<Int, TestError>(error: TestError(code: 4)).eraseToAnyMaybePublisher().value
      Issue.record("no error thrown")
    } catch {
      #expect(error as? TestError == TestError(code: 4))
    }
  }

  @Test func theResultKeepsTheFailuresOwnType() async throws(CancellationError) {
    let failed: Result<Int?, TestError> = try await Fail<Int, TestError>(error: TestError(code: 4)).result
    #expect(failed == .failure(TestError(code: 4)))
    #expect(try await Empty<Int, TestError>().result == .success(nil))
    #expect(try await Optional(5).publisher.result == .success(5))
  }

  @Test func requestsOneValueAndCancelsAfterIt() async throws {
    let upstream = TestPublisher<Int, Never>()
    let maybe = ForwardMaybe(upstream: upstream)
    let value = try await valueFed(by: upstream, once: { $0 == [.max(1)] }, sending: { $0.send(1) }) {
      try await maybe.value
    }
    #expect(value == 1)
    #expect(upstream.cancellations == 1)
  }

  @Test func theFinishedCompletionEndsTheWaitWithoutCancelling() async throws {
    let upstream = TestPublisher<Int, Never>()
    let maybe = ForwardMaybe(upstream: upstream)
    let value = try await valueFed(by: upstream, once: { $0.count == 1 }, sending: { $0.send(completion: .finished) }) {
      try await maybe.value
    }
    #expect(value == nil)
    #expect(upstream.cancellations == 0)
  }

  @Test func withATypedFailureCancellingTheTaskCancelsTheSubscriptionAndThrows() async throws {
    let upstream = TestPublisher<Int, TestError>()
    let maybe = ForwardMaybe(upstream: upstream)
    let task = Task { try await maybe.value }
    try await expectCancellingTheTaskCancelsTheUpstream(task, awaiting: upstream)
  }

  @Test func withANeverFailureCancellingTheTaskCancelsTheSubscriptionAndThrows() async throws {
    let upstream = TestPublisher<Int, Never>()
    let maybe = ForwardMaybe(upstream: upstream)
    let task = Task { () async throws(CancellationError) -> Int? in try await maybe.value }
    try await expectCancellingTheTaskCancelsTheUpstream(task, awaiting: upstream)
  }

  @Test func cancellingTheTaskThrowsCancellationErrorWhenFailureIsAnyError() async throws {
    let upstream = TestPublisher<Int, any Error>()
    let maybe = ForwardMaybe(upstream: upstream)
    let task = Task { try await maybe.value }
    try await expectCancellingTheTaskCancelsTheUpstream(task, awaiting: upstream)
  }

  @Test func aSubscriptionThatArrivesAfterTheCancelIsCancelled() async throws {
    let upstream = TestPublisher<Int, Never>()
    // Delivers the subscription later, on another thread, like subscribe(on:).
    let late = upstream.subscribe(on: DispatchQueue(label: "late"))
    let task = Task {
      withUnsafeCurrentTask { $0?.cancel() }
      return try await ForwardMaybe(upstream: late).value
    }
    await #expect(throws: CancellationError.self) { try await task.value }
    try await Task.sleep(nanoseconds: 10_000_000)
    #expect(!upstream.hasSubscribers)
  }

  @Test func racesBetweenTheCompletionAndTheCancelEndEveryWait() async throws {
    for _ in 0..<200 {
      let upstream = TestPublisher<Int, Never>()
      let maybe = ForwardMaybe(upstream: upstream)
      let task = Task { () async throws(CancellationError) -> Int? in try await maybe.value }
      try await waitUntil { upstream.requests.count == 1 }
      async let send: Void = Task.detached { upstream.send(1) }.value
      task.cancel()
      await send
      switch await task.result {
      case let .success(value): #expect(value == 1)
      case .failure: break  // the cancel won
      }
    }
  }

  @Test func theValueIsReleasedAfterTheWait() async {
    weak var weakToken: Token?
    do {
      let token = Token()
      weakToken = token
      let received = try? await Optional(token).publisher.value
      #expect(received === token)
    }
    #expect(weakToken == nil)
  }
}
