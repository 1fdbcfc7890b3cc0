import ReactiveCore
import TestSupport
import Testing
import TraitsTesting

/// TestClock: sleeps end when, and only when, the test moves the clock to
/// their deadline; in the order of their deadlines; cancellation ends them.
@Suite struct TestClockTests {
  @Test func timeMovesOnlyWhenTheTestMovesIt() {
    let clock = TestClock()
    #expect(clock.now == TestClock.Instant(offset: .zero))
    clock.advance(by: .seconds(3))
    #expect(clock.now.offset == .seconds(3))
    clock.advance(to: TestClock.Instant(offset: .seconds(1)))  // never back
    #expect(clock.now.offset == .seconds(3))
    clock.advance(by: .seconds(-1))
    #expect(clock.now.offset == .seconds(3))
    clock.advance(to: TestClock.Instant(offset: .seconds(10)))
    #expect(clock.now.offset == .seconds(10))
    #expect(clock.minimumResolution == .zero)
  }

  @Test func aSleepEndsAtItsDeadlineAndNotBefore() async throws {
    let clock = TestClock()
    let woke = Shared(false)
    let sleeper = Task {
      try await clock.sleep(for: .seconds(5))
      woke.value = true
    }
    try await waitUntil { clock.sleepCount == 1 }
    #expect(clock.nextDeadline == TestClock.Instant(offset: .seconds(5)))
    clock.advance(by: .seconds(4))
    #expect(clock.sleepCount == 1)  // not due: still asleep
    #expect(!woke.value)
    clock.advance(by: .seconds(1))
    try await sleeper.value
    #expect(woke.value)
    #expect(clock.sleepCount == 0)
    #expect(clock.nextDeadline == nil)
  }

  @Test func aSleepWhoseDeadlineHasPassedEndsAtOnce() async throws {
    let clock = TestClock()
    clock.advance(by: .seconds(10))
    try await clock.sleep(until: TestClock.Instant(offset: .seconds(2)))
    try await clock.sleep(until: clock.now)
    #expect(clock.sleepCount == 0)
  }

  @Test func dueSleepsWakeInTheOrderOfTheirDeadlines() async throws {
    let clock = TestClock()
    // One advance per deadline: each wake is recorded before the next one.
    let order = Shared<[Int]>([])
    let tasks = [3, 1, 2].map { second in
      Task {
        try await clock.sleep(until: TestClock.Instant(offset: .seconds(second)))
        order.value.append(second)
      }
    }
    try await waitUntil { clock.sleepCount == 3 }
    clock.advance(to: TestClock.Instant(offset: .seconds(1)))
    try await waitUntil { order.value == [1] }
    clock.advance(to: TestClock.Instant(offset: .seconds(2)))
    try await waitUntil { order.value == [1, 2] }
    clock.run()  // to the latest deadline waiting: 3 s
    for task in tasks { try await task.value }
    #expect(order.value == [1, 2, 3])
    #expect(clock.now.offset == .seconds(3))
  }

  @Test func runWithNoSleepLeavesTheTime() {
    let clock = TestClock()
    clock.run()
    #expect(clock.now.offset == .zero)
  }

  @Test func aCancelledSleepThrowsAndIsForgotten() async throws {
    let clock = TestClock()
    let sleeper = Task { try await clock.sleep(for: .seconds(60)) }
    try await waitUntil { clock.sleepCount == 1 }
    sleeper.cancel()
    await #expect(throws: CancellationError.self) { try await sleeper.value }
    #expect(clock.sleepCount == 0)
  }

  @Test func aSleepCancelledBeforeItStartsThrows() async throws {
    let clock = TestClock()
    let sleeper = Task {
      withUnsafeCurrentTask { $0?.cancel() }
      try await clock.sleep(for: .seconds(60))
    }
    await #expect(throws: CancellationError.self) { try await sleeper.value }
    #expect(clock.sleepCount == 0)
  }

  @Test func drivesAClockScheduler() async throws {
    let clock = TestClock()
    let scheduler = ClockScheduler(clock: clock)
    let recorder = Just(7).delay(for: .seconds(2), scheduler: scheduler).record()
    try await waitUntil { clock.sleepCount == 2 }  // the value's delivery and the completion's
    #expect(recorder.events == [.subscription])
    clock.advance(by: .seconds(2))
    #expect(try await recorder.awaitCompletion() == .finished)
    #expect(recorder.events == [.subscription, .value(7), .finished])
  }
}
