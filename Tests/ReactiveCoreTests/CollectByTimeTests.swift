import Dispatch
import ReactiveCore
import SharedMachinery
import Testing
import TraitsTesting

// Combine (since macOS 10.15.2 / iOS 13.3) delivers every event of
// collect(.byTime) and collect(.byTimeOrCount) on the scheduler: windows
// closed by time in the timer's action; full arrays, the upstream's
// completion and arrays that waited for demand in an action scheduled with
// schedule(options:_:). `.byTime` asks the upstream for one value at a time.
// These tests say where each event arrives: "(on scheduler)" when it came
// from an action of the scheduler, "(on caller)" when it came straight from
// the upstream's call.

@Suite struct CollectByTimeTests {
  @Test func publishesTheValuesOfEachNonEmptyWindowFromTheTimer() {
    let upstream = TimeUpstream()
    let scheduler = ObservedScheduler()
    let log = upstream.collect(.byTime(scheduler, .seconds(1))).log(on: scheduler)

    upstream.send(1)
    upstream.send(2)
    scheduler.advance(by: second - 1)
    #expect(log.events == ["subscription (on caller)"])
    scheduler.advance(by: 1)
    #expect(log.events == ["subscription (on caller)", "[1, 2] (on scheduler)"])
    scheduler.advance(by: second)  // an empty window publishes nothing
    #expect(log.events == ["subscription (on caller)", "[1, 2] (on scheduler)"])
  }

  @Test func deliversTheLastArrayAndFinishedOnTheScheduler() {
    let upstream = TimeUpstream()
    let scheduler = ObservedScheduler()
    let log = upstream.collect(.byTime(scheduler, .seconds(1))).log(on: scheduler)
    upstream.send(3)

    upstream.send(completion: .finished)
    #expect(log.events == ["subscription (on caller)"])
    #expect(scheduler.virtual.now == .init(0))

    scheduler.advance()  // at the same instant: no window has to end first
    #expect(log.events == ["subscription (on caller)", "[3] (on scheduler)", "finished (on scheduler)"])
    #expect(scheduler.virtual.scheduledActionCount == 0)
  }

  @Test func deliversAFailureOnTheSchedulerAndDropsTheCollectedValues() {
    let upstream = TimeUpstream()
    let scheduler = ObservedScheduler()
    let log = upstream.collect(.byTimeOrCount(scheduler, .seconds(1), 5)).log(on: scheduler)
    upstream.send(1)

    upstream.send(completion: .failure(TestError(code: 4)))
    #expect(log.events == ["subscription (on caller)"])

    scheduler.advance()
    #expect(log.events == ["subscription (on caller)", "failure(TestError(code: 4)) (on scheduler)"])
    #expect(scheduler.virtual.scheduledActionCount == 0)
  }

  @Test func deliversAFullArrayOnTheSchedulerNotAtOnce() {
    let upstream = TimeUpstream()
    let scheduler = ObservedScheduler()
    let log = upstream.collect(.byTimeOrCount(scheduler, .seconds(1), 2)).log(on: scheduler)

    upstream.send(1)
    upstream.send(2)
    upstream.send(3)
    #expect(log.events == ["subscription (on caller)"])
    scheduler.advance()
    #expect(log.events == ["subscription (on caller)", "[1, 2] (on scheduler)"])
    scheduler.advance(by: second)
    #expect(log.events == ["subscription (on caller)", "[1, 2] (on scheduler)", "[3] (on scheduler)"])
  }

  @Test func byTimeAsksTheUpstreamForOneValueAtATime() {
    let upstream = TimeUpstream()
    let scheduler = VirtualTimeScheduler()
    let recorder = upstream.collect(.byTime(scheduler, .seconds(1))).record(demand: .none)
    #expect(upstream.requests == [])  // nothing until the downstream asks

    recorder.request(.max(2))
    #expect(upstream.requests == [.max(1)])
    #expect(upstream.send(1) == .max(1))
    #expect(upstream.send(2) == .max(1))
    recorder.request(.max(5))
    #expect(upstream.requests == [.max(1), .max(1)])
    scheduler.advance(by: second)
    #expect(recorder.events == [.subscription, .value([1, 2])])
  }

  @Test func byTimeKeepsTheDemandTheDownstreamReturnsForItself() {
    let upstream = TimeUpstream()
    let scheduler = VirtualTimeScheduler()
    let recorder = upstream.collect(.byTime(scheduler, .seconds(1))).record(demand: .max(1)) { _, _ in .max(1) }
    for tick in 1...3 {
      _ = upstream.send(tick)
      scheduler.advance(by: second)
    }
    #expect(recorder.events == [.subscription, .value([1]), .value([2]), .value([3])])
    #expect(upstream.requests == [.max(1)])  // the rest came one per value received
  }

  @Test func byTimeOrCountAsksForCountTimesTheDemand() {
    let upstream = TimeUpstream()
    let scheduler = VirtualTimeScheduler()
    let recorder = upstream.collect(.byTimeOrCount(scheduler, .seconds(1), 2)).record(demand: .max(2)) { values, _ in
      values == [1, 2] ? .max(1) : .max(5)
    }
    #expect(upstream.requests == [.max(4)])

    #expect(upstream.send(1) == .none)  // never demand in return of a value
    #expect(upstream.send(2) == .none)
    scheduler.advance()  // [1, 2] was full: its returned demand goes upstream, twice over
    #expect(upstream.requests == [.max(4), .max(2)])
    _ = upstream.send(3)
    scheduler.advance(by: second)  // [3] closed by time: its returned demand stays with the downstream
    #expect(upstream.requests == [.max(4), .max(2)])
    #expect(recorder.events == [.subscription, .value([1, 2]), .value([3])])
  }

  @Test func keepsAReadyArrayUntilTheDownstreamAsksThenDeliversItOnTheScheduler() {
    let upstream = TimeUpstream()
    let scheduler = ObservedScheduler()
    let log = upstream.collect(.byTime(scheduler, .seconds(1))).log(on: scheduler, demand: .none)
    _ = upstream.send(1)
    scheduler.advance(by: second)
    _ = upstream.send(2)
    scheduler.advance(by: second)
    #expect(log.events == ["subscription (on caller)"])

    log.request(.max(1))
    #expect(log.events == ["subscription (on caller)"])
    scheduler.advance()
    #expect(log.events == ["subscription (on caller)", "[1] (on scheduler)"])

    upstream.send(completion: .finished)
    scheduler.advance()
    log.request(.max(1))
    scheduler.advance()
    #expect(
      log.events == ["subscription (on caller)", "[1] (on scheduler)", "[2] (on scheduler)", "finished (on scheduler)"]
    )
  }

  @Test func deliversOnTheDispatchQueueItIsGiven() throws {
    let queue = DispatchQueue(label: "CollectByTimeTests.queue")
    let key = DispatchSpecificKey<Bool>()
    queue.setSpecific(key: key, value: true)
    let upstream = TimeUpstream()
    let arrived = Arrivals()
    let done = DispatchSemaphore(value: 0)
    let cancellable = upstream.collect(.byTimeOrCount(queue, .seconds(60), 2))
      .sink(
        receiveCompletion: { _ in
          arrived.append("finished on queue: \(DispatchQueue.getSpecific(key: key) == true)")
          done.signal()
        },
        receiveValue: { values in
          arrived.append("\(values) on queue: \(DispatchQueue.getSpecific(key: key) == true)")
        }
      )

    _ = upstream.send(1)
    _ = upstream.send(2)  // full
    _ = upstream.send(3)
    upstream.send(completion: .finished)

    #expect(done.wait(timeout: .now() + 10) == .success)
    #expect(arrived.events == ["[1, 2] on queue: true", "[3] on queue: true", "finished on queue: true"])
    cancellable.cancel()
  }

  @Test func cancelStopsTheWindowsAndReachesTheUpstream() {
    expectCancelStopsTheTimerAndReachesTheUpstream { upstream, scheduler in
      upstream.collect(.byTime(scheduler, .seconds(1)))
    }
  }

  @Test func releasesTheDownstream() throws {
    let make = { (upstream: TimeUpstream, scheduler: VirtualTimeScheduler) in
      upstream.collect(.byTimeOrCount(scheduler, .seconds(1), 3))
    }
    try expectReleasesDownstream(make, end: finishTimeUpstream)
    try expectReleasesDownstream(make, end: cancelTimeSubscription)
  }
}

/// A `VirtualTimeScheduler` that knows whether one of its actions is running,
/// so that a test can tell an event delivered by the scheduler from one
/// delivered straight from the upstream's call.
private struct ObservedScheduler: Scheduler, Sendable {
  typealias SchedulerTimeType = VirtualTimeScheduler.SchedulerTimeType
  typealias SchedulerOptions = Never

  let virtual = VirtualTimeScheduler()
  /// How many of its actions are running now (nested advances count each).
  private let running = RunningActions()

  var now: SchedulerTimeType { virtual.now }
  var minimumTolerance: SchedulerTimeType.Stride { virtual.minimumTolerance }
  var isRunningAnAction: Bool { running.count.withLock { $0 } > 0 }

  func advance(by stride: SchedulerTimeType.Stride = .zero) {
    virtual.advance(by: stride)
  }

  func schedule(options: Never?, _ action: @escaping () -> Void) {
    virtual.schedule(options: nil, running.wrap(action))
  }

  func schedule(
    after date: SchedulerTimeType,
    tolerance: SchedulerTimeType.Stride,
    options: Never?,
    _ action: @escaping () -> Void
  ) {
    virtual.schedule(after: date, tolerance: tolerance, options: nil, running.wrap(action))
  }

  func schedule(
    after date: SchedulerTimeType,
    interval: SchedulerTimeType.Stride,
    tolerance: SchedulerTimeType.Stride,
    options: Never?,
    _ action: @escaping () -> Void
  ) -> any Cancellable {
    virtual.schedule(after: date, interval: interval, tolerance: tolerance, options: nil, running.wrap(action))
  }
}

private final class RunningActions: Sendable {
  let count = Lock(0)

  func wrap(_ action: @escaping () -> Void) -> () -> Void {
    { [self] in
      count.withLock { $0 += 1 }
      defer { count.withLock { $0 -= 1 } }
      action()
    }
  }
}

/// Events logged from any thread.
private final class Arrivals: Sendable {
  private let state = Lock<[String]>([])

  var events: [String] { state.withLock { $0 } }

  func append(_ event: String) {
    state.withLock { $0.append(event) }
  }
}

/// A subscriber that logs each event with where it came from.
private final class PlaceLog<Input, Failure: Error>: Subscriber, Sendable {
  private let scheduler: ObservedScheduler
  private let initialDemand: Subscribers.Demand
  private let state = Lock<(events: [String], subscription: (any Subscription)?)>(([], nil))

  init(scheduler: ObservedScheduler, demand: Subscribers.Demand) {
    self.scheduler = scheduler
    initialDemand = demand
  }

  var events: [String] { state.withLock { $0.events } }

  func request(_ demand: Subscribers.Demand) {
    state.withLock { $0.subscription }?.request(demand)
  }

  private func log(_ event: String) {
    let place = scheduler.isRunningAnAction ? "on scheduler" : "on caller"
    state.withLock { $0.events.append("\(event) (\(place))") }
  }

  func receive(subscription: any Subscription) {
    state.withLock { $0.subscription = subscription }
    log("subscription")
    if initialDemand > 0 {
      subscription.request(initialDemand)
    }
  }

  func receive(_ input: Input) -> Subscribers.Demand {
    log("\(input)")
    return .none
  }

  func receive(completion: Subscribers.Completion<Failure>) {
    switch completion {
    case .finished: log("finished")
    case let .failure(error): log("failure(\(error))")
    }
  }
}

extension Publisher {
  fileprivate func log(
    on scheduler: ObservedScheduler,
    demand: Subscribers.Demand = .unlimited
  ) -> PlaceLog<Output, Failure> {
    let log = PlaceLog<Output, Failure>(scheduler: scheduler, demand: demand)
    subscribe(log)
    return log
  }
}
