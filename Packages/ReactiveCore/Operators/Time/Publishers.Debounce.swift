extension Publisher {
  /// Publishes a value only once the upstream has been silent for `dueTime` after it.
  ///
  /// Each value restarts the clock; when it runs out, the latest value is
  /// delivered on `scheduler`, if the downstream has demand for it, and
  /// dropped otherwise. The upstream is asked for unlimited values. As in
  /// Combine, a value still waiting when the upstream completes is dropped,
  /// and the completion is delivered on `scheduler` at its next opportunity.
  ///
  /// ```text
  /// upstream  -a-b-----c---|
  /// result    ------b-----c|      dueTime: 3 ticks
  /// ```
  ///
  /// - Parameters:
  ///   - dueTime: How long the upstream must stay silent before the latest value goes out.
  ///   - scheduler: The scheduler that keeps time and delivers the events.
  ///   - options: Options for `scheduler`.
  /// - Returns: A publisher that publishes values once the upstream settles.
  @_alwaysEmitIntoClient
  public func debounce<S: Scheduler>(
    for dueTime: S.SchedulerTimeType.Stride,
    scheduler: S,
    options: S.SchedulerOptions? = nil
  ) -> Publishers.Debounce<Self, S> {
    Publishers.Debounce(upstream: self, dueTime: dueTime, scheduler: scheduler, options: options)
  }
}

extension Publishers {
  /// A publisher that publishes a value only after its upstream has been silent for a while.
  public struct Debounce<Upstream: Publisher, Context: Scheduler>: Publisher {
    public typealias Output = Upstream.Output
    public typealias Failure = Upstream.Failure

    /// The publisher whose values are debounced.
    public let upstream: Upstream

    /// How long the upstream must stay silent before the latest value goes out.
    public let dueTime: Context.SchedulerTimeType.Stride

    /// The scheduler that keeps time and delivers the events.
    public let scheduler: Context

    /// Options for the scheduler.
    public let options: Context.SchedulerOptions?

    /// Creates a publisher that debounces the values of `upstream`.
    ///
    /// - Parameters:
    ///   - upstream: The publisher whose values are debounced.
    ///   - dueTime: How long the upstream must stay silent before the latest value goes out.
    ///   - scheduler: The scheduler that keeps time and delivers the events.
    ///   - options: Options for the scheduler.
    @_alwaysEmitIntoClient
    public init(
      upstream: Upstream,
      dueTime: Context.SchedulerTimeType.Stride,
      scheduler: Context,
      options: Context.SchedulerOptions?
    ) {
      self.upstream = upstream
      self.dueTime = dueTime
      self.scheduler = scheduler
      self.options = options
    }

    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
      upstream.subscribe(DebounceInner(subscriber, dueTime: dueTime, scheduler: scheduler, options: options))
    }
  }
}

/// The subscription of `debounce`.
///
/// States:
/// - `awaitingSubscription(downstream)`: no upstream yet;
/// - `active`: see `Active`; after the upstream's completion, only the
///   completion (and values already due) remain to deliver;
/// - `terminal`: completed or cancelled; holds nothing.
private final class DebounceInner<Downstream: Subscriber, Context: Scheduler>: Subscriber, Subscription,
  CustomStringConvertible
{
  typealias Input = Downstream.Input
  typealias Failure = Downstream.Failure

  private struct Active: EventOutboxState, DemandCounting, RestartableTimerState, ~Copyable {
    var downstream: Downstream
    /// Nil once the upstream completed.
    var upstream: (any Subscription)?
    var demand = Subscribers.Demand.none
    /// The latest value, waiting for the upstream to settle.
    var waiting: Input?
    /// Counts the values, so that the timer of an older value does nothing.
    var timerGeneration = 0
    var timer: (any Cancellable)?
    /// Events due to the downstream, delivered by one thread at a time.
    var outbox = Outbox<TimedEvent<Input, Failure>>()
  }

  private let state: Lock<TimedState<Downstream, Active>>
  private let dueTime: Context.SchedulerTimeType.Stride
  private let scheduler: Context
  private let options: Context.SchedulerOptions?

  var description: String { "Debounce" }

  init(
    _ downstream: Downstream,
    dueTime: Context.SchedulerTimeType.Stride,
    scheduler: Context,
    options: Context.SchedulerOptions?
  ) {
    state = Lock(.awaitingSubscription(downstream))
    self.dueTime = dueTime
    self.scheduler = scheduler
    self.options = options
  }

  func receive(subscription: any Subscription) {
    guard let downstream = state.activate(subscription, { Active(downstream: $0, upstream: subscription) }) else {
      return
    }
    downstream.receive(subscription: self)
    subscription.request(.unlimited)
  }

  func receive(_ input: Input) -> Subscribers.Demand {
    // A repeating timer, for its cancellable; it is cancelled when it first
    // fires. As in Combine, it holds the subscription until then: a value
    // waiting to settle keeps the subscription and its downstream alive.
    // The value it replaces leaves the lock in `replaced` and is released
    // here, after it: its deinit may call back into this subscription.
    var replaced: Input? = input
    state.restartTimer(on: scheduler, every: dueTime, options: options, prepare: { swap(&$0.waiting, &replaced) }) {
      generation in
      self.timerFired(generation: generation)
    }
    withExtendedLifetime(replaced) {}
    return .none
  }

  private func timerFired(generation: Int) {
    let fired = state.withLock { state -> (timer: (any Cancellable)?, deliver: Bool)? in
      state.updateActive { active in
        guard active.timerGeneration == generation, let value = active.waiting else { return nil }
        active.waiting = nil
        defer { active.timer = nil }
        guard active.demand > 0 else {
          return (active.timer, false)  // no demand: the value is dropped, as in Combine
        }
        active.demand -= 1
        active.outbox.append(.value(value))
        return (active.timer, active.outbox.claim())
      } ?? nil
    }
    guard let fired else { return }
    fired.timer?.cancel()
    if fired.deliver {
      deliver()
    }
  }

  func receive(completion: Subscribers.Completion<Failure>) {
    let ended = state.withLock { state -> (accepted: Bool, timer: (any Cancellable)?, waiting: Input?) in
      state.updateActive { active in
        guard active.upstream != nil else { return (false, nil, nil) }
        active.upstream = nil
        active.timerGeneration += 1
        defer {
          active.timer = nil
          active.waiting = nil
        }
        return (true, active.timer, active.waiting)
      } ?? (false, nil, nil)
    }
    guard ended.accepted else { return }
    ended.timer?.cancel()
    // The waiting value is dropped (released here, after the lock). As in
    // Combine, the completion is scheduled without the options, which only
    // the values' timers get.
    scheduler.schedule(options: nil) {
      let mustDeliver = self.state.withLock { state in
        state.updateActive { active -> Bool in
          active.outbox.append(.completion(completion))
          return active.outbox.claim()
        } ?? false
      }
      if mustDeliver {
        self.deliver()
      }
    }
  }

  func request(_ demand: Subscribers.Demand) {
    // `.none` adds nothing: Combine accepts it.
    state.addDemand(demand)
  }

  func cancel() {
    guard let active = state.terminate() else { return }
    active.timer?.cancel()
    active.upstream?.cancel()
  }

  /// Delivers the outbox's events; runs on one thread at a time.
  private func deliver() {
    state.deliver(onDemand: { self.state.addDemand($0) }, end: { $0.receive(completion: $1) })
  }
}

extension DebounceInner: CombineReflectable {
  /// Shows the downstream, its demand and the value waiting for quiet, as
  /// Combine's `debounce`.
  var customMirror: Mirror {
    let (downstream, demand, waiting) = state.withLock { state -> (Downstream?, Subscribers.Demand, Input?) in
      switch state {
      case let .awaitingSubscription(downstream): (downstream, .none, nil)
      case let .active(active): (active.downstream, active.demand, active.waiting)
      case .terminal: (nil, .none, nil)
      }
    }
    return Mirror(
      self,
      children: ["downstream": downstream as Any, "downstreamDemand": demand, "currentValue": waiting as Any]
    )
  }
}
