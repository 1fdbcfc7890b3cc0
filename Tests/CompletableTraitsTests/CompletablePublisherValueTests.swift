import CompletableTraits
import Dispatch
import ReactiveCore
import Testing
import TraitsTesting

/// Polls `condition` until it holds, for at most five seconds.
private func awaitCondition(_ condition: @Sendable () -> Bool) async throws {
  let deadline = DispatchTime.now().uptimeNanoseconds + 5_000_000_000
  while !condition() {
    try #require(DispatchTime.now().uptimeNanoseconds < deadline, "condition not met within 5 s")
    try await Task.sleep(nanoseconds: 1_000_000)
  }
}

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
    try await awaitCondition { upstream.requests.count == 1 }
    task.cancel()
    try await task.value
    #expect(upstream.cancellations == 1)
  }

  @Test func cancellingTheTaskThrowsCancellationErrorWhenFailureIsAnyError() async throws {
    let upstream = TestPublisher<Never, any Error>()
    let task = Task { try await ForwardCompletable(upstream: upstream).value }
    try await awaitCondition { upstream.requests.count == 1 }
    task.cancel()
    await #expect(throws: CancellationError.self) { try await task.value }
    #expect(upstream.cancellations == 1)
  }

  @Test func waitsForACompletionSentFromAnotherThread() async throws {
    let upstream = TestPublisher<Never, TestError>()
    let feeder = Task.detached {
      try await awaitCondition { upstream.requests.count == 1 }
      upstream.send(completion: .finished)
    }
    try await ForwardCompletable(upstream: upstream).value
    try await feeder.value
    #expect(upstream.cancellations == 0)
  }
}
