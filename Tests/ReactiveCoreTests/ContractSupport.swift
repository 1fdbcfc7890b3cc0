import Foundation
import ReactiveCore
import Synchronization
import Testing
import TraitsTesting

// Helpers shared by the subject and Future suites and their stress tests.

/// Carries a value that is not `Sendable` across threads, for a test that
/// owns every use of it.
struct UncheckedSendable<Value>: @unchecked Sendable {
  let value: Value

  init(_ value: Value) {
    self.value = value
  }
}

/// Subscribes a recorder through a subscriber that also hands back the
/// subscription, so that a test can use it after the recorder let go of it.
func recordKeepingSubscription<P: Publisher>(
  _ publisher: P,
  demand: Subscribers.Demand = .unlimited
) throws -> (RecordingSubscriber<P.Output, P.Failure>, any Subscription) {
  let recorder = RecordingSubscriber<P.Output, P.Failure>(demand: demand)
  var subscription: (any Subscription)?
  publisher.subscribe(
    AnySubscriber<P.Output, P.Failure>(
      receiveSubscription: {
        subscription = $0
        recorder.receive(subscription: $0)
      },
      receiveValue: { recorder.receive($0) },
      receiveCompletion: { recorder.receive(completion: $0) }
    )
  )
  return (recorder, try #require(subscription))
}

/// A subscriber that checks Combine's contract from the inside while several
/// threads drive its publisher: its calls never overlap (a call nested in
/// another on the same thread is legal: a publisher may deliver from inside
/// `request`), it gets one subscription, no value without demand, nothing
/// after the completion.
final class ContractChecker<Input: Sendable, Failure: Error>: Subscriber, @unchecked Sendable {
  // @unchecked Sendable: the mutable state is in `log` (a Mutex) and `inCall` (an Atomic).
  // `inCall` holds the identity of the thread inside a call, 0 when none is.

  struct Log: @unchecked Sendable {
    var subscription: (any Subscription)?
    var subscriptions = 0
    var values: [Input] = []
    var completions: [Subscribers.Completion<Failure>] = []
    /// What this subscriber requested and has not received yet.
    var outstanding = Subscribers.Demand.none
    var violations: [String] = []
  }

  private let log = Lock(Log())
  private let inCall = Atomic<UInt>(0)
  private let initialDemand: Subscribers.Demand
  private let demandPerValue: Subscribers.Demand

  init(initialDemand: Subscribers.Demand = .unlimited, demandPerValue: Subscribers.Demand = .none) {
    self.initialDemand = initialDemand
    self.demandPerValue = demandPerValue
  }

  var values: [Input] { log.withLock { $0.values } }
  var completions: [Subscribers.Completion<Failure>] { log.withLock { $0.completions } }
  var subscriptions: Int { log.withLock { $0.subscriptions } }
  var violations: [String] { log.withLock { $0.violations } }

  /// Requests from any thread; the demand counts before the request is made.
  func request(_ demand: Subscribers.Demand) {
    let subscription = log.withLock { log in
      log.outstanding += demand
      return log.subscription
    }
    subscription?.request(demand)
  }

  func cancel() {
    let subscription = log.withLock { log in
      defer { log.subscription = nil }
      return log.subscription
    }
    subscription?.cancel()
  }

  func receive(subscription: any Subscription) {
    let outermost = enter("receive(subscription:)")
    defer { leave(outermost) }
    log.withLock { log in
      log.subscriptions += 1
      if log.subscriptions > 1 { log.violations.append("a second subscription") }
      log.subscription = subscription
      log.outstanding += initialDemand
    }
    if initialDemand > 0 { subscription.request(initialDemand) }
  }

  func receive(_ input: Input) -> Subscribers.Demand {
    let outermost = enter("receive(_:)")
    defer { leave(outermost) }
    log.withLock { log in
      if !log.completions.isEmpty { log.violations.append("a value after the completion") }
      if log.outstanding == .none {
        log.violations.append("a value without demand")
      } else {
        log.outstanding -= 1
      }
      log.outstanding += demandPerValue
      log.values.append(input)
    }
    return demandPerValue
  }

  func receive(completion: Subscribers.Completion<Failure>) {
    let outermost = enter("receive(completion:)")
    defer { leave(outermost) }
    log.withLock { log in
      if !log.completions.isEmpty { log.violations.append("a second completion") }
      log.completions.append(completion)
    }
  }

  /// Returns true for a call that is not nested in another on the same thread.
  private func enter(_ call: String) -> Bool {
    let thread = UInt(pthread_self())
    let (exchanged, original) = inCall.compareExchange(expected: 0, desired: thread, ordering: .acquiring)
    if exchanged { return true }
    if original != thread {
      log.withLock { $0.violations.append("\(call) overlapped another call") }
    }
    return false
  }

  private func leave(_ outermost: Bool) {
    if outermost { inCall.store(0, ordering: .releasing) }
  }
}

/// Threads that start together and meet again at chosen points of their
/// work: each thread calls `meet()` the same number of times, and no thread
/// leaves a meeting before all have come to it.
final class Race: Sendable {
  private let threads: Int
  private let arrivals = Atomic<Int>(0)

  init(threads: Int) {
    self.threads = threads
  }

  /// Runs `body(thread, self)` on `threads` new threads, released together,
  /// and returns when all are done.
  func run(_ body: @escaping @Sendable (_ thread: Int, _ race: Race) -> Void) {
    let done = DispatchGroup()
    for thread in 0..<threads {
      done.enter()
      Thread {
        self.meet()
        body(thread, self)
        done.leave()
      }.start()
    }
    done.wait()
  }

  /// Waits until every thread has come to this meeting. Each thread comes
  /// and leaves after a random pause, so that none always goes first.
  func meet() {
    pause()
    let arrival = arrivals.add(1, ordering: .acquiringAndReleasing).newValue
    let meeting = (arrival + threads - 1) / threads
    // Spin for a while first, so that threads on different cores leave
    // together; then yield, for a thread that waits on the same core.
    let spinUntil = ContinuousClock.now + .microseconds(200)
    var spinning = true
    while arrivals.load(ordering: .acquiring) < meeting * threads {
      if spinning {
        spinning = ContinuousClock.now < spinUntil
      } else {
        sched_yield()
      }
    }
    pause()
  }

  private func pause() {
    for _ in 0..<Int.random(in: 0..<2_000) {
      _ = arrivals.load(ordering: .relaxed)
    }
  }
}
