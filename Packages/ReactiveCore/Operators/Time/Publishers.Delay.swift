extension Publisher {
  /// Delivers every event `interval` later than the upstream sent it, on `scheduler`.
  ///
  /// Values, finishing and failure are all shifted by the same interval, and
  /// keep their order. Requests and cancellation go to the upstream at once.
  /// A cancelled subscription delivers nothing more.
  ///
  /// ```text
  /// upstream  -a--b-|
  /// result    ---a--b-|     interval: 2 ticks
  /// ```
  ///
  /// - Parameters:
  ///   - interval: How long to hold each event.
  ///   - tolerance: How late the scheduler may deliver; nil uses its minimum tolerance.
  ///   - scheduler: The scheduler that delivers the events.
  ///   - options: Options for `scheduler`.
  /// - Returns: A publisher that delivers its upstream's events after `interval`.
  @_alwaysEmitIntoClient
  public func delay<S: Scheduler>(
    for interval: S.SchedulerTimeType.Stride,
    tolerance: S.SchedulerTimeType.Stride? = nil,
    scheduler: S,
    options: S.SchedulerOptions? = nil
  ) -> Publishers.Delay<Self, S> {
    Publishers.Delay(
      upstream: self,
      interval: interval,
      tolerance: tolerance ?? scheduler.minimumTolerance,
      scheduler: scheduler,
      options: options
    )
  }
}

extension Publishers {
  /// A publisher that delivers its upstream's events after a fixed interval, on a scheduler.
  public struct Delay<Upstream: Publisher, Context: Scheduler>: Publisher {
    public typealias Output = Upstream.Output
    public typealias Failure = Upstream.Failure

    /// The publisher whose events are delayed.
    public let upstream: Upstream

    /// How long each event is held.
    public let interval: Context.SchedulerTimeType.Stride

    /// How late the scheduler may deliver an event.
    public let tolerance: Context.SchedulerTimeType.Stride

    /// The scheduler that delivers the events.
    public let scheduler: Context

    /// Options for the scheduler.
    public let options: Context.SchedulerOptions?

    /// Creates a publisher that delivers the events of `upstream` after `interval`.
    ///
    /// - Parameters:
    ///   - upstream: The publisher whose events are delayed.
    ///   - interval: How long each event is held.
    ///   - tolerance: How late the scheduler may deliver an event.
    ///   - scheduler: The scheduler that delivers the events.
    ///   - options: Options for the scheduler.
    @_alwaysEmitIntoClient
    public init(
      upstream: Upstream,
      interval: Context.SchedulerTimeType.Stride,
      tolerance: Context.SchedulerTimeType.Stride,
      scheduler: Context,
      options: Context.SchedulerOptions? = nil
    ) {
      self.upstream = upstream
      self.interval = interval
      self.tolerance = tolerance
      self.scheduler = scheduler
      self.options = options
    }

    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
      upstream.subscribe(
        SchedulingInner(
          subscriber,
          scheduler: scheduler,
          options: options,
          rule: .after(interval, tolerance: tolerance)
        )
      )
    }
  }
}
