extension Publisher {
  /// Delivers values and the completion on `scheduler`.
  ///
  /// Each event reaches the downstream in a scheduled action, in the order
  /// the upstream sent it, one at a time, even when the scheduler is a
  /// concurrent queue. The subscription itself, requests and cancellation are
  /// not moved: use `subscribe(on:options:)` for those. A cancelled
  /// subscription delivers nothing more, even events already scheduled.
  ///
  /// ```text
  /// upstream  -a-b-|
  /// result    -a-b-|      each event delivered by the scheduler (here: virtual time, same tick)
  /// ```
  ///
  /// - Parameters:
  ///   - scheduler: The scheduler that delivers the events.
  ///   - options: Options for `scheduler`'s `schedule(options:_:)`.
  /// - Returns: A publisher that delivers its upstream's events on `scheduler`.
  @inlinable
  public func receive<S: Scheduler>(
    on scheduler: S,
    options: S.SchedulerOptions? = nil
  ) -> Publishers.ReceiveOn<Self, S> {
    Publishers.ReceiveOn(upstream: self, scheduler: scheduler, options: options)
  }
}

extension Publishers {
  /// A publisher that delivers its upstream's values and completion on a scheduler.
  public struct ReceiveOn<Upstream: Publisher, Context: Scheduler>: Publisher {
    public typealias Output = Upstream.Output
    public typealias Failure = Upstream.Failure

    /// The publisher whose events are moved to the scheduler.
    public let upstream: Upstream

    /// The scheduler that delivers the events.
    public let scheduler: Context

    /// Options for the scheduler, passed with each scheduled delivery.
    public let options: Context.SchedulerOptions?

    /// Creates a publisher that delivers the events of `upstream` on `scheduler`.
    ///
    /// - Parameters:
    ///   - upstream: The publisher whose events are moved to the scheduler.
    ///   - scheduler: The scheduler that delivers the events.
    ///   - options: Options for the scheduler.
    @_alwaysEmitIntoClient
    public init(upstream: Upstream, scheduler: Context, options: Context.SchedulerOptions?) {
      self.upstream = upstream
      self.scheduler = scheduler
      self.options = options
    }

    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
      upstream.subscribe(
        DescribedSchedulingInner(
          subscriber,
          scheduler: scheduler,
          options: options,
          rule: .soon,
          description: "ReceiveOn"
        )
      )
    }
  }
}
