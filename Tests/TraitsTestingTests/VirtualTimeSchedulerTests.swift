import Dispatch
import ReactiveCore
import SharedMachinery
import Synchronization
import Testing
import TraitsTesting

@Suite struct VirtualTimeSchedulerTests {
  typealias Time = VirtualTimeScheduler.SchedulerTimeType
  typealias Stride = VirtualTimeScheduler.SchedulerTimeType.Stride

  // MARK: Clock

  @Test func startsAtTheGivenTime() {
    #expect(VirtualTimeScheduler().now == Time(0))
    #expect(VirtualTimeScheduler(now: Time(1_000)).now == Time(1_000))
  }

  @Test func hasZeroMinimumTolerance() {
    #expect(VirtualTimeScheduler().minimumTolerance == .zero)
  }

  @Test func advanceMovesTheClockWithNothingScheduled() {
    let scheduler = VirtualTimeScheduler()

    scheduler.advance(by: .seconds(2))
    #expect(scheduler.now == Time(2_000_000_000))

    scheduler.advance(to: Time(3_000_000_000))
    #expect(scheduler.now == Time(3_000_000_000))

    scheduler.advance()
    #expect(scheduler.now == Time(3_000_000_000))
  }

  // MARK: Immediate actions

  @Test func immediateActionWaitsForTheNextAdvance() {
    let scheduler = VirtualTimeScheduler()
    var log: [String] = []

    scheduler.schedule { log.append("a") }
    #expect(log == [])
    #expect(scheduler.scheduledActionCount == 1)

    scheduler.advance()
    #expect(log == ["a"])
    #expect(scheduler.now == Time(0))
    #expect(scheduler.scheduledActionCount == 0)
  }

  @Test func immediateActionsRunInSchedulingOrder() {
    let scheduler = VirtualTimeScheduler()
    var log: [String] = []

    for name in ["a", "b", "c", "d"] {
      scheduler.schedule { log.append(name) }
    }
    scheduler.advance()

    #expect(log == ["a", "b", "c", "d"])
  }

  // MARK: Actions after a date

  @Test func actionsDueAtTheSameInstantRunInSchedulingOrder() {
    let scheduler = VirtualTimeScheduler()
    var log: [String] = []

    scheduler.schedule(after: Time(20)) { log.append("late") }
    for name in ["a", "b", "c"] {
      scheduler.schedule(after: Time(10)) { log.append(name) }
    }
    scheduler.schedule { log.append("now") }
    scheduler.advance(by: 20)

    #expect(log == ["now", "a", "b", "c", "late"])
  }

  @Test func partialAdvanceRunsOnlyTheActionsDueByItsTarget() {
    let scheduler = VirtualTimeScheduler()
    var log: [Int] = []
    for time in [30, 10, 20] {
      scheduler.schedule(after: Time(time)) { log.append(time) }
    }

    scheduler.advance(by: 15)
    #expect(log == [10])
    #expect(scheduler.now == Time(15))
    #expect(scheduler.scheduledActionCount == 2)

    scheduler.advance(by: 15)
    #expect(log == [10, 20, 30])
    #expect(scheduler.now == Time(30))
    #expect(scheduler.scheduledActionCount == 0)
  }

  @Test func advanceToRunsTheActionsDueByTheDate() {
    let scheduler = VirtualTimeScheduler()
    var log: [Int] = []
    for time in [10, 20, 30] {
      scheduler.schedule(after: Time(time)) { log.append(time) }
    }

    scheduler.advance(to: Time(20))

    #expect(log == [10, 20])
    #expect(scheduler.now == Time(20))
  }

  @Test func nowIsTheDueTimeWhileAnActionRuns() {
    let scheduler = VirtualTimeScheduler()
    var seen: [Time] = []
    for time in [10, 25] {
      scheduler.schedule(after: Time(time)) { seen.append(scheduler.now) }
    }

    scheduler.advance(by: 100)

    #expect(seen == [Time(10), Time(25)])
    #expect(scheduler.now == Time(100))
  }

  @Test func actionForAPastDateRunsAtNowOnTheNextAdvance() {
    let scheduler = VirtualTimeScheduler()
    scheduler.advance(by: 100)
    var seen: [Time] = []

    scheduler.schedule(after: Time(10)) { seen.append(scheduler.now) }
    #expect(seen == [])

    scheduler.advance()
    #expect(seen == [Time(100)])
  }

  @Test func actionForAPastDateRunsAfterTheActionsAlreadyDueNow() {
    let scheduler = VirtualTimeScheduler(now: Time(100))
    var log: [String] = []

    scheduler.schedule { log.append("now") }
    scheduler.schedule(after: Time(10)) { log.append("past") }
    scheduler.advance()

    #expect(log == ["now", "past"])
  }

  @Test func toleranceDoesNotChangeTheDueTime() {
    let scheduler = VirtualTimeScheduler()
    var seen: [Time] = []

    scheduler.schedule(after: Time(10), tolerance: 5) { seen.append(scheduler.now) }
    scheduler.advance(by: 100)

    #expect(seen == [Time(10)])
  }

  // MARK: Actions that schedule or cancel

  @Test func actionsScheduledByAnActionRunWithinTheAdvanceWhenDueByItsTarget() {
    let scheduler = VirtualTimeScheduler()
    var log: [String] = []
    scheduler.schedule(after: Time(10)) {
      log.append("a at \(scheduler.now)")
      scheduler.schedule(after: scheduler.now.advanced(by: 5)) { log.append("b at \(scheduler.now)") }
      scheduler.schedule(after: scheduler.now.advanced(by: 15)) { log.append("c at \(scheduler.now)") }
    }

    scheduler.advance(to: Time(20))

    #expect(log == ["a at 10ns", "b at 15ns"])
    #expect(scheduler.now == Time(20))
    #expect(scheduler.scheduledActionCount == 1)

    scheduler.advance(to: Time(25))
    #expect(log == ["a at 10ns", "b at 15ns", "c at 25ns"])
  }

  @Test func anImmediateActionScheduledByAnActionRunsAfterTheOthersDueAtThatInstant() {
    let scheduler = VirtualTimeScheduler()
    var log: [String] = []
    scheduler.schedule(after: Time(10)) {
      log.append("a")
      scheduler.schedule { log.append("scheduled by a") }
    }
    scheduler.schedule(after: Time(10)) { log.append("b") }

    scheduler.advance(by: 10)

    #expect(log == ["a", "b", "scheduled by a"])
  }

  @Test func anActionCanCancelAnotherOne() {
    let scheduler = VirtualTimeScheduler()
    var log: [String] = []
    let repeating = scheduler.schedule(after: Time(20), interval: 10) { log.append("repeating") }
    scheduler.schedule(after: Time(10)) {
      log.append("canceller")
      repeating.cancel()
    }

    scheduler.advance(by: 100)

    #expect(log == ["canceller"])
  }

  @Test func anActionCanAdvanceTheSchedulerReentrantly() {
    let scheduler = VirtualTimeScheduler()
    var log: [String] = []
    scheduler.schedule(after: Time(10)) {
      log.append("a")
      scheduler.advance(by: 5)
    }
    scheduler.schedule(after: Time(15)) { log.append("b at \(scheduler.now)") }

    scheduler.advance(by: 10)

    #expect(log == ["a", "b at 15ns"])
    #expect(scheduler.now == Time(15))
  }

  // MARK: Repeating actions

  @Test func repeatingActionRunsAtEachInterval() {
    let scheduler = VirtualTimeScheduler()
    var seen: [Time] = []

    let cancellable = scheduler.schedule(after: Time(10), interval: 10) { seen.append(scheduler.now) }
    scheduler.advance(by: 35)

    #expect(seen == [Time(10), Time(20), Time(30)])
    #expect(scheduler.scheduledActionCount == 1)
    cancellable.cancel()
  }

  @Test func cancellingARepeatingActionStopsIt() {
    let scheduler = VirtualTimeScheduler()
    var count = 0
    let cancellable = scheduler.schedule(after: Time(10), interval: 10) { count += 1 }
    scheduler.advance(by: 20)

    cancellable.cancel()
    scheduler.advance(by: 100)

    #expect(count == 2)
    #expect(scheduler.scheduledActionCount == 0)
  }

  @Test func cancellingBeforeTheDueTimeMeansTheActionNeverRuns() {
    let scheduler = VirtualTimeScheduler()
    var count = 0
    let cancellable = scheduler.schedule(after: Time(10), interval: 10) { count += 1 }

    scheduler.advance(by: 5)
    cancellable.cancel()
    scheduler.run()

    #expect(count == 0)
    #expect(scheduler.now == Time(5))
  }

  @Test func aRepeatingActionCanCancelItself() {
    let scheduler = VirtualTimeScheduler()
    var count = 0
    var cancellable: (any Cancellable)?
    cancellable = scheduler.schedule(after: Time(0), interval: 10) {
      count += 1
      if count == 3 {
        cancellable?.cancel()
      }
    }

    scheduler.run()

    #expect(count == 3)
    #expect(scheduler.now == Time(20))
  }

  @Test func releasingTheCancellableOfARepeatingActionCancelsIt() {
    let scheduler = VirtualTimeScheduler()
    var count = 0
    do {
      _ = scheduler.schedule(after: Time(10), interval: 10) { count += 1 }
    }

    scheduler.advance(by: 100)

    #expect(count == 0)
    #expect(scheduler.scheduledActionCount == 0)
  }

  @Test func cancellingReleasesTheAction() {
    let scheduler = VirtualTimeScheduler()
    weak var weakToken: Token?
    let cancellable: any Cancellable
    do {
      let token = Token()
      weakToken = token
      cancellable = scheduler.schedule(after: Time(10), interval: 10) { _ = token }
    }
    #expect(weakToken != nil)

    cancellable.cancel()

    #expect(weakToken == nil)
  }

  @Test func runningAnActionReleasesIt() {
    let scheduler = VirtualTimeScheduler()
    weak var weakToken: Token?
    do {
      let token = Token()
      weakToken = token
      scheduler.schedule { _ = token }
    }

    scheduler.advance()

    #expect(weakToken == nil)
  }

  @Test func aRepeatingActionForAPastDateStartsAtNow() {
    let scheduler = VirtualTimeScheduler(now: Time(100))
    var seen: [Time] = []

    let cancellable = scheduler.schedule(after: Time(0), interval: 10) { seen.append(scheduler.now) }
    scheduler.advance(by: 20)

    #expect(seen == [Time(100), Time(110), Time(120)])
    cancellable.cancel()
  }

  // MARK: run()

  @Test func runRunsEveryActionAndEndsAtTheLastDueTime() {
    let scheduler = VirtualTimeScheduler()
    var log: [Int] = []
    for time in [30, 10, 20] {
      scheduler.schedule(after: Time(time)) {
        log.append(time)
        if time == 30 {
          scheduler.schedule(after: Time(50)) { log.append(50) }
        }
      }
    }

    scheduler.run()

    #expect(log == [10, 20, 30, 50])
    #expect(scheduler.now == Time(50))
    #expect(scheduler.scheduledActionCount == 0)
  }

  @Test func runWithNothingScheduledLeavesTheClockAlone() {
    let scheduler = VirtualTimeScheduler(now: Time(7))

    scheduler.run()

    #expect(scheduler.now == Time(7))
  }

  @Test func runTrapsWhenARepeatingActionNeverEnds() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      let scheduler = VirtualTimeScheduler()
      let cancellable = scheduler.schedule(after: Time(0), interval: 1) {}
      scheduler.run()
      cancellable.cancel()
    }

    let standardError = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
    #expect(standardError.contains("VirtualTimeScheduler.run() ran 100000 actions"))
    #expect(standardError.contains("a repeating action never ends"))
  }

  @Test func advanceTrapsWhenTimeCanNeverMove() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      let scheduler = VirtualTimeScheduler()
      let cancellable = scheduler.schedule(after: Time(0), interval: .zero) {}
      scheduler.advance(by: 10)
      cancellable.cancel()
    }

    let standardError = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
    #expect(standardError.contains("ran 100000 actions at 0s without time moving"))
  }

  @Test func advanceTrapsWhenAskedToMoveTheClockBack() async {
    await #expect(processExitsWith: .failure) {
      let scheduler = VirtualTimeScheduler(now: Time(100))
      scheduler.advance(to: Time(50))
    }
    await #expect(processExitsWith: .failure) {
      VirtualTimeScheduler().advance(by: -1)
    }
  }

  // MARK: Time and stride

  @Test func strideConvertsUnitsToNanoseconds() {
    #expect(Stride.seconds(2) == Stride(2_000_000_000))
    #expect(Stride.seconds(1.5) == Stride(1_500_000_000))
    #expect(Stride.milliseconds(3) == Stride(3_000_000))
    #expect(Stride.microseconds(4) == Stride(4_000))
    #expect(Stride.nanoseconds(5) == 5)
  }

  @Test func strideIsSignedNumeric() {
    let stride: Stride = 10

    #expect(stride + 5 == 15)
    #expect(stride - 15 == -5)
    #expect(stride * 3 == 30)
    #expect(-stride == Stride(-10))
    #expect(Stride(-7).magnitude == 7)
    #expect(Stride(exactly: UInt64.max) == nil)
    #expect(Stride(exactly: 42 as UInt8) == 42)
    #expect(Stride.zero < stride)
  }

  @Test func timeIsStrideable() {
    let time = Time(100)

    #expect(time.advanced(by: .nanoseconds(50)) == Time(150))
    #expect(time.distance(to: Time(40)) == -60)
    #expect(Time(1) < Time(2))
    #expect(Array(stride(from: Time(0), to: Time(30), by: 10)) == [Time(0), Time(10), Time(20)])
  }

  @Test func describesTimesAndStridesInTheLargestExactUnit() {
    #expect(Time(0).description == "0s")
    #expect(Time(2_000_000_000).description == "2s")
    #expect(Time(1_500_000_000).description == "1500ms")
    #expect(Stride.microseconds(250).description == "250µs")
    #expect(Stride(-7).description == "-7ns")
  }

  // MARK: Generic use and threads

  @Test func drivesCodeWrittenForAnyScheduler() {
    let scheduler = VirtualTimeScheduler()
    var log: [String] = []

    debounceLike(on: scheduler, delay: .milliseconds(300)) { log.append("fired") }
    scheduler.advance(by: .milliseconds(299))
    #expect(log == [])

    scheduler.advance(by: .milliseconds(1))
    #expect(log == ["fired"])
  }

  @Test func acceptsActionsScheduledFromManyThreads() {
    let scheduler = VirtualTimeScheduler()
    let counter = Counter()

    DispatchQueue.concurrentPerform(iterations: 8) { thread in
      for index in 0..<100 {
        scheduler.schedule(after: Time(index)) { counter.increment() }
        if index.isMultiple(of: 10) {
          _ = scheduler.scheduledActionCount
          _ = scheduler.now
        }
      }
    }
    scheduler.run()

    #expect(counter.value == 800)
    #expect(scheduler.now == Time(99))
  }
}

/// Code written against the `Scheduler` protocol, as an operator would be.
private func debounceLike<S: Scheduler>(
  on scheduler: S,
  delay: S.SchedulerTimeType.Stride,
  _ action: @escaping () -> Void
) {
  scheduler.schedule(after: scheduler.now.advanced(by: delay), action)
}

private final class Counter: Sendable {
  private let count = Lock(0)

  var value: Int {
    count.withLock { $0 }
  }

  func increment() {
    count.withLock { $0 += 1 }
  }
}
