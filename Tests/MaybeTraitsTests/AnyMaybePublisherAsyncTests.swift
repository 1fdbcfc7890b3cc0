import Dispatch
import MaybeTraits
import ReactiveCore
import Testing
import TraitsTesting

/// Collects what closures receive, from any thread.
private final class Log: @unchecked Sendable {
  // @unchecked Sendable: every access is under the lock.
  private let lock = DispatchQueue(label: "Log")
  private var entries: [String] = []
  var all: [String] { lock.sync { entries } }
  func append(_ entry: String) { lock.sync { entries.append(entry) } }
}

@Suite struct AnyMaybePublisherAsyncTests {
  @Test func aNilResultFinishesWithoutAValue() async throws {
    let recording = AnyMaybePublisher<Int, Never> { nil }.record()
    _ = try await recording.awaitCompletion()
    #expect(recording.events == [.subscription, .finished])
  }

  @Test func aValueIsPublishedThenFinished() async throws {
    let recording = AnyMaybePublisher<Int, Never> { 8 }.record()
    _ = try await recording.awaitCompletion()
    #expect(recording.events == [.subscription, .value(8), .finished])
  }

  @Test func aTypedFailureIsPublished() async throws {
    let maybe = AnyMaybePublisher<Int, TestError> { () async throws(TestError) -> Int? in throw TestError(code: 1) }
    let recording = maybe.record()
    _ = try await recording.awaitCompletion()
    #expect(recording.events == [.subscription, .failure(TestError(code: 1))])
  }

  @Test func nothingRunsBeforeTheFirstDemand() async throws {
    let log = Log()
    let recording = AnyMaybePublisher<Int, Never> {
      log.append("run")
      return 1
    }.record(demand: .none)
    try await Task.sleep(nanoseconds: 10_000_000)
    #expect(log.all.isEmpty)
    recording.request(.max(1))
    _ = try await recording.awaitCompletion()
    #expect(log.all == ["run"])
  }

  @Test func cancellingTheSubscriptionCancelsTheTask() async throws {
    let log = Log()
    let maybe = AnyMaybePublisher<Int, Never> {
      log.append("started")
      await withTaskCancellationHandler {
        try? await Task.sleep(nanoseconds: 30_000_000_000)
      } onCancel: {
        log.append("cancelled")
      }
      return 1
    }
    let recording = maybe.record()
    try await waitUntil { log.all == ["started"] }
    recording.cancel()
    try await waitUntil { log.all == ["started", "cancelled"] }
    try await Task.sleep(nanoseconds: 10_000_000)
    #expect(recording.events == [.subscription])
  }

  @Test func publishesTheFirstElementOfAnAsyncSequenceAndStopsIterating() async throws {
    let log = Log()
    let numbers = CountingSequence(log: log)
    let recording = AnyMaybePublisher(firstElementOf: numbers).record()
    _ = try await recording.awaitCompletion()
    #expect(recording.events == [.subscription, .value(1), .finished])
    #expect(log.all == ["next"])  // one element asked for, no more
  }

  @Test func anEmptyAsyncSequenceFinishesWithoutAValue() async throws {
    let empty = AsyncStream<Int> { $0.finish() }
    let recording = AnyMaybePublisher(firstElementOf: empty).record()
    _ = try await recording.awaitCompletion()
    #expect(recording.events == [.subscription, .finished])
  }

  @Test func theFailureOfAnAsyncSequenceIsPublished() async throws {
    let failing = AsyncThrowingStream<Int, any Error> { $0.finish(throwing: TestError(code: 5)) }
    let maybe = AnyMaybePublisher(firstElementOf: failing)
    let completion = try await maybe.record().awaitCompletion()
    guard case let .failure(error) = completion else {
      Issue.record("expected a failure, got \(completion)")
      return
    }
    #expect(error as? TestError == TestError(code: 5))
  }
}

/// The numbers 1, 2, 3, … without end, logging each `next()`.
private struct CountingSequence: AsyncSequence, Sendable {
  typealias Element = Int
  typealias Failure = Never
  let log: Log

  struct AsyncIterator: AsyncIteratorProtocol {
    let log: Log
    var count = 0

    mutating func next() async -> Int? {
      log.append("next")
      count += 1
      return count
    }
  }

  func makeAsyncIterator() -> AsyncIterator { AsyncIterator(log: log) }
}
