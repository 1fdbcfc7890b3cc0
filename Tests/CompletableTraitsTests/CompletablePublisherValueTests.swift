import CompletableTraits
import Dispatch
import ReactiveCore
import Testing
import TraitsTesting

@Suite struct CompletablePublisherValueTests {
  @Test func returnsWhenThePublisherFinishes() async {
    await Empty<Never, Never>().value  // no try: Never fails
    let finished: Void = await AnyCompletablePublisher<Never>.empty().value
    #expect(finished == ())
  }

  @Test func throwsTheFailureWithItsOwnType() async {
    do {
      try await Fail<Never, TestError>(error: TestError(code: 6)).value
      Issue.record("no error thrown")
    } catch {
      let typed: TestError = error
      #expect(typed == TestError(code: 6))
    }
  }

  @Test func cancellingTheTaskCancelsTheSubscriptionAndReturnsWhenFailureCannotHoldIt() async throws {
    let upstream = TestPublisher<Never, TestError>()
    let task = Task { try await ForwardCompletable(upstream: upstream).value }
    try await waitUntil { upstream.requests.count == 1 }
    task.cancel()
    try await task.value
    #expect(upstream.cancellations == 1)
  }

  @Test func cancellingTheTaskThrowsCancellationErrorWhenFailureIsAnyError() async throws {
    let upstream = TestPublisher<Never, any Error>()
    let task = Task { try await ForwardCompletable(upstream: upstream).value }
    try await waitUntil { upstream.requests.count == 1 }
    task.cancel()
    await #expect(throws: CancellationError.self) { try await task.value }
    #expect(upstream.cancellations == 1)
  }

  @Test func waitsForACompletionSentFromAnotherThread() async throws {
    let upstream = TestPublisher<Never, TestError>()
    let feeder = Task.detached {
      try await waitUntil { upstream.requests.count == 1 }
      upstream.send(completion: .finished)
    }
    try await ForwardCompletable(upstream: upstream).value
    try await feeder.value
    #expect(upstream.cancellations == 0)
  }
}
