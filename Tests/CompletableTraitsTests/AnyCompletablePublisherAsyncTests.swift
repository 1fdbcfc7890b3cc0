import CompletableTraits
import Dispatch
import ReactiveCore
import Testing
import TraitsTesting

@Suite struct AnyCompletablePublisherAsyncTests {
  @Test func finishesWhenTheOperationReturns() async throws {
    let saved = Collector<String>()
    let recording = AnyCompletablePublisher<Never> { saved.append("note") }.record()
    _ = try await recording.awaitCompletion()
    #expect(recording.events == [.subscription, .finished])
    #expect(saved.all == ["note"])
  }

  @Test func failsWithTheTypedFailureOfTheOperation() async throws {
    let completable = AnyCompletablePublisher<TestError> { () async throws(TestError) in throw TestError(code: 9) }
    let recording = completable.record()
    _ = try await recording.awaitCompletion()
    #expect(recording.events == [.subscription, .failure(TestError(code: 9))])
  }

  @Test func cancellingTheSubscriptionCancelsTheTask() async throws {
    let log = Collector<String>()
    let completable = AnyCompletablePublisher<any Error> {
      log.append("started")
      do {
        try await Task.sleep(nanoseconds: 30_000_000_000)
      } catch {
        log.append("cancelled")
        throw error
      }
    }
    let recording = completable.record()
    try await waitUntil { log.all == ["started"] }
    recording.cancel()
    try await waitUntil { log.all == ["started", "cancelled"] }
    #expect(recording.events.count == 1)
  }

  @Test func chainsIntoASingleWithAndThen() async throws {
    let log = Collector<String>()
    let login = AnyCompletablePublisher<any Error> { log.append("login") }
    let user = Deferred {
      log.append("user")
      return Just("Alice").setFailureType(to: (any Error).self)
    }
    #expect(try await login.andThen(user).value == "Alice")
    #expect(log.all == ["login", "user"])
  }
}
