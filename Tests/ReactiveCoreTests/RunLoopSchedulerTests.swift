import Foundation
import ReactiveCore
import ReactiveCoreFoundation
import SharedMachinery
import Synchronization
import Testing

/// A thread that runs its run loop until stopped, for tests of run-loop
/// schedulers and timers (the test's own thread belongs to Swift Testing).
final class RunLoopThread: @unchecked Sendable {
  // @unchecked Sendable: `runLoop` is written once before `init` returns;
  // a run loop accepts timers and blocks from any thread.
  private(set) var runLoop: RunLoop!
  private let isStopped = Atomic(false)
  private let finished = DispatchSemaphore(value: 0)

  init() {
    let started = DispatchSemaphore(value: 0)
    Thread {
      self.runLoop = RunLoop.current
      // A run loop without sources returns at once; this timer keeps it waiting.
      let keepAlive = Timer(timeInterval: 3_600, repeats: true) { _ in }
      RunLoop.current.add(keepAlive, forMode: .default)
      started.signal()
      while !self.isStopped.load(ordering: .acquiring) {
        _ = RunLoop.current.run(mode: .default, before: Date(timeIntervalSinceNow: 0.05))
      }
      keepAlive.invalidate()
      self.finished.signal()
    }.start()
    started.wait()
  }

  /// Waits (five seconds at most) until the run loop has finished what it
  /// was running: a timer's or an action's callback in flight when this is
  /// called ends before the block scheduled here runs. Call it after a
  /// cancel, before counting what arrived.
  func finishWhatItRuns(sourceLocation: SourceLocation = #_sourceLocation) {
    let passed = DispatchSemaphore(value: 0)
    runLoop.schedule { passed.signal() }
    #expect(passed.wait(timeout: .now() + 5) == .success, sourceLocation: sourceLocation)
  }

  /// Stops the thread, and waits (boundedly) until it is done.
  func stop() {
    isStopped.store(true, ordering: .releasing)
    _ = finished.wait(timeout: .now() + 2)
  }
}

@Suite struct RunLoopSchedulerTests {
  typealias Time = RunLoop.SchedulerTimeType
  typealias Stride = RunLoop.SchedulerTimeType.Stride

  @Test func timeArithmeticIsInSeconds() {
    let start = Time(Date(timeIntervalSinceReferenceDate: 10))
    #expect(start.advanced(by: .seconds(2)).date == Date(timeIntervalSinceReferenceDate: 12))
    #expect(start.distance(to: start.advanced(by: .milliseconds(250))) == .milliseconds(250))
    #expect(Stride.nanoseconds(5).timeInterval == 5e-9)
    #expect(Stride.milliseconds(100) * 3 == Stride(0.30000000000000004))
    #expect(-Stride.seconds(1) == .seconds(-1))
    #expect(RunLoop.current.minimumTolerance == 0)
  }

  @Test func runsActionsOnItsThreadInOrder() {
    let thread = RunLoopThread()
    defer { thread.stop() }
    let log = Lock<[Int]>([])
    let done = DispatchSemaphore(value: 0)
    let runLoop = thread.runLoop!
    for index in 0..<5 {
      runLoop.schedule {
        #expect(RunLoop.current === runLoop)
        log.withLock { $0.append(index) }
        if index == 4 { done.signal() }
      }
    }
    #expect(done.wait(timeout: .now() + 5) == .success)
    #expect(log.withLock { $0 } == [0, 1, 2, 3, 4])
  }

  @Test func runsDelayedAndRepeatingActions() {
    let thread = RunLoopThread()
    defer { thread.stop() }
    let runLoop = thread.runLoop!
    let delayed = DispatchSemaphore(value: 0)
    let start = Date()
    let ranAfter = Lock<TimeInterval>(0)
    runLoop.schedule(after: runLoop.now.advanced(by: .milliseconds(20))) {
      ranAfter.withLock { $0 = Date().timeIntervalSince(start) }
      delayed.signal()
    }
    #expect(delayed.wait(timeout: .now() + 5) == .success)
    #expect(ranAfter.withLock { $0 } >= 0.019)

    let (cancellable, counter) = scheduleUntilTheThirdTick(on: runLoop)
    cancellable.cancel()
    thread.finishWhatItRuns()  // a tick due at the cancel has run
    let countAfterCancel = counter.ticks
    Thread.sleep(forTimeInterval: 0.03)
    #expect(counter.ticks == countAfterCancel)
  }
}
