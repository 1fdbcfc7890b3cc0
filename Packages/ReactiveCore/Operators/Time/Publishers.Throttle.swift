extension Publisher {
  /// Publishes at most one value per `interval`: the first value at once,
  /// then the latest (or the first) value of each following window.
  ///
  /// A value that arrives while the downstream has no demand is dropped, as
  /// in Combine; the upstream is asked for unlimited values. Values and the
  /// completion are delivered on `scheduler`; a completion that arrives while
  /// a value waits for the end of its window is delivered right after it.
  ///
  /// ```text
  /// upstream  ab-c-d---e-|
  /// result    a---c---d---(e|)    interval: 4 ticks, latest: true
  /// ```
  ///
  /// ```text
  /// upstream  ab-c-d---e-|
  /// result    a---b---d---(e|)    interval: 4 ticks, latest: false
  /// ```
  ///
  /// - Parameters:
  ///   - interval: The shortest time between two published values.
  ///   - scheduler: The scheduler that keeps time and delivers the events.
  ///   - latest: Whether a window publishes its latest value (true) or its first one (false).
  /// - Returns: A publisher that publishes at most one value per interval.
  @_alwaysEmitIntoClient
  public func throttle<S: Scheduler>(
    for interval: S.SchedulerTimeType.Stride,
    scheduler: S,
    latest: Bool
  ) -> Publishers.Throttle<Self, S> {
    Publishers.Throttle(upstream: self, interval: interval, scheduler: scheduler, latest: latest)
  }
}

extension Publishers {
  /// A publisher that publishes at most one value of its upstream per interval.
  public struct Throttle<Upstream: Publisher, Context: Scheduler>: Publisher {
    public typealias Output = Upstream.Output
    public typealias Failure = Upstream.Failure

    /// The publisher whose values are throttled.
    public let upstream: Upstream

    /// The shortest time between two published values.
    public let interval: Context.SchedulerTimeType.Stride

    /// The scheduler that keeps time and delivers the events.
    public let scheduler: Context

    /// Whether a window publishes its latest value (true) or its first one (false).
    public let latest: Bool

    /// Creates a publisher that throttles the values of `upstream`.
    ///
    /// - Parameters:
    ///   - upstream: The publisher whose values are throttled.
    ///   - interval: The shortest time between two published values.
    ///   - scheduler: The scheduler that keeps time and delivers the events.
    ///   - latest: Whether a window publishes its latest value (true) or its first one (false).
    @_alwaysEmitIntoClient
    public init(upstream: Upstream, interval: Context.SchedulerTimeType.Stride, scheduler: Context, latest: Bool) {
      self.upstream = upstream
      self.interval = interval
      self.scheduler = scheduler
      self.latest = latest
    }

    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
      upstream.subscribe(ThrottleInner(subscriber, interval: interval, scheduler: scheduler, latest: latest))
    }
  }
}

/// The subscription of `throttle`.
///
/// At most one emission is scheduled at a time: at once for the first value
/// (or a value after a quiet window), else at the end of the current window.
///
/// States:
/// - `awaitingSubscription(downstream)`: no upstream yet;
/// - `active`: see `Active`;
/// - `terminal`: completed or cancelled; holds nothing.
private final class ThrottleInner<Downstream: Subscriber, Context: Scheduler>: Subscriber, Subscription,
  CustomStringConvertible
{
  typealias Input = Downstream.Input
  typealias Failure = Downstream.Failure
  typealias Time = Context.SchedulerTimeType

  private struct Active: EventOutboxState, DemandCounting, ~Copyable {
    var downstream: Downstream
    /// Nil once the upstream completed.
    var upstream: (any Subscription)?
    var demand = Subscribers.Demand.none
    /// An emission is scheduled; it publishes `waitingValue`, then `waitingCompletion`.
    var emissionScheduled = false
    var waitingValue: Input?
    var waitingCompletion: Subscribers.Completion<Failure>?
    /// When the last value was published; nil before the first.
    var lastEmission: Time?
    /// Events due to the downstream, delivered by one thread at a time.
    var outbox = Outbox<TimedEvent<Input, Failure>>()
  }

  private let state: Lock<TimedState<Downstream, Active>>
  private let interval: Context.SchedulerTimeType.Stride
  private let scheduler: Context
  private let latest: Bool

  var description: String { "Throttle" }

  init(_ downstream: Downstream, interval: Context.SchedulerTimeType.Stride, scheduler: Context, latest: Bool) {
    state = Lock(.awaitingSubscription(downstream))
    self.interval = interval
    self.scheduler = scheduler
    self.latest = latest
    // Combine's throttle reads the clock when its subscriber is created, when
    // it gets its subscription, on each value and completion it accepts, and
    // when it publishes a value alone; code that logs its scheduler's calls
    // sees the same reads here. The first two are not used.
    _ = scheduler.now
  }

  func receive(subscription: any Subscription) {
    if isAwaitingSubscription {
      _ = scheduler.now
    }
    guard let downstream = state.activate(subscription, { Active(downstream: $0, upstream: subscription) }) else {
      return
    }
    subscription.request(.unlimited)
    downstream.receive(subscription: self)
  }

  private var isAwaitingSubscription: Bool {
    state.withLock { $0.isAwaitingSubscription }
  }

  /// Whether the upstream may still send: subscribed, not completed, not cancelled.
  private var isAccepting: Bool {
    state.withLock { state in state.updateActive { $0.upstream != nil } ?? false }
  }

  func receive(_ input: Input) -> Subscribers.Demand {
    // The clock is read outside the lock, only for a value that is accepted
    // (with or without demand), as Combine does.
    guard isAccepting else { return .none }
    let now = scheduler.now
    let emission = state.withLock { state -> Time? in
      state.updateActive { active -> Time? in
        guard active.upstream != nil, active.demand > 0 else { return nil }  // no demand: dropped
        guard !active.emissionScheduled else {
          if latest {
            active.waitingValue = input
          }
          return nil
        }
        active.demand -= 1
        active.waitingValue = input
        active.emissionScheduled = true
        return active.lastEmission.map { Swift.max(now, $0.advanced(by: interval)) } ?? now
      } ?? nil
    }
    // A scheduled emission holds the subscription weakly, as in Combine: it
    // does not keep alive a subscription that nothing else holds.
    if let emission {
      if emission == now {
        scheduler.schedule { [weak self] in self?.emit() }
      } else {
        scheduler.schedule(after: emission) { [weak self] in self?.emit() }
      }
    }
    return .none
  }

  func receive(completion: Subscribers.Completion<Failure>) {
    guard isAccepting else { return }
    _ = scheduler.now  // unused, read as Combine does
    let mustSchedule = state.withLock { state -> Bool in
      state.updateActive { active -> Bool in
        guard active.upstream != nil else { return false }
        active.upstream = nil
        active.waitingCompletion = completion
        defer { active.emissionScheduled = true }
        return !active.emissionScheduled  // else it goes out right after the waiting value
      } ?? false
    }
    if mustSchedule {
      scheduler.schedule { [weak self] in self?.emit() }
    }
  }

  /// The scheduled emission: moves the waiting value and completion to the outbox.
  private func emit() {
    // As Combine, the clock is read for a value published alone: it starts
    // the next window. A value published with the completion starts none.
    let publishesAValueAlone = state.withLock { state in
      state.updateActive { $0.waitingValue != nil && $0.waitingCompletion == nil } ?? false
    }
    let now = publishesAValueAlone ? scheduler.now : nil
    let mustDeliver = state.withLock { state -> Bool in
      state.updateActive { active -> Bool in
        active.emissionScheduled = false
        if let value = active.waitingValue {
          active.waitingValue = nil
          active.lastEmission = now ?? active.lastEmission
          active.outbox.append(.value(value))
        }
        if let completion = active.waitingCompletion {
          active.waitingCompletion = nil
          active.outbox.append(.completion(completion))
        }
        return active.outbox.claim()
      } ?? false
    }
    if mustDeliver {
      deliver()
    }
  }

  func request(_ demand: Subscribers.Demand) {
    // `.none` adds nothing: Combine accepts it.
    state.addDemand(demand)
  }

  func cancel() {
    state.terminate()?.upstream?.cancel()
  }

  /// Delivers the outbox's events; runs on one thread at a time.
  private func deliver() {
    state.deliver(onDemand: { self.state.addDemand($0) }, end: { $0.receive(completion: $1) })
  }
}

extension ThrottleInner: CombineReflectable {
  /// Shows no children, as Combine's `throttle`.
  var customMirror: Mirror { Mirror(childless: self) }
}
