import Dispatch
import ReactiveCore
import ReactiveExtras
import SharedMachinery
import TestSupport
import Testing
import TraitsTesting

/// Counts what its iterations do: iterators made, elements pulled, and
/// whether an iteration saw its task cancelled.
private final class PullLog: Sendable {
  private let counts = Lock((iterators: 0, liveIterators: 0, pulls: 0, cancelled: 0))

  var iterators: Int { counts.withLock { $0.iterators } }
  /// Iterators made and not yet released: their tasks are still running.
  var liveIterators: Int { counts.withLock { $0.liveIterators } }
  var pulls: Int { counts.withLock { $0.pulls } }
  var cancelled: Int { counts.withLock { $0.cancelled } }

  func madeIterator() {
    counts.withLock {
      $0.iterators += 1
      $0.liveIterators += 1
    }
  }
  func releasedIterator() { counts.withLock { $0.liveIterators -= 1 } }
  func pulled() { counts.withLock { $0.pulls += 1 } }
  func sawCancellation() { counts.withLock { $0.cancelled += 1 } }
}

/// Held by an iterator: tells the log when the iterator is released.
private final class IteratorLife: Sendable {
  let log: PullLog

  init(log: PullLog) {
    self.log = log
    log.madeIterator()
  }

  deinit {
    log.releasedIterator()
  }
}

/// The natural numbers from 1, without end (or up to `limit`), logging each
/// pull; a pull in a cancelled task ends the sequence.
private struct Naturals: AsyncSequence, Sendable {
  typealias Failure = Never

  let log: PullLog
  var limit = Int.max

  struct AsyncIterator: AsyncIteratorProtocol {
    typealias Failure = Never

    let log: PullLog
    let limit: Int
    let life: IteratorLife
    var last = 0

    mutating func next() async -> Int? {
      log.pulled()
      guard !Task.isCancelled else {
        log.sawCancellation()
        return nil
      }
      guard last < limit else { return nil }
      last += 1
      return last
    }
  }

  func makeAsyncIterator() -> AsyncIterator {
    AsyncIterator(log: log, limit: limit, life: IteratorLife(log: log))
  }
}

/// A sequence whose failure is typed: one element, then `TestError(code: 9)`.
private struct FailsAfterOne: AsyncSequence, Sendable {
  typealias Failure = TestError

  struct AsyncIterator: AsyncIteratorProtocol {
    typealias Failure = TestError
    var sent = false

    mutating func next() async throws(TestError) -> Int? {
      guard !sent else { throw TestError(code: 9) }
      sent = true
      return 1
    }

    mutating func next(isolation actor: isolated (any Actor)?) async throws(TestError) -> Int? {
      try await next()
    }
  }

  func makeAsyncIterator() -> AsyncIterator {
    AsyncIterator()
  }
}

/// Both a `Sequence` and an `AsyncSequence`: `publisher` is `Sequence`'s.
struct BothKinds: Sequence, AsyncSequence, Sendable {
  typealias Element = Int
  typealias Failure = Never

  struct Iterator: IteratorProtocol, AsyncIteratorProtocol {
    typealias Failure = Never

    var current = 1

    mutating func next() -> Int? {
      guard current <= 2 else { return nil }
      defer { current += 1 }
      return current
    }
  }

  func makeIterator() -> Iterator { Iterator() }

  func makeAsyncIterator() -> Iterator { Iterator() }
}

/// Requests everything in `receive(subscription:)`, then keeps working there
/// until a value comes or 200 ms pass, as a subscriber that sets itself up
/// after requesting would; records its events in `recorder`, and whether a
/// value came while it was still inside `receive(subscription:)`.
private final class BusySubscriber: Subscriber, Sendable {
  typealias Input = Int
  typealias Failure = Never

  let recorder = RecordingSubscriber<Int, Never>(demand: .none)
  private let isSubscribing = Lock(false)
  private let overlaps = Lock(0)
  private let valueArrived = DispatchSemaphore(value: 0)

  /// How many values came while `receive(subscription:)` was running.
  var valuesDuringSubscription: Int { overlaps.withLock { $0 } }

  func receive(subscription: any Subscription) {
    isSubscribing.withLock { $0 = true }
    recorder.receive(subscription: subscription)
    recorder.request(.unlimited)
    // Keeps working: a value that comes now comes on another thread.
    _ = valueArrived.wait(timeout: .now() + .milliseconds(200))
    isSubscribing.withLock { $0 = false }
  }

  func receive(_ input: Int) -> Subscribers.Demand {
    if isSubscribing.withLock({ $0 }) { overlaps.withLock { $0 += 1 } }
    valueArrived.signal()
    return recorder.receive(input)
  }

  func receive(completion: Subscribers.Completion<Never>) {
    recorder.receive(completion: completion)
  }
}

private func isTerminated<Element>(_ result: AsyncStream<Element>.Continuation.YieldResult) -> Bool {
  if case .terminated = result { true } else { false }
}

@Suite struct AsyncSequencePublisherTests {
  // MARK: Events

  @Test func publishesTheElementsThenFinishes() async throws {
    let stream = AsyncStream<Int> { continuation in
      for value in 1...3 { continuation.yield(value) }
      continuation.finish()
    }
    let recorder = stream.publisher.record()
    #expect(try await recorder.awaitCompletion() == .finished)
    #expect(recorder.events == [.subscription, .value(1), .value(2), .value(3), .finished])
  }

  @Test func anEmptySequenceFinishes() async throws {
    let recorder = Naturals(log: PullLog(), limit: 0).publisher.record()
    #expect(try await recorder.awaitCompletion() == .finished)
    #expect(recorder.events == [.subscription, .finished])
  }

  @Test func aThrownErrorIsTheFailure() async throws {
    let stream = AsyncThrowingStream<Int, any Error> { continuation in
      continuation.yield(1)
      continuation.finish(throwing: TestError(code: 5))
    }
    let recorder = stream.publisher.record()
    _ = try await recorder.awaitCompletion()
    #expect(recorder.testEvents == [.subscription, .value(1), .failure(TestError(code: 5))])
  }

  @Test func theFailureTypeIsTheSequences() async throws {
    let typed: AnyPublisher<Int, TestError> = FailsAfterOne().publisher.eraseToAnyPublisher()
    let never: AnyPublisher<Int, Never> = AsyncStream<Int> { $0.finish() }.publisher.eraseToAnyPublisher()
    let recorder = typed.record()
    #expect(try await recorder.awaitCompletion() == .failure(TestError(code: 9)))
    #expect(recorder.events == [.subscription, .value(1), .failure(TestError(code: 9))])
    _ = never
  }

  @Test func aTypeThatIsBothKindsOfSequenceGetsCombinesPublisher() {
    let publisher: Publishers.Sequence<BothKinds, Never> = BothKinds().publisher
    #expect(publisher.record().events == [.subscription, .value(1), .value(2), .finished])
    let asynchronous = AsyncSequencePublisher(BothKinds())
    _ = asynchronous
  }

  // MARK: Demand

  @Test func nothingStartsBeforeTheFirstDemand() async throws {
    let log = PullLog()
    let recorder = Naturals(log: log).publisher.record(demand: .none)
    #expect(recorder.events == [.subscription])
    #expect(log.iterators == 0)

    recorder.cancel()
    #expect(log.iterators == 0)
    #expect(log.pulls == 0)
  }

  @Test func pullsOnlyWhatIsDemanded() async throws {
    let log = PullLog()
    let recorder = Naturals(log: log).publisher.record(demand: .max(2))
    _ = try await recorder.next()
    _ = try await recorder.next()
    // The task waits for demand after delivering the second: no third pull.
    #expect(log.pulls == 2)
    #expect(recorder.values == [1, 2])

    recorder.request(.max(3))
    try await waitUntil { recorder.values.count == 5 }
    #expect(log.pulls == 5)
    #expect(recorder.values == [1, 2, 3, 4, 5])
    #expect(log.iterators == 1)
    recorder.cancel()
  }

  @Test func demandReturnedByReceiveIsAdded() async throws {
    let log = PullLog()
    let recorder = Naturals(log: log, limit: 4).publisher.record(demand: .max(1)) { _, _ in .max(1) }
    #expect(try await recorder.awaitCompletion() == .finished)
    #expect(recorder.values == [1, 2, 3, 4])
  }

  // MARK: Cancellation and lifetime

  @Test func cancellingTheSubscriptionCancelsTheIteration() async throws {
    let terminated = Lock(false)
    let (stream, continuation) = AsyncStream.makeStream(of: Int.self)
    continuation.onTermination = { termination in
      if case .cancelled = termination { terminated.withLock { $0 = true } }
    }
    let recorder = stream.publisher.record()
    continuation.yield(1)
    #expect(try await recorder.next() == 1)

    recorder.cancel()
    try await waitUntil { terminated.withLock { $0 } }
    continuation.yield(2)
    #expect(recorder.events == [.subscription, .value(1)])
  }

  @Test func cancellingWhileWaitingForDemandEndsTheIterationThroughTheSequence() async throws {
    let log = PullLog()
    let recorder = Naturals(log: log).publisher.record(demand: .max(1))
    #expect(try await recorder.next() == 1)
    recorder.cancel()
    // The task leaves its wait for one more pull, in its cancelled task, and
    // drops what it returns.
    try await waitUntil { log.liveIterators == 0 }
    #expect(log.pulls == 2)
    #expect(log.cancelled == 1)
    #expect(recorder.events == [.subscription, .value(1)])
  }

  @Test func cancellingWhileWaitingForDemandTerminatesTheStream() async throws {
    let terminated = Lock(false)
    let (stream, continuation) = AsyncStream.makeStream(of: Int.self)
    continuation.onTermination = { termination in
      if case .cancelled = termination { terminated.withLock { $0 = true } }
    }
    let recorder = stream.publisher.record(demand: .max(1))
    continuation.yield(1)
    #expect(try await recorder.next() == 1)

    recorder.cancel()
    try await waitUntil(timeout: .seconds(10)) { terminated.withLock { $0 } }
    // The stream calls onTermination just before it ends: a yield may come between.
    try await waitUntil(timeout: .seconds(10)) { isTerminated(continuation.yield(2)) }
    #expect(recorder.events == [.subscription, .value(1)])
  }

  @Test func releasesTheDownstreamWhenFinished() async throws {
    weak var weakRecorder: RecordingSubscriber<Int, Never>?
    do {
      let recorder = Naturals(log: PullLog(), limit: 2).publisher.record()
      weakRecorder = recorder
      #expect(try await recorder.awaitCompletion() == .finished)
    }
    try await waitUntil { weakRecorder == nil }
  }

  @Test func releasesTheDownstreamWhenCancelled() async throws {
    weak var weakRecorder: RecordingSubscriber<Int, Never>?
    do {
      let recorder = Naturals(log: PullLog()).publisher.record(demand: .max(1))
      weakRecorder = recorder
      #expect(try await recorder.next() == 1)
      recorder.cancel()
    }
    try await waitUntil { weakRecorder == nil }
  }

  @Test func releasesTheDownstreamWhenCancelledBeforeDemand() {
    weak var weakRecorder: RecordingSubscriber<Int, Never>?
    do {
      let recorder = Naturals(log: PullLog()).publisher.record(demand: .none)
      weakRecorder = recorder
      recorder.cancel()
    }
    #expect(weakRecorder == nil)
  }

  @Test func releasesARefusedSubscriberOnceCompleted() {
    MisuseDiagnostics.startRecording()  // the refusal is reported: kept, not printed
    weak var weakRecorder: RecordingSubscriber<Int, Never>?
    let publisher = AsyncStream<Int> { _ in }.publisher
    let first = publisher.record(demand: .none)
    do {
      let second = publisher.record()
      weakRecorder = second
      #expect(second.events == [.subscription, .finished])
    }
    #expect(weakRecorder == nil)
    #expect(
      MisuseDiagnostics.recorded.contains { $0.contains("AsyncSequence.publisher finished a subscriber at once") }
    )
    first.cancel()
  }

  @Test func theTaskEndsOnceCancelled() async throws {
    let log = PullLog()
    let recorder = Naturals(log: log).publisher.record()
    _ = try await recorder.next()
    recorder.cancel()
    try await waitUntil { log.liveIterators == 0 }
    #expect(log.iterators == 1)
    #expect(recorder.completion == nil)
  }

  @Test func requestRacingCancelEndsEveryTask() async throws {
    let log = PullLog()
    for _ in 0..<200 {
      let recorder = Naturals(log: log).publisher.record(demand: .none)
      Race(threads: 2).run { thread, _ in
        if thread == 0 { recorder.request(.max(3)) } else { recorder.cancel() }
      }
      #expect(recorder.completion == nil)
      // Read once: a value in flight at the cancel may still arrive between two reads.
      let values = recorder.values
      #expect(values == Array([1, 2, 3].prefix(values.count)))
    }
    try await waitUntil { log.liveIterators == 0 }  // every task that started has ended
    #expect(log.iterators <= 200)
  }

  // MARK: One iteration at a time

  @Test func aSecondSubscriberOfAThrowingStreamFailsWithoutTakingElements() async throws {
    let (stream, continuation) = AsyncThrowingStream.makeStream(of: Int.self)
    let publisher = stream.publisher
    let first = publisher.record()
    let second = publisher.record()
    let refused = DescribedError(AsyncSequencePublisherError.concurrentIteration)
    #expect(second.describedEvents == [.subscription, .failure(refused)])

    for value in 1...3 { continuation.yield(value) }
    continuation.finish()
    _ = try await first.awaitCompletion()
    #expect(first.describedEvents == [.subscription, .value(1), .value(2), .value(3), .finished])
    #expect(second.describedEvents == [.subscription, .failure(refused)])
  }

  @Test func aSecondSubscriberOfAStreamFinishesWithoutTakingElementsAndIsReported() async throws {
    MisuseDiagnostics.startRecording()
    let (stream, continuation) = AsyncStream.makeStream(of: Int.self)
    let publisher = stream.publisher
    let first = publisher.record()
    let second = publisher.record()
    #expect(second.events == [.subscription, .finished])
    let report = MisuseDiagnostics.recorded.first {
      $0.contains("another subscription of the same publisher is iterating its sequence")
    }
    #expect(
      report
        == "CombineTraits misuse: AsyncSequence.publisher finished a subscriber at once: another subscription of"
        + " the same publisher is iterating its sequence; subscribe once it has ended, or share() the publisher"
    )

    for value in 1...3 { continuation.yield(value) }
    continuation.finish()
    #expect(try await first.awaitCompletion() == .finished)
    #expect(first.events == [.subscription, .value(1), .value(2), .value(3), .finished])
    #expect(second.events == [.subscription, .finished])
  }

  @Test func theGuidesExampleRefusesTheSecondSubscriber() async throws {
    let (events, eventsContinuation) = AsyncThrowingStream.makeStream(of: Int.self)
    let publisher = events.publisher  // read once
    let first = publisher.record()  // iterates
    let second = publisher.record()  // at once: .failure(.concurrentIteration)
    #expect(second.failure as? AsyncSequencePublisherError == .concurrentIteration)
    eventsContinuation.yield(1)
    eventsContinuation.finish()
    _ = try await first.awaitCompletion()
    #expect(first.describedEvents == [.subscription, .value(1), .finished])
  }

  @Test func aSubscriberAfterTheFirstHasFinishedIteratesAfresh() async throws {
    let log = PullLog()
    let publisher = Naturals(log: log, limit: 3).publisher
    let first = publisher.record()
    #expect(try await first.awaitCompletion() == .finished)

    let second = publisher.record()
    #expect(try await second.awaitCompletion() == .finished)
    #expect(first.events == [.subscription, .value(1), .value(2), .value(3), .finished])
    #expect(second.events == [.subscription, .value(1), .value(2), .value(3), .finished])
    #expect(log.iterators == 2)
  }

  @Test func aSubscriberAfterACancelledOneIteratesAfresh() async throws {
    let log = PullLog()
    let publisher = Naturals(log: log, limit: 3).publisher
    let first = publisher.record(demand: .max(1))
    #expect(try await first.next() == 1)
    first.cancel()
    try await waitUntil { log.liveIterators == 0 }  // the last pull has returned

    let second = publisher.record()
    #expect(try await second.awaitCompletion() == .finished)
    #expect(first.events == [.subscription, .value(1)])
    #expect(second.events == [.subscription, .value(1), .value(2), .value(3), .finished])
  }

  @Test func aSubscriberThatCancelsAtOnceLeavesTheSequenceToTheNext() async throws {
    let log = PullLog()
    let publisher = Naturals(log: log, limit: 2).publisher
    publisher.subscribe(
      AnySubscriber<Int, Never>(
        receiveSubscription: { $0.cancel() },
        receiveValue: { _ in .none },
        receiveCompletion: nil
      )
    )
    let recorder = publisher.record()
    #expect(try await recorder.awaitCompletion() == .finished)
    #expect(recorder.events == [.subscription, .value(1), .value(2), .finished])
    #expect(log.iterators == 1)
  }

  @Test func twoSubscribersRacingNeverIterateTogether() async throws {
    let refusal = DescribedError(AsyncSequencePublisherError.concurrentIteration)
    for _ in 0..<100 {
      let (stream, continuation) = AsyncThrowingStream.makeStream(of: Int.self)
      let publisher = stream.publisher
      let recorders = Lock<[RecordingSubscriber<Int, any Error>]>([])
      Race(threads: 2).run { _, _ in
        let recorder = publisher.record()
        recorders.withLock { $0.append(recorder) }
      }
      let (refused, iterating) = recorders.withLock { all in
        (all.filter(\.isCompleted), all.filter { !$0.isCompleted })
      }
      #expect(refused.map(\.describedEvents) == [[.subscription, .failure(refusal)]])
      try #require(iterating.count == 1)

      continuation.yield(1)
      continuation.finish()
      _ = try await iterating[0].awaitCompletion()
      #expect(iterating[0].describedEvents == [.subscription, .value(1), .finished])
    }
  }

  // MARK: Serial signals

  @Test func noValueComesWhileTheSubscriberIsInsideReceiveSubscription() async throws {
    let stream = AsyncStream<Int> { continuation in
      continuation.yield(1)
      continuation.finish()
    }
    let subscriber = BusySubscriber()
    // Subscribes on a thread of its own, away from the tasks' threads.
    DispatchQueue.global().async { stream.publisher.subscribe(subscriber) }
    #expect(try await subscriber.recorder.awaitCompletion() == .finished)
    #expect(subscriber.recorder.events == [.subscription, .value(1), .finished])
    #expect(subscriber.valuesDuringSubscription == 0)
  }

  // MARK: API violations

  @Test func aRequestOfNoDemandTraps() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      requestNoDemand(from: AsyncStream<Int> { $0.finish() }.publisher)
    }
    #expect(result.standardErrorText.contains("API violation: demand must be greater than zero"))
  }

  @Test func aRequestOfNoDemandFromARefusedSubscriberTraps() async {
    await #expect(processExitsWith: .failure) {
      let publisher = AsyncStream<Int> { _ in }.publisher
      let first = publisher.record(demand: .none)
      requestNoDemand(from: publisher)
      withExtendedLifetime(first) {}
    }
  }
}
