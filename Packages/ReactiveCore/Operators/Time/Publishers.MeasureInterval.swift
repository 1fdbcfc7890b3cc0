extension Publisher {
  /// Replaces each value with the time elapsed since the previous one (or
  /// since the subscription, for the first), as measured by `scheduler`.
  ///
  /// Values are not moved to the scheduler: only its clock is read. Demand
  /// and the completion pass through unchanged.
  ///
  /// ```text
  /// upstream  --a---b-|
  /// result    --p---q-|     p = 2 ticks, q = 4 ticks
  /// ```
  ///
  /// - Parameters:
  ///   - scheduler: The scheduler whose clock measures the intervals.
  ///   - options: Options for `scheduler`; unused, as in Combine.
  /// - Returns: A publisher of the intervals between the upstream's values.
  @_alwaysEmitIntoClient
  public func measureInterval<S: Scheduler>(
    using scheduler: S,
    options: S.SchedulerOptions? = nil
  ) -> Publishers.MeasureInterval<Self, S> {
    Publishers.MeasureInterval(upstream: self, scheduler: scheduler)
  }
}

extension Publishers {
  /// A publisher of the time elapsed between the values of its upstream.
  public struct MeasureInterval<Upstream: Publisher, Context: Scheduler>: Publisher {
    public typealias Output = Context.SchedulerTimeType.Stride
    public typealias Failure = Upstream.Failure

    /// The publisher whose values are timed.
    public let upstream: Upstream

    /// The scheduler whose clock measures the intervals.
    public let scheduler: Context

    /// Creates a publisher of the time elapsed between the values of `upstream`.
    ///
    /// - Parameters:
    ///   - upstream: The publisher whose values are timed.
    ///   - scheduler: The scheduler whose clock measures the intervals.
    @_alwaysEmitIntoClient
    public init(upstream: Upstream, scheduler: Context) {
      self.upstream = upstream
      self.scheduler = scheduler
    }

    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
      upstream.subscribe(MeasureIntervalInner<S, Upstream.Output, Context>(subscriber, scheduler: scheduler))
    }
  }
}

/// The subscription of `measureInterval`.
///
/// States (`TimedState`):
/// - `awaitingSubscription(downstream)`: no upstream yet;
/// - `active`: see `Active`;
/// - `terminal`: completed or cancelled; holds nothing.
private final class MeasureIntervalInner<Downstream: Subscriber, Element, Context: Scheduler>: Subscriber,
  Subscription, CustomStringConvertible
where Downstream.Input == Context.SchedulerTimeType.Stride {
  typealias Input = Element
  typealias Failure = Downstream.Failure

  private struct Active {
    var downstream: Downstream
    var upstream: any Subscription
    /// The time of the previous value, or of the subscription.
    var last: Context.SchedulerTimeType
  }

  private let state: Lock<TimedState<Downstream, Active>>
  private let scheduler: Context

  var description: String { "MeasureInterval" }

  init(_ downstream: Downstream, scheduler: Context) {
    state = Lock(.awaitingSubscription(downstream))
    self.scheduler = scheduler
  }

  func receive(subscription: any Subscription) {
    // As Combine, the clock is read only while subscribed: not for a second
    // subscription, a value or a completion after the end, nor the end itself.
    guard isAwaitingSubscription else {
      subscription.cancel()
      return
    }
    let now = scheduler.now
    guard let downstream = state.activate(subscription, { Active(downstream: $0, upstream: subscription, last: now) })
    else {
      return
    }
    downstream.receive(subscription: self)
  }

  func receive(_ input: Input) -> Subscribers.Demand {
    guard isActive else { return .none }
    let now = scheduler.now
    let measured = state.withLock { state in
      state.updateActive { active -> (any Subscription, Downstream, Context.SchedulerTimeType.Stride) in
        defer { active.last = now }
        return (active.upstream, active.downstream, active.last.distance(to: now))
      }
    }
    guard let (upstream, downstream, interval) = measured else { return .none }
    // As Combine does, the further demand is requested from the upstream,
    // not returned.
    let additional = downstream.receive(interval)
    if additional > 0 {
      upstream.request(additional)
    }
    return .none
  }

  private var isAwaitingSubscription: Bool {
    state.withLock { state in
      guard case .awaitingSubscription = state else { return false }
      return true
    }
  }

  private var isActive: Bool {
    state.withLock { state in
      guard case .active = state else { return false }
      return true
    }
  }

  func receive(completion: Subscribers.Completion<Failure>) {
    state.terminate()?.downstream.receive(completion: completion)
  }

  func request(_ demand: Subscribers.Demand) {
    // Passed on as is, `.none` included, as Combine does: the upstream decides.
    state.withLock { state in state.updateActive { $0.upstream } }?.request(demand)
  }

  func cancel() {
    state.terminate()?.upstream.cancel()
  }
}

extension MeasureIntervalInner: CombineReflectable {
  /// Shows no children, as Combine's `measureInterval`.
  var customMirror: Mirror { Mirror(childless: self) }
}
