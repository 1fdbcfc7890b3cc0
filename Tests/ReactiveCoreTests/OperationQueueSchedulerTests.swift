import Foundation
import ReactiveCore
import ReactiveCoreFoundation
import SharedMachinery
import Synchronization
import Testing

@Suite struct OperationQueueSchedulerTests {
  typealias Time = OperationQueue.SchedulerTimeType
  typealias Stride = OperationQueue.SchedulerTimeType.Stride

  @Test func timeArithmeticIsInSeconds() throws {
    let start = Time(Date(timeIntervalSinceReferenceDate: 100))
    #expect(start.advanced(by: .milliseconds(500)).date == Date(timeIntervalSinceReferenceDate: 100.5))
    #expect(start.distance(to: Time(Date(timeIntervalSinceReferenceDate: 98))) == .seconds(-2))
    #expect(start < start.advanced(by: .nanoseconds(1_000)))
    let literal: Stride = 2
    #expect(literal.timeInterval == 2)
    #expect(Stride.microseconds(1_500).magnitude == 0.0015)
    #expect(Stride.seconds(2) * 3 == .seconds(6))
    #expect(Stride(exactly: 7 as Int8) == .seconds(7))
    var stride = Stride.seconds(1)
    stride += 1
    stride -= 0.5
    stride *= 4
    #expect(stride == .seconds(6))
    let data = try JSONEncoder().encode(start)
    #expect(try JSONDecoder().decode(Time.self, from: data) == start)
  }

  @Test func runsImmediateDelayedAndRepeatingActions() {
    let queue = OperationQueue()
    queue.maxConcurrentOperationCount = 1
    let log = Lock<[String]>([])
    let done = DispatchSemaphore(value: 0)
    queue.schedule { log.withLock { $0.append("now") } }
    queue.schedule(after: queue.now.advanced(by: .milliseconds(10))) {
      log.withLock { $0.append("later") }
      done.signal()
    }
    #expect(done.wait(timeout: .now() + 5) == .success)

    let (cancellable, counter) = scheduleUntilTheThirdTick(on: queue)
    cancellable.cancel()
    queue.waitUntilAllOperationsAreFinished()
    let countAfterCancel = counter.ticks
    Thread.sleep(forTimeInterval: 0.03)
    queue.waitUntilAllOperationsAreFinished()
    #expect(counter.ticks == countAfterCancel)
    #expect(log.withLock { $0 } == ["now", "later"])
  }

  @Test func addsABlockOperationForAnActionNowAsCombineDoes() {
    let queue = LoggingOperationQueue()
    let ran = DispatchSemaphore(value: 0)
    queue.schedule { ran.signal() }
    #expect(ran.wait(timeout: .now() + 5) == .success)
    #expect(queue.added.count == 1)
    #expect(queue.added.first is BlockOperation)
    #expect(queue.addedBlocks == 0)
  }

  @Test func addsALaterActionAtOnceAsAnOperationThatIsNotReadyYetAsCombineDoes() throws {
    let queue = LoggingOperationQueue()
    let runs = TickCounter()
    let ran = DispatchSemaphore(value: 0)
    // Far enough that the checks below run before it is due, even on a slow machine.
    queue.schedule(after: queue.now.advanced(by: .seconds(1))) {
      _ = runs.tick()
      ran.signal()
    }
    #expect(queue.added.count == 1)
    let operation = try #require(queue.added.first)
    #expect(!(operation is BlockOperation))
    #expect(operation is any Cancellable)
    #expect(!operation.isReady)
    #expect(!operation.isFinished)
    #expect(!operation.isCancelled)
    #expect(!operation.isAsynchronous)

    #expect(ran.wait(timeout: .now() + 10) == .success)
    queue.waitUntilAllOperationsAreFinished()
    operation.main()  // runs its action once only
    #expect(runs.ticks == 1)
    #expect(queue.addedBlocks == 0)
  }

  /// corelibs Foundation's queue reads an operation's readiness while adding
  /// it and loses a change made meanwhile; an operation whose due timer
  /// fired then waited for another event of its queue, here forever. Under
  /// load (busy threads on every core), about once in 10,000 actions.
  @Test func everyActionDueAtOnceRunsOnABusyMachine() {
    let queue = OperationQueue()
    queue.maxConcurrentOperationCount = 1
    let busy = BusyThreads(count: ProcessInfo.processInfo.activeProcessorCount)
    defer { busy.stop() }
    let deadline = Reliability.deadline(light: .milliseconds(500))
    var rounds = 0
    var stalled = false
    while !stalled && (rounds == 0 || ContinuousClock.now < deadline) {
      let ran = DispatchSemaphore(value: 0)
      queue.schedule(after: queue.now) { ran.signal() }
      stalled = ran.wait(timeout: .now() + 5) == .timedOut
      rounds += 1
    }
    #expect(!stalled, "round \(rounds) never ran")
  }

  @Test func addsEachRunOfARepeatingActionAsAnOperationAsCombineDoes() throws {
    let queue = LoggingOperationQueue()
    let counter = TickCounter()
    let thirdTick = DispatchSemaphore(value: 0)
    let repetition = Shared<AnyCancellable?>(nil)
    repetition.value = AnyCancellable(
      queue.schedule(after: queue.now, interval: .milliseconds(5)) {
        guard counter.tick() == 3 else { return }
        // The test thread may not have stored the cancellable yet (runs are 5 ms apart).
        settle(timeout: .seconds(10)) { repetition.value != nil }
        repetition.value?.cancel()  // from inside the third run: no fourth is added
        thirdTick.signal()
      }
    )
    #expect(thirdTick.wait(timeout: .now() + 5) == .success)
    queue.waitUntilAllOperationsAreFinished()

    // Each run but the last added the next one.
    #expect(counter.ticks == 3)
    #expect(queue.added.count == 3)
    #expect(queue.added.allSatisfy { !($0 is BlockOperation) && $0 is any Cancellable })
    let first = try #require(queue.added.first)
    first.main()  // a run that is over does not run again
    #expect(counter.ticks == 3)
    #expect(queue.addedBlocks == 0)
  }
}

/// An operation queue that logs the operations added to it, as Combine's
/// scheduler is seen adding them.
private final class LoggingOperationQueue: OperationQueue, @unchecked Sendable {
  // @unchecked Sendable: the log is behind its lock.
  private let log = Lock<(operations: [Operation], blocks: Int)>(([], 0))

  var added: [Operation] { log.withLock { $0.operations } }
  var addedBlocks: Int { log.withLock { $0.blocks } }

  override func addOperation(_ operation: Operation) {
    log.withLock { $0.operations.append(operation) }
    super.addOperation(operation)
  }

  override func addOperation(_ block: @escaping @Sendable () -> Void) {
    log.withLock { $0.blocks += 1 }
    super.addOperation(block)
  }
}

/// Threads that keep every core busy until stopped, so that the threads of a
/// test are preempted at any point.
private final class BusyThreads: Sendable {
  private let running = Atomic(true)

  init(count: Int) {
    for _ in 0..<count {
      Thread.detachNewThread { [self] in
        while running.load(ordering: .relaxed) {}
      }
    }
  }

  func stop() { running.store(false, ordering: .relaxed) }
}
