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
  @inlinable
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
    @inlinable
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
/// States:
/// - `awaitingSubscription(downstream)`: no upstream yet;
/// - `measuring(upstream, downstream, last)`: `last` is the time of the
///   previous value, or of the subscription;
/// - `terminal`: completed or cancelled; holds nothing.
private final class MeasureIntervalInner<Downstream: Subscriber, Element, Context: Scheduler>: Subscriber,
  Subscription, CustomStringConvertible
where Downstream.Input == Context.SchedulerTimeType.Stride {
  typealias Input = Element
  typealias Failure = Downstream.Failure

  private enum State {
    case awaitingSubscription(Downstream)
    case measuring(any Subscription, Downstream, last: Context.SchedulerTimeType)
    case terminal
  }

  private let state: Lock<State>
  private let scheduler: Context

  var description: String { "MeasureInterval" }

  init(_ downstream: Downstream, scheduler: Context) {
    state = Lock(.awaitingSubscription(downstream))
    self.scheduler = scheduler
  }

  func receive(subscription: any Subscription) {
    let now = scheduler.now
    let taken = state.withLock { state -> Downstream? in
      guard case let .awaitingSubscription(downstream) = state else { return nil }
      state = .measuring(subscription, downstream, last: now)
      return downstream
    }
    guard let downstream = taken else {
      subscription.cancel()
      return
    }
    downstream.receive(subscription: self)
  }

  func receive(_ input: Input) -> Subscribers.Demand {
    let now = scheduler.now
    let measured = state.withLock {
      state -> (any Subscription, Downstream, Context.SchedulerTimeType.Stride)? in
      guard case let .measuring(upstream, downstream, last) = state else { return nil }
      state = .measuring(upstream, downstream, last: now)
      return (upstream, downstream, last.distance(to: now))
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

  func receive(completion: Subscribers.Completion<Failure>) {
    let ended = state.withLock { state -> State in
      defer { state = .terminal }
      return state
    }
    guard case let .measuring(_, downstream, _) = ended else { return }
    downstream.receive(completion: completion)
  }

  func request(_ demand: Subscribers.Demand) {
    // Passed on as is, `.none` included, as Combine does: the upstream decides.
    let upstream = state.withLock { state -> (any Subscription)? in
      guard case let .measuring(upstream, _, _) = state else { return nil }
      return upstream
    }
    upstream?.request(demand)
  }

  func cancel() {
    let ended = state.withLock { state -> State in
      defer { state = .terminal }
      return state
    }
    if case let .measuring(upstream, _, _) = ended {
      upstream.cancel()
    }
  }
}

extension MeasureIntervalInner: CombineReflectable {
  /// Shows no children, as Combine's `measureInterval`.
  var customMirror: Mirror { Mirror(childless: self) }
}
