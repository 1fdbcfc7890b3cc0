import Dispatch
import ReactiveCore
import ReactiveCoreFoundation
import SharedMachinery
import Synchronization
import Testing
import TraitsTesting

// Helpers shared by the suites of the time operators (receive(on:),
// subscribe(on:), delay, timeout, debounce, throttle, measureInterval,
// collect by time, buffer).

/// The upstream every time check drives.
typealias TimeUpstream = TestPublisher<Int, TestError>

/// A second of virtual time.
let second = VirtualTimeScheduler.SchedulerTimeType.Stride.seconds(1)

/// A scheduler that runs every action on a concurrent Dispatch queue, so
/// that actions may run at the same time and out of order: the worst case
/// for an operator that must keep its events in order.
struct ConcurrentTestScheduler: Scheduler, Sendable {
  typealias SchedulerTimeType = VirtualTimeScheduler.SchedulerTimeType
  typealias SchedulerOptions = Never

  private let queue = DispatchQueue(label: "ConcurrentTestScheduler", attributes: .concurrent)

  var now: SchedulerTimeType { SchedulerTimeType(Int(DispatchTime.now().uptimeNanoseconds)) }
  var minimumTolerance: SchedulerTimeType.Stride { .zero }

  func schedule(options: Never?, _ action: @escaping () -> Void) {
    let action = UncheckedSendable(action)
    queue.async { action.value() }
  }

  func schedule(
    after date: SchedulerTimeType,
    tolerance: SchedulerTimeType.Stride,
    options: Never?,
    _ action: @escaping () -> Void
  ) {
    let action = UncheckedSendable(action)
    let delay = max(0, date.nanoseconds - now.nanoseconds)
    queue.asyncAfter(deadline: .now() + .nanoseconds(delay)) { action.value() }
  }

  func schedule(
    after date: SchedulerTimeType,
    interval: SchedulerTimeType.Stride,
    tolerance: SchedulerTimeType.Stride,
    options: Never?,
    _ action: @escaping () -> Void
  ) -> any Cancellable {
    // The time operators cancel their repeating actions before the second run; one run is enough here.
    let cancelled = CancelFlag()
    schedule(after: date, tolerance: tolerance, options: nil) {
      if !cancelled.flag.load(ordering: .acquiring) { action() }
    }
    return AnyCancellable { cancelled.flag.store(true, ordering: .releasing) }
  }
}

/// A flag that a cancellable sets, shared with the action it guards.
final class CancelFlag: Sendable {
  let flag = Atomic<Bool>(false)
}

/// Subscribes a `LifetimeProbe` to the operator that `make` builds on a fresh
/// upstream, ends the subscription with `end`, lets the scheduler run, and
/// checks that the probe (the downstream) is released although the test
/// still holds the subscription.
func expectReleasesDownstream<P: Publisher>(
  demand: Subscribers.Demand = .unlimited,
  _ make: (TimeUpstream, VirtualTimeScheduler) -> P,
  end: (TimeUpstream, any Subscription) -> Void,
  sourceLocation: SourceLocation = #_sourceLocation
) throws {
  weak var weakProbe: LifetimeProbe<P.Output, P.Failure>?
  let upstream = TimeUpstream()
  let scheduler = VirtualTimeScheduler()
  let subscription: any Subscription = try {
    let probe = LifetimeProbe<P.Output, P.Failure>(demand: demand)
    make(upstream, scheduler).subscribe(probe)
    scheduler.advance()
    weakProbe = probe
    return try #require(probe.subscription, sourceLocation: sourceLocation)
  }()
  upstream.send(1)
  end(upstream, subscription)
  scheduler.advance(by: .seconds(10))
  #expect(weakProbe == nil, "the downstream is still alive", sourceLocation: sourceLocation)
  _ = subscription
}

/// Ends a subscription by finishing its upstream.
func finishTimeUpstream(_ upstream: TimeUpstream, _: any Subscription) {
  upstream.send(completion: .finished)
}

/// Ends a subscription by cancelling it.
func cancelTimeSubscription(_: TimeUpstream, _ subscription: any Subscription) {
  subscription.cancel()
}

/// How many times a repeating scheduled action ran, from any thread.
final class TickCounter: Sendable {
  private let count = Lock(0)

  var ticks: Int { count.withLock { $0 } }

  /// Counts one run; returns the count so far.
  func tick() -> Int {
    count.withLock { count in
      count += 1
      return count
    }
  }
}

/// Schedules an action repeating every 5 milliseconds from now on
/// `scheduler` (a real one: `RunLoop`, `OperationQueue`), and waits (five
/// seconds at most) until it has run three times. Returns its cancellable
/// and its counter.
func scheduleUntilTheThirdTick<S: Scheduler>(
  on scheduler: S,
  sourceLocation: SourceLocation = #_sourceLocation
) -> (cancellable: any Cancellable, counter: TickCounter) {
  let counter = TickCounter()
  let thirdTick = DispatchSemaphore(value: 0)
  let cancellable = scheduler.schedule(after: scheduler.now, interval: .milliseconds(5)) {
    if counter.tick() == 3 { thirdTick.signal() }
  }
  #expect(thirdTick.wait(timeout: .now() + 5) == .success, sourceLocation: sourceLocation)
  return (cancellable, counter)
}

/// Checks that `receive(on:)` a scheduler that may run actions concurrently
/// still delivers 2,000 values, then the finish, in order and within the
/// contract.
func expectReceiveOnKeepsTheOrder<S: Scheduler>(
  on scheduler: S,
  sourceLocation: SourceLocation = #_sourceLocation
) async throws {
  let upstream = PassthroughSubject<Int, Never>()
  let checker = ContractChecker<Int, Never>()
  upstream.receive(on: scheduler).subscribe(checker)
  for value in 0..<2_000 { upstream.send(value) }
  upstream.send(completion: .finished)

  try await waitUntil { !checker.completions.isEmpty }

  #expect(checker.values == Array(0..<2_000), sourceLocation: sourceLocation)
  #expect(checker.completions == [.finished], sourceLocation: sourceLocation)
  #expect(checker.violations.isEmpty, sourceLocation: sourceLocation)
}

/// Checks that cancelling the time operator that `make` builds, right after
/// a value, reaches the upstream, stops its timer (nothing stays
/// scheduled) and publishes nothing, even once the time has passed.
func expectCancelStopsTheTimerAndReachesTheUpstream<P: Publisher>(
  _ make: (TimeUpstream, VirtualTimeScheduler) -> P,
  sourceLocation: SourceLocation = #_sourceLocation
) where P.Output: Equatable, P.Failure: Equatable {
  let upstream = TimeUpstream()
  let scheduler = VirtualTimeScheduler()
  let recorder = make(upstream, scheduler).record()
  upstream.send(1)
  recorder.cancel()
  scheduler.advance(by: second * 2)
  #expect(recorder.events == [.subscription], sourceLocation: sourceLocation)
  #expect(upstream.cancellations == 1, sourceLocation: sourceLocation)
  #expect(scheduler.scheduledActionCount == 0, sourceLocation: sourceLocation)
}

/// A call an operator made to a ``CallLogScheduler``.
enum SchedulerCall: Equatable {
  typealias Time = VirtualTimeScheduler.SchedulerTimeType
  typealias Options = CallLogScheduler.Options

  case now
  case minimumTolerance
  case schedule(options: Options?)
  case scheduleAfter(Time, tolerance: Time.Stride, options: Options?)
  case scheduleRepeating(Time, interval: Time.Stride, tolerance: Time.Stride, options: Options?)
}

/// A virtual-time scheduler that logs every call made to it, `now` and
/// `minimumTolerance` reads included: Combine's call patterns, as code that
/// logs its scheduler's calls sees them. Its minimum tolerance is 7 ns, so
/// that a tolerance passed on is told from a zero.
final class CallLogScheduler: Scheduler, Sendable {
  typealias SchedulerTimeType = VirtualTimeScheduler.SchedulerTimeType

  /// Options an operator passes on (or not).
  struct Options: Equatable, Sendable {
    let name: String
  }

  let virtual: VirtualTimeScheduler
  private let log = Lock<[SchedulerCall]>([])

  init(now: SchedulerTimeType = .init(0)) {
    virtual = VirtualTimeScheduler(now: now)
  }

  /// The calls made so far, in order.
  var calls: [SchedulerCall] { log.withLock { $0 } }

  /// The virtual time, read without logging a call.
  var time: SchedulerTimeType { virtual.now }

  var now: SchedulerTimeType {
    record(.now)
    return virtual.now
  }

  var minimumTolerance: SchedulerTimeType.Stride {
    record(.minimumTolerance)
    return .nanoseconds(7)
  }

  func advance(by stride: SchedulerTimeType.Stride = .zero) {
    virtual.advance(by: stride)
  }

  func schedule(options: Options?, _ action: @escaping () -> Void) {
    record(.schedule(options: options))
    virtual.schedule(options: nil, action)
  }

  func schedule(
    after date: SchedulerTimeType,
    tolerance: SchedulerTimeType.Stride,
    options: Options?,
    _ action: @escaping () -> Void
  ) {
    record(.scheduleAfter(date, tolerance: tolerance, options: options))
    virtual.schedule(after: date, tolerance: tolerance, options: nil, action)
  }

  func schedule(
    after date: SchedulerTimeType,
    interval: SchedulerTimeType.Stride,
    tolerance: SchedulerTimeType.Stride,
    options: Options?,
    _ action: @escaping () -> Void
  ) -> any Cancellable {
    record(.scheduleRepeating(date, interval: interval, tolerance: tolerance, options: options))
    return virtual.schedule(after: date, interval: interval, tolerance: tolerance, options: nil, action)
  }

  private func record(_ call: SchedulerCall) {
    log.withLock { $0.append(call) }
  }
}
