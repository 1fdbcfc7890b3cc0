import ReactiveCore
import ReactiveExtras
import SharedMachinery
import TestSupport
import Testing
import TraitsTesting

@Suite struct ClockSchedulerTests {
  typealias Stride = ClockScheduler<TestClock>.SchedulerTimeType.Stride

  // MARK: Time

  @Test func nowIsTheClocksInstant() {
    let clock = TestClock()
    let scheduler = ClockScheduler(clock: clock)
    let start = scheduler.now
    #expect(start.instant == clock.now)

    clock.advance(by: .seconds(2))
    #expect(scheduler.now.instant == clock.now)
    #expect(start.distance(to: scheduler.now) == .seconds(2))
    #expect(start.advanced(by: .milliseconds(2_000)) == scheduler.now)
    #expect(start < scheduler.now)
    #expect(scheduler.minimumTolerance == .zero)
  }

  @Test func strideSpellsDurations() {
    #expect(Stride.seconds(1).duration == .seconds(1))
    #expect(Stride.seconds(1.5).duration == .milliseconds(1_500))
    #expect(Stride.milliseconds(3).duration == .milliseconds(3))
    #expect(Stride.microseconds(4).duration == .microseconds(4))
    #expect(Stride.nanoseconds(5).duration == .nanoseconds(5))
    #expect(Stride(.seconds(2)) == 2)
    #expect(Stride(.milliseconds(250)) == 0.25)
    #expect(Stride(exactly: 3) == .seconds(3))
    #expect(Stride.milliseconds(100) * 3 == .milliseconds(300))
    #expect(Stride.seconds(1) - .seconds(3) == .seconds(-2))
    #expect((Stride.seconds(1) - .seconds(3)).magnitude == .seconds(2))
    #expect(-Stride.seconds(1) == .seconds(-1))
    var stride = Stride.seconds(1)
    stride += .seconds(1)
    stride -= .milliseconds(500)
    stride *= 2
    #expect(stride == .seconds(3))
  }

  // MARK: Scheduling, on a manual clock

  @Test func scheduleRunsSoon() async throws {
    let scheduler = ClockScheduler(clock: TestClock())
    let ran = Lock(false)
    scheduler.schedule { ran.withLock { $0 = true } }
    try await waitUntil { ran.withLock { $0 } }
  }

  @Test func scheduleAfterRunsEachActionAtItsDate() async throws {
    let clock = TestClock()
    let scheduler = ClockScheduler(clock: clock)
    let log = Lock<[String]>([])
    for second in [3, 1, 2] {
      scheduler.schedule(after: scheduler.now.advanced(by: .seconds(second))) {
        log.withLock { $0.append("\(second)s") }
      }
    }
    try await waitUntil { clock.sleepCount == 3 }

    clock.advance(by: .milliseconds(999))
    #expect(clock.sleepCount == 3)  // nothing is due: nothing runs
    clock.advance(by: .milliseconds(1))
    try await waitUntil { log.withLock { $0 } == ["1s"] }
    clock.advance(by: .seconds(1))
    try await waitUntil { log.withLock { $0 } == ["1s", "2s"] }
    clock.advance(by: .seconds(1))
    try await waitUntil { log.withLock { $0 } == ["1s", "2s", "3s"] }
  }

  @Test func aPastDateRunsSoon() async throws {
    let clock = TestClock()
    let scheduler = ClockScheduler(clock: clock)
    let ran = Lock(false)
    clock.advance(by: .seconds(1))
    scheduler.schedule(after: scheduler.now.advanced(by: .seconds(-1))) { ran.withLock { $0 = true } }
    try await waitUntil { ran.withLock { $0 } }
  }

  @Test func repeatingRunsEveryIntervalUntilCancelled() async throws {
    let clock = TestClock()
    let scheduler = ClockScheduler(clock: clock)
    let ticks = Lock(0)
    let cancellable = scheduler.schedule(after: scheduler.now.advanced(by: .seconds(1)), interval: .seconds(1)) {
      ticks.withLock { $0 += 1 }
    }
    try await waitUntil { clock.sleepCount == 1 }
    #expect(ticks.withLock { $0 } == 0)

    clock.advance(by: .seconds(1))
    try await waitUntil { ticks.withLock { $0 } == 1 && clock.sleepCount == 1 }
    clock.advance(by: .seconds(1))
    try await waitUntil { ticks.withLock { $0 } == 2 && clock.sleepCount == 1 }

    cancellable.cancel()
    try await waitUntil { clock.sleepCount == 0 }  // the pending sleep is cancelled
    clock.advance(by: .seconds(5))
    #expect(ticks.withLock { $0 } == 2)
  }

  @Test func repeatingDoesNotDrift() async throws {
    let clock = TestClock()
    let scheduler = ClockScheduler(clock: clock)
    let times = Lock<[Duration]>([])
    let start = scheduler.now
    let cancellable = scheduler.schedule(after: start.advanced(by: .seconds(1)), interval: .seconds(1)) {
      times.withLock { $0.append(start.distance(to: scheduler.now).duration) }
    }
    try await waitUntil { clock.sleepCount == 1 }
    clock.advance(by: .milliseconds(1_500))  // the first run is late; the second stays due at 2s
    try await waitUntil { times.withLock { $0 }.count == 1 && clock.sleepCount == 1 }
    clock.advance(by: .milliseconds(500))
    try await waitUntil { times.withLock { $0 }.count == 2 }
    #expect(times.withLock { $0 } == [.milliseconds(1_500), .seconds(2)])
    cancellable.cancel()
  }

  @Test func cancellingReleasesTheAction() async throws {
    let clock = TestClock()
    let scheduler = ClockScheduler(clock: clock)
    weak var weakToken: Token?
    let cancellable: any Cancellable = {
      let token = Token()
      weakToken = token
      return scheduler.schedule(after: scheduler.now.advanced(by: .seconds(1)), interval: .seconds(1)) {
        _ = token
      }
    }()
    #expect(weakToken != nil)
    cancellable.cancel()
    #expect(weakToken == nil)
  }

  @Test func cancellingBeforeTheFirstRunRunsNothing() async throws {
    let clock = TestClock()
    let scheduler = ClockScheduler(clock: clock)
    let ticks = Lock(0)
    let cancellable = scheduler.schedule(after: scheduler.now, interval: .seconds(1)) { ticks.withLock { $0 += 1 } }
    cancellable.cancel()
    clock.advance(by: .seconds(3))
    try await waitUntil { clock.sleepCount == 0 }
    #expect(ticks.withLock { $0 } <= 1)  // a run already under way when cancelled may finish; none starts after
  }

  @Test func operatorsRunOnTheClock() async throws {
    let clock = TestClock()
    let scheduler = ClockScheduler(clock: clock)
    let recorder = Just(1).delay(for: .seconds(2), scheduler: scheduler).record()
    try await waitUntil { clock.sleepCount == 2 }  // the value's delivery and the completion's
    clock.advance(by: .seconds(1))
    #expect(recorder.events == [.subscription])
    clock.advance(by: .seconds(1))
    #expect(try await recorder.awaitCompletion() == .finished)
    #expect(recorder.events == [.subscription, .value(1), .finished])
  }

  // MARK: ContinuousClock (short, bounded real time)
  //
  // The clock's tasks run on Swift's cooperative threads, two on this
  // machine, which the suite's blocking tests can hold for most of a
  // `make test` run: the waits allow a minute, and end as soon as the runs
  // happened (they timed out at 10 s in three runs of four after the suite
  // grew).

  @Test func delaysOnTheContinuousClock() async throws {
    let scheduler = ClockScheduler(clock: ContinuousClock())
    let start = ContinuousClock.now
    let recorder = Just(1).delay(for: .milliseconds(20), scheduler: scheduler).record()
    #expect(try await recorder.next(timeout: .seconds(60)) == 1)
    #expect(ContinuousClock.now - start >= .milliseconds(20))
    #expect(try await recorder.awaitCompletion(timeout: .seconds(60)) == .finished)
  }

  @Test func repeatsOnTheContinuousClockUntilCancelled() async throws {
    let scheduler = ClockScheduler(clock: ContinuousClock())
    let ticks = Lock(0)
    let cancellable = scheduler.schedule(after: scheduler.now, interval: .milliseconds(5)) {
      ticks.withLock { $0 += 1 }
    }
    try await waitUntil(timeout: .seconds(60)) { ticks.withLock { $0 } >= 3 }
    cancellable.cancel()
    let stopped = ticks.withLock { $0 }
    try await Task.sleep(for: .milliseconds(30))
    #expect(ticks.withLock { $0 } <= stopped + 1)  // at most the run under way when cancelled
  }

  @Test func isSendable() {
    let scheduler: any Sendable = ClockScheduler(clock: ContinuousClock())
    _ = scheduler
  }
}
