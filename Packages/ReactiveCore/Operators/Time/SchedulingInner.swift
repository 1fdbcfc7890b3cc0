/// When the subscription of `receive(on:)`, `delay` and `timeout` delivers
/// each upstream event to its downstream.
enum SchedulingRule<Context: Scheduler, Failure: Error> {
  /// At the scheduler's next opportunity (`receive(on:)`).
  case soon
  /// An interval after the event arrived (`delay`).
  case after(Context.SchedulerTimeType.Stride, tolerance: Context.SchedulerTimeType.Stride)
  /// At the scheduler's next opportunity, and ends the stream if the upstream
  /// is silent for `interval` (`timeout`).
  case soonWithTimeout(Context.SchedulerTimeType.Stride, customError: (() -> Failure)?)
}

/// The subscription of `receive(on:)`, `delay` and `timeout`: it hands every
/// upstream event to the scheduler, one scheduled action per event, and
/// delivers them in arrival order, one at a time, even when the scheduler
/// runs its actions concurrently.
///
/// Each action that runs delivers the oldest undelivered event (not
/// necessarily its own: on a concurrent queue the actions may run out of
/// order, the events never do). Requests and cancellation go straight to the
/// upstream, on the caller's thread, as in Combine.
///
/// States:
/// - `awaitingSubscription(downstream)`: no upstream yet;
/// - `active`: following the upstream (see `Active`); after the upstream's
///   completion (or the timeout), only its queued events remain to deliver;
/// - `terminal`: the completion was delivered, or the downstream cancelled;
///   holds nothing.
///
/// As Combine's `delay`, it has no description or mirror of its own;
/// `DescribedSchedulingInner` adds those of `receive(on:)` and `timeout`
/// (and nothing else: the events and requests are `final` here).
class SchedulingInner<Downstream: Subscriber, Context: Scheduler>: Subscriber, Subscription, LibrarySubscriber {
  typealias Input = Downstream.Input
  typealias Failure = Downstream.Failure

  /// An event waiting for its turn.
  private enum Event {
    case value(Input)
    case completion(Subscribers.Completion<Failure>)
    /// The timeout: finished, or the custom error, made at delivery time,
    /// outside the lock.
    case timedOut
  }

  private struct Active: DeliveringState, RestartableTimerState, ~Copyable {
    var downstream: Downstream
    /// Nil once the upstream completed or was cancelled by the timeout.
    var upstream: (any Subscription)?
    /// The upstream's subscription after its completion, while its events wait
    /// for their turn. As Combine does, each operator still asks it for the
    /// demand its downstream returns from a value (a request that the
    /// completed upstream ignores; OpenCombine's ReceiveOnTests and
    /// DelayTests, run against Combine, record it), and `timeout` also passes
    /// the downstream's `request(_:)` and `cancel()` on to it until the
    /// completion is delivered (OpenCombine's TimeoutTests record the cancel).
    var completedUpstream: (any Subscription)?
    var outbox = Outbox<Event>()
    /// Scheduled actions that have run and not yet delivered an event.
    var ranActions = 0
    /// The timeout's repeating timer, cancelled on each restart.
    var timer: (any Cancellable)?
    /// Counts the timer's restarts, so that a stale timer does nothing.
    var timerGeneration = 0
    /// The downstream has requested at least once (the timeout restarts then, as in Combine).
    var hasRequested = false

    /// Under the lock: the oldest event, if a scheduled action that ran owes it.
    mutating func nextDelivery() -> Delivery<Downstream, Void, Event> {
      guard ranActions > 0, let event = outbox.removeFirst() else {
        outbox.release()
        return .pause(())
      }
      ranActions -= 1
      switch event {
      case let .value(input):
        return .value(downstream, input)
      case .completion, .timedOut:
        return .end(downstream, event)
      }
    }
  }

  private let state: Lock<TimedState<Downstream, Active>>
  private let scheduler: Context
  private let options: Context.SchedulerOptions?
  private let rule: SchedulingRule<Context, Failure>

  init(
    _ downstream: Downstream,
    scheduler: Context,
    options: Context.SchedulerOptions?,
    rule: SchedulingRule<Context, Failure>
  ) {
    state = Lock(.awaitingSubscription(downstream))
    self.scheduler = scheduler
    self.options = options
    self.rule = rule
  }

  // MARK: Upstream side

  final func receive(subscription: any Subscription) {
    guard let downstream = state.activate(subscription, { Active(downstream: $0, upstream: subscription) }) else {
      return
    }
    restartTimer()
    downstream.receive(subscription: self)
  }

  final func receive(_ input: Input) -> Subscribers.Demand {
    let accepted = state.withLock { state in
      state.updateActive { active -> Bool in
        guard active.upstream != nil else { return false }  // after the timeout: ignored
        active.outbox.append(.value(input))
        return true
      } ?? false
    }
    guard accepted else { return .none }
    restartTimer()
    scheduleDelivery()
    return .none
  }

  final func receive(completion: Subscribers.Completion<Failure>) {
    let ended = state.withLock { state -> (accepted: Bool, timer: (any Cancellable)?) in
      state.updateActive { active -> (accepted: Bool, timer: (any Cancellable)?) in
        guard active.upstream != nil else { return (false, nil) }  // after the timeout: ignored
        active.completedUpstream = active.upstream
        active.upstream = nil
        active.outbox.append(.completion(completion))
        defer { active.timer = nil }
        return (true, active.timer)
      } ?? (false, nil)
    }
    guard ended.accepted else { return }
    ended.timer?.cancel()
    scheduleDelivery()
  }

  // MARK: Downstream side

  final func request(_ demand: Subscribers.Demand) {
    // Passed on as is, `.none` included, as Combine does: the upstream decides.
    let reachesCompleted = isTimeout
    let (upstream, isFirst) = state.withLock { state -> ((any Subscription)?, Bool) in
      state.updateActive { active in
        defer { active.hasRequested = true }
        return (active.upstream ?? (reachesCompleted ? active.completedUpstream : nil), !active.hasRequested)
      } ?? (nil, false)
    }
    if isFirst {
      restartTimer()
    }
    upstream?.request(demand)
  }

  final func cancel() {
    guard let active = state.terminate() else { return }
    active.timer?.cancel()
    (active.upstream ?? (isTimeout ? active.completedUpstream : nil))?.cancel()
    // The downstream and the undelivered events are released here, after the lock.
  }

  // MARK: Scheduling

  private func scheduleDelivery() {
    switch rule {
    case .soon, .soonWithTimeout:
      scheduler.schedule(options: options) { self.actionRan() }
    case let .after(interval, tolerance):
      scheduler.schedule(after: scheduler.now.advanced(by: interval), tolerance: tolerance, options: options) {
        self.actionRan()
      }
    }
  }

  /// One scheduled action ran: it owes the downstream one event.
  private func actionRan() {
    let mustDeliver = state.withLock { state in
      state.updateActive { active -> Bool in
        active.ranActions += 1
        return active.outbox.claim()
      } ?? false
    }
    if mustDeliver {
      deliver()
    }
  }

  /// Delivers events while scheduled actions owe them; runs on one thread at a time.
  private func deliver() {
    state.deliver(
      onDemand: { additional in
        let upstream = self.state.withLock { state in
          state.updateActive { $0.upstream ?? $0.completedUpstream } ?? nil
        }
        upstream?.request(additional)
      },
      end: { downstream, event in
        switch event {
        case let .completion(completion):
          downstream.receive(completion: completion)
        case .timedOut, .value:  // a value never ends the stream: only the timeout comes here
          downstream.receive(completion: self.timeoutCompletion())
        }
      }
    )
  }

  // MARK: Timeout

  /// Whether this is `timeout`, whose requests and cancel reach the upstream
  /// until the completion is delivered, as in Combine.
  private var isTimeout: Bool {
    if case .soonWithTimeout = rule { true } else { false }
  }

  private func timeoutCompletion() -> Subscribers.Completion<Failure> {
    guard case let .soonWithTimeout(_, customError) = rule, let customError else { return .finished }
    return .failure(customError())
  }

  /// Starts the timeout anew; does nothing for the other rules.
  private func restartTimer() {
    guard case let .soonWithTimeout(interval, _) = rule else { return }
    // As in Combine, the running timer holds the subscription: a timeout
    // fires even if nothing else keeps the subscription alive. Every way out
    // (the timeout, the completion, cancel) cancels the timer, which lets go.
    state.restartTimer(on: scheduler, every: interval, options: options) { generation in
      self.timerFired(generation: generation)
    }
  }

  private func timerFired(generation: Int) {
    let fired = state.withLock { state in
      state.updateActive { active -> (timer: (any Cancellable)?, upstream: any Subscription, deliver: Bool)? in
        guard active.timerGeneration == generation, let upstream = active.upstream else { return nil }
        active.upstream = nil
        active.outbox.append(.timedOut)
        active.ranActions += 1  // this action delivers the timeout, after any value still queued
        defer { active.timer = nil }
        return (active.timer, upstream, active.outbox.claim())
      } ?? nil
    }
    guard let fired else { return }
    fired.timer?.cancel()
    fired.upstream.cancel()
    if fired.deliver {
      deliver()
    }
  }
}

/// The subscription of `receive(on:)` and `timeout`: `SchedulingInner`
/// described by Combine's name for the operator, with no children, as
/// Combine's.
final class DescribedSchedulingInner<Downstream: Subscriber, Context: Scheduler>:
  SchedulingInner<Downstream, Context>, CombineReflectable
{
  let description: String

  init(
    _ downstream: Downstream,
    scheduler: Context,
    options: Context.SchedulerOptions?,
    rule: SchedulingRule<Context, Failure>,
    description: String
  ) {
    self.description = description
    super.init(downstream, scheduler: scheduler, options: options, rule: rule)
  }

  var customMirror: Mirror { Mirror(childless: self) }
}
