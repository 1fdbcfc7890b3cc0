import Dispatch
import ReactiveCore
import SingleTraits
import Testing
import TraitsTesting

@Suite struct AnySinglePublisherAsyncTests {
  @Test func publishesTheValueOfTheOperation() async throws {
    let single = AnySinglePublisher<Int, Never> { 42 }
    let recording = single.record()
    _ = try await recording.awaitCompletion()
    #expect(recording.events == [.subscription, .value(42), .finished])
  }

  @Test func publishesTheTypedFailureOfTheOperation() async throws {
    let single = AnySinglePublisher<Int, TestError> { () async throws(TestError) -> Int in
      throw TestError(code: 2)
    }
    let recording = single.record()
    _ = try await recording.awaitCompletion()
    #expect(recording.events == [.subscription, .failure(TestError(code: 2))])
  }

  @Test func infersNeverForAClosureThatDoesNotThrowAndAnyErrorForOneThatDoes() {
    let never = AnySinglePublisher { 1 }
    let throwing = AnySinglePublisher { () async throws -> Int in
      try await Task.sleep(nanoseconds: 0)
      return 1
    }
    #expect(type(of: never) == AnySinglePublisher<Int, Never>.self)
    #expect(type(of: throwing) == AnySinglePublisher<Int, any Error>.self)
  }

  @Test func startsOneTaskPerSubscriptionOnItsFirstDemand() async throws {
    let runs = Collector<Int>()
    let single = AnySinglePublisher<Int, Never> {
      runs.append(1)
      return runs.all.count
    }
    let first = single.record(demand: .none)
    try await Task.sleep(nanoseconds: 10_000_000)
    #expect(runs.all.isEmpty)  // no demand, no task
    first.request(.max(1))
    _ = try await first.awaitCompletion()
    let second = single.record()
    _ = try await second.awaitCompletion()
    #expect(runs.all.count == 2)
    #expect(first.values == [1])
    #expect(second.values == [2])
  }

  @Test func cancellingTheSubscriptionCancelsTheTask() async throws {
    let log = Collector<String>()
    let single = AnySinglePublisher<Int, any Error> {
      log.append("started")
      do {
        try await Task.sleep(nanoseconds: 30_000_000_000)
      } catch {
        log.append(error is CancellationError ? "cancelled" : "other")
        throw error
      }
      return 0
    }
    let recording = single.record()
    try await waitUntil { log.all == ["started"] }
    recording.cancel()
    try await waitUntil { log.all == ["started", "cancelled"] }
    #expect(recording.events.count == 1)  // only the subscription: the result after cancel is dropped
  }

  @Test func theOperationIsReleasedWithThePublisher() async throws {
    weak var weakToken: Token?
    do {
      let token = Token()
      weakToken = token
      let single = AnySinglePublisher<Int, Never> {
        withExtendedLifetime(token) {}
        return 1
      }
      let recording = single.record()
      _ = try await recording.awaitCompletion()
      #expect(recording.values == [1])
    }
    for _ in 0..<5000 where weakToken != nil {  // the task ends on its own thread
      try await Task.sleep(nanoseconds: 1_000_000)
    }
    #expect(weakToken == nil)
  }

  @Test func itsValueCanBeAwaited() async throws {
    let single = AnySinglePublisher<String, any Error> { "async" }
    #expect(try await single.value == "async")
  }
}
