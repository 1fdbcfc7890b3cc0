import CompletableTraits
import Dispatch
import ReactiveCore
import Testing
import TraitsTesting

@Suite struct CompletablePublisherValueTests {
  @Test func returnsWhenThePublisherFinishes() async throws(CancellationError) {
    try await Empty<Never, Never>().value  // Never fails: only a cancellation is thrown
    let finished: Void = try await AnyCompletablePublisher<Never>.empty().value
    #expect(finished == ())
  }

  @Test func throwsTheFailure() async {
    do {
      try await Fail<Never, TestError>(error: TestError(code: 6)).value
      Issue.record("no error thrown")
    } catch {
      #expect(error as? TestError == TestError(code: 6))
    }
  }

  @Test func theResultKeepsTheFailuresOwnType() async throws(CancellationError) {
    let failed: Result<Void, TestError> = try await Fail<Never, TestError>(error: TestError(code: 6)).result
    guard case .failure(TestError(code: 6)) = failed else {
      Issue.record("unexpected \(failed)")
      return
    }
    guard case .success = try await Empty<Never, TestError>().result else {
      Issue.record("unexpected failure")
      return
    }
  }

  @Test func withATypedFailureCancellingTheTaskCancelsTheSubscriptionAndThrows() async throws {
    let upstream = TestPublisher<Never, TestError>()
    let task = Task { try await ForwardCompletable(upstream: upstream).value }
    try await expectCancellingTheTaskCancelsTheUpstream(task, awaiting: upstream)
  }

  @Test func withANeverFailureCancellingTheTaskCancelsTheSubscriptionAndThrows() async throws {
    let upstream = TestPublisher<Never, Never>()
    // (A Void closure with typed throws crashes Swift 6.3.1's SILGen in a Task: return a value.)
    let task = Task { () async throws(CancellationError) -> Bool in
      try await ForwardCompletable(upstream: upstream).value
      return true
    }
    try await expectCancellingTheTaskCancelsTheUpstream(task, awaiting: upstream)
  }

  @Test func cancellingTheTaskThrowsCancellationErrorWhenFailureIsAnyError() async throws {
    let upstream = TestPublisher<Never, any Error>()
    let task = Task { try await ForwardCompletable(upstream: upstream).value }
    try await expectCancellingTheTaskCancelsTheUpstream(task, awaiting: upstream)
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
