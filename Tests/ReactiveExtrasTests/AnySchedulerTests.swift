import Dispatch
import ReactiveCore
import SharedMachinery
import Testing
import TraitsTesting

/// A service written against DispatchQueue's clock, without being generic.
private struct SearchService: Sendable {
  let scheduler: AnyDispatchQueueScheduler

  func suggestions(for queries: some Publisher<String, Never>) -> some Publisher<String, Never> {
    queries.debounce(for: .milliseconds(300), scheduler: scheduler)
  }
}

@Suite struct AnySchedulerTests {
  // MARK: Forwarding

  @Test func forwardsEveryCallToAVirtualTimeScheduler() {
    let scheduler = VirtualTimeScheduler()
    let erased: AnySchedulerOf<VirtualTimeScheduler> = scheduler.eraseToAnyScheduler()
    let log = Lock<[String]>([])

    erased.schedule { log.withLock { $0.append("now at \(scheduler.now)") } }
    erased.schedule(after: erased.now.advanced(by: .seconds(2))) {
      log.withLock { $0.append("once at \(scheduler.now)") }
    }
    let ticks = erased.schedule(after: erased.now.advanced(by: .seconds(1)), interval: .seconds(1)) {
      log.withLock { $0.append("tick at \(scheduler.now)") }
    }
    #expect(scheduler.scheduledActionCount == 3)
    #expect(log.withLock { $0 } == [])

    scheduler.advance(by: .seconds(2))
    ticks.cancel()
    scheduler.advance(by: .seconds(5))

    #expect(
      log.withLock { $0 } == [
        "now at \(VirtualTimeScheduler.SchedulerTimeType(0))",
        "tick at \(VirtualTimeScheduler.SchedulerTimeType(1_000_000_000))",
        "once at \(VirtualTimeScheduler.SchedulerTimeType(2_000_000_000))",
        "tick at \(VirtualTimeScheduler.SchedulerTimeType(2_000_000_000))",
      ]
    )
    #expect(erased.now == scheduler.now)
    #expect(erased.minimumTolerance == .zero)
  }

  @Test func operatorsRunOnTheErasedScheduler() {
    let scheduler = VirtualTimeScheduler()
    let recorder = Just(1).delay(for: .seconds(2), scheduler: AnyScheduler(scheduler)).record()
    scheduler.advance(by: .milliseconds(1_999))
    #expect(recorder.events == [.subscription])
    scheduler.advance(by: .milliseconds(1))
    #expect(recorder.events == [.subscription, .value(1), .finished])
  }

  @Test func erasesTheImmediateScheduler() {
    let erased = ImmediateScheduler.shared.eraseToAnyScheduler()
    let recorder = Just(1).receive(on: erased).record()
    #expect(recorder.events == [.subscription, .value(1), .finished])
  }

  @Test func erasesADispatchQueue() async throws {
    let erased = AnyDispatchQueueScheduler(DispatchQueue(label: "AnySchedulerTests"))
    let recorder = Just(1).delay(for: .milliseconds(1), scheduler: erased).record()
    #expect(try await recorder.next() == 1)
    #expect(try await recorder.awaitCompletion() == .finished)
  }

  @Test func aSchedulerOfClosuresSeesEveryCall() {
    let scheduler = VirtualTimeScheduler()
    let calls = Lock<[String]>([])
    let observed = AnyScheduler<VirtualTimeScheduler.SchedulerTimeType, Never>(
      now: { scheduler.now },
      minimumTolerance: { .nanoseconds(7) },
      schedule: { _, action in
        calls.withLock { $0.append("schedule") }
        scheduler.schedule(action)
      },
      scheduleAfter: { date, tolerance, _, action in
        calls.withLock { $0.append("after \(date) ± \(tolerance)") }
        scheduler.schedule(after: date, tolerance: tolerance, action)
      },
      scheduleRepeating: { date, interval, tolerance, _, action in
        calls.withLock { $0.append("every \(interval) from \(date)") }
        return scheduler.schedule(after: date, interval: interval, tolerance: tolerance, action)
      }
    )
    let recorder = Just(1).delay(for: .seconds(1), scheduler: observed).record()
    scheduler.advance(by: .seconds(1))

    #expect(recorder.events == [.subscription, .value(1), .finished])
    #expect(observed.minimumTolerance == .nanoseconds(7))
    #expect(calls.withLock { $0 }.first == "after \(VirtualTimeScheduler.SchedulerTimeType(1_000_000_000)) ± 7ns")
  }

  // MARK: DispatchQueue's clock on virtual time

  @Test func aDispatchQueueServiceRunsOnVirtualTime() {
    let scheduler = VirtualTimeScheduler()
    let service = SearchService(scheduler: .virtual(scheduler))
    let queries = PassthroughSubject<String, Never>()
    let recorder = service.suggestions(for: queries).record()

    queries.send("s")
    scheduler.advance(by: .milliseconds(200))
    queries.send("sw")
    scheduler.advance(by: .milliseconds(299))
    #expect(recorder.values == [])
    scheduler.advance(by: .milliseconds(1))
    #expect(recorder.events == [.subscription, .value("sw")])
  }

  @Test func virtualTimeReadsAsDispatchTimeOneNanosecondAfterZero() {
    let scheduler = VirtualTimeScheduler()
    let dispatch = AnyDispatchQueueScheduler.virtual(scheduler)
    #expect(dispatch.now.dispatchTime.uptimeNanoseconds == 1)
    scheduler.advance(by: .seconds(2))
    #expect(dispatch.now.dispatchTime.uptimeNanoseconds == 2_000_000_001)
    #expect(dispatch.minimumTolerance == .nanoseconds(0))
  }

  @Test func dispatchDatesAndIntervalsMapToVirtualOnes() {
    let scheduler = VirtualTimeScheduler()
    let dispatch = AnyDispatchQueueScheduler.virtual(scheduler)
    let log = Lock<[Int]>([])

    dispatch.schedule(after: dispatch.now.advanced(by: .milliseconds(1_500)), tolerance: .seconds(1), options: nil) {
      log.withLock { $0.append(scheduler.now.nanoseconds) }
    }
    let ticks = dispatch.schedule(
      after: dispatch.now.advanced(by: .seconds(1)),
      interval: .seconds(1),
      tolerance: .zero,
      options: .init(qos: .background)
    ) { log.withLock { $0.append(-scheduler.now.nanoseconds) } }
    scheduler.advance(by: .seconds(2))
    ticks.cancel()
    scheduler.advance(by: .seconds(2))

    #expect(log.withLock { $0 } == [-1_000_000_000, 1_500_000_000, -2_000_000_000])
  }

  @Test func aDateInThePastRunsOnTheNextAdvance() {
    let scheduler = VirtualTimeScheduler(now: .init(5_000_000_000))
    let dispatch = AnyDispatchQueueScheduler.virtual(scheduler)
    let ran = Lock(false)
    dispatch.schedule(after: .init(DispatchTime(uptimeNanoseconds: 0)), tolerance: .zero, options: nil) {
      ran.withLock { $0 = true }
    }
    scheduler.advance()
    #expect(ran.withLock { $0 })
  }

  @Test func theDistantFutureNeverComesWithinAnAdvance() {
    let scheduler = VirtualTimeScheduler()
    let dispatch = AnyDispatchQueueScheduler.virtual(scheduler)
    let ran = Lock(false)
    dispatch.schedule(after: .init(.distantFuture), tolerance: .zero, options: nil) { ran.withLock { $0 = true } }
    scheduler.advance(by: .seconds(1_000_000))
    #expect(!ran.withLock { $0 })
    #expect(scheduler.scheduledActionCount == 1)
  }

  @Test func anErasedSchedulerIsSendable() async {
    let scheduler = VirtualTimeScheduler()
    let service = SearchService(scheduler: .virtual(scheduler))
    let now = await Task.detached { service.scheduler.now }.value
    #expect(now.dispatchTime.uptimeNanoseconds == 1)
  }
}
