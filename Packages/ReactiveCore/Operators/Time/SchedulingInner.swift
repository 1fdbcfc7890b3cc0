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
final class SchedulingInner<Downstream: Subscriber, Context: Scheduler>: Subscriber, Subscription,
  CustomStringConvertible
{
  typealias Input = Downstream.Input
  typealias Failure = Downstream.Failure

  /// An event waiting for its turn.
  private enum Event: @unchecked Sendable {
    case value(Input)
    case completion(Subscribers.Completion<Failure>)
    /// The timeout: finished, or the custom error, made at delivery time,
    /// outside the lock.
    case timedOut
  }

  private struct Active: @unchecked Sendable {
    var downstream: Downstream
    /// Nil once the upstream completed or was cancelled by the timeout.
    var upstream: (any Subscription)?
    var outbox = Outbox<Event>()
    /// Scheduled actions that have run and not yet delivered an event.
    var ranActions = 0
    /// The timeout's repeating timer, cancelled on each restart.
    var timer: (any Cancellable)?
    /// Counts the timer's restarts, so that a stale timer does nothing.
    var timerGeneration = 0
    /// The downstream has requested at least once (the timeout restarts then, as in Combine).
    var hasRequested = false
  }

  // Touched only inside `state.withLock`; what leaves the lock is used only
  // by the thread that took it out, so @unchecked is sound.
  private enum State: @unchecked Sendable {
    case awaitingSubscription(Downstream)
    case active(Active)
    case terminal

    /// Runs `body` on the active state in place (without copying its queue).
    mutating func updateActive<R>(_ body: (inout Active) -> R) -> R? {
      guard case var .active(active) = self else { return nil }
      self = .terminal
      defer { self = .active(active) }
      return body(&active)
    }
  }

  private let state: Lock<State>
  private let scheduler: Context
  private let options: Context.SchedulerOptions?
  private let rule: SchedulingRule<Context, Failure>
  let description: String

  init(
    _ downstream: Downstream,
    scheduler: Context,
    options: Context.SchedulerOptions?,
    rule: SchedulingRule<Context, Failure>,
    description: String
  ) {
    state = Lock(.awaitingSubscription(downstream))
    self.scheduler = scheduler
    self.options = options
    self.rule = rule
    self.description = description
  }

  // MARK: Upstream side

  func receive(subscription: any Subscription) {
    let taken = state.withLock { state -> Handoff<Downstream>? in
      guard case let .awaitingSubscription(downstream) = state else { return nil }
      state = .active(Active(downstream: downstream, upstream: subscription))
      return Handoff(value: downstream)
    }
    guard let downstream = taken?.value else {
      subscription.cancel()
      return
    }
    restartTimer()
    downstream.receive(subscription: self)
  }

  func receive(_ input: Input) -> Subscribers.Demand {
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

  func receive(completion: Subscribers.Completion<Failure>) {
    let ended = state.withLock { state -> (accepted: Bool, timer: (any Cancellable)?) in
      state.updateActive { active -> (accepted: Bool, timer: (any Cancellable)?) in
        guard active.upstream != nil else { return (false, nil) }  // after the timeout: ignored
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

  func request(_ demand: Subscribers.Demand) {
    precondition(demand > 0, "API violation: demand must be greater than zero")
    let (upstream, isFirst) = state.withLock { state -> ((any Subscription)?, Bool) in
      state.updateActive { active in
        defer { active.hasRequested = true }
        return (active.upstream, !active.hasRequested)
      } ?? (nil, false)
    }
    if isFirst {
      restartTimer()
    }
    upstream?.request(demand)
  }

  func cancel() {
    let ended = state.withLock { state -> State in
      defer { state = .terminal }
      return state
    }
    guard case let .active(active) = ended else { return }
    active.timer?.cancel()
    active.upstream?.cancel()
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

  private enum Step: @unchecked Sendable {
    case stop
    case value(Downstream, Input)
    case complete(Downstream, Event)
  }

  /// Delivers events while scheduled actions owe them; runs on one thread at a time.
  private func deliver() {
    while true {
      let step = state.withLock { state -> Step in
        guard case var .active(active) = state else { return .stop }
        state = .terminal
        guard active.ranActions > 0, let event = active.outbox.removeFirst() else {
          active.outbox.release()
          state = .active(active)
          return .stop
        }
        active.ranActions -= 1
        switch event {
        case let .value(input):
          state = .active(active)
          return .value(active.downstream, input)
        case .completion, .timedOut:
          // Stays terminal; the rest of the state is released after the lock.
          return .complete(active.downstream, event)
        }
      }
      switch step {
      case .stop:
        return
      case let .value(downstream, input):
        let additional = downstream.receive(input)
        if additional > 0 {
          let upstream = state.withLock { state in state.updateActive { $0.upstream } ?? nil }
          upstream?.request(additional)
        }
      case let .complete(downstream, .completion(completion)):
        downstream.receive(completion: completion)
        return
      case let .complete(downstream, _):
        downstream.receive(completion: timeoutCompletion())
        return
      }
    }
  }

  // MARK: Timeout

  private func timeoutCompletion() -> Subscribers.Completion<Failure> {
    guard case let .soonWithTimeout(_, customError) = rule, let customError else { return .finished }
    return .failure(customError())
  }

  /// Starts the timeout anew; does nothing for the other rules.
  private func restartTimer() {
    guard case let .soonWithTimeout(interval, _) = rule else { return }
    let restart = state.withLock { state in
      state.updateActive { active -> (Int, (any Cancellable)?)? in
        guard active.upstream != nil else { return nil }
        active.timerGeneration += 1
        defer { active.timer = nil }
        return (active.timerGeneration, active.timer)
      } ?? nil
    }
    guard let (generation, previous) = restart else { return }
    previous?.cancel()
    let timer = scheduler.schedule(
      after: scheduler.now.advanced(by: interval),
      interval: interval,
      tolerance: scheduler.minimumTolerance,
      options: options
    ) { [weak self] in
      self?.timerFired(generation: generation)
    }
    let stored = state.withLock { state -> Bool in
      state.updateActive { active -> Bool in
        guard active.timerGeneration == generation, active.upstream != nil else { return false }
        active.timer = timer
        return true
      } ?? false
    }
    if !stored {
      timer.cancel()  // restarted or ended meanwhile
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
