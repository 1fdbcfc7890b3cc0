extension Publisher {
  /// Ends the stream if the upstream stays silent for `interval`.
  ///
  /// The clock starts at the subscription, starts again at the downstream's
  /// first request, and again at each value. When it runs out, the upstream
  /// is cancelled and the downstream finishes, or fails with `customError()`
  /// if given. Values and the completion are delivered on `scheduler`, in
  /// order, as with `receive(on:options:)`; a value that arrived before the
  /// timeout is still delivered before it.
  ///
  /// ```text
  /// upstream  -a----b
  /// result    -a--|         interval: 3 ticks, no custom error
  /// ```
  ///
  /// - Parameters:
  ///   - interval: How long the upstream may stay silent.
  ///   - scheduler: The scheduler that keeps time and delivers the events.
  ///   - options: Options for `scheduler`.
  ///   - customError: Makes the failure to end with; nil finishes normally.
  /// - Returns: A publisher that ends when its upstream is silent for too long.
  @_alwaysEmitIntoClient
  public func timeout<S: Scheduler>(
    _ interval: S.SchedulerTimeType.Stride,
    scheduler: S,
    options: S.SchedulerOptions? = nil,
    customError: (() -> Failure)? = nil
  ) -> Publishers.Timeout<Self, S> {
    Publishers.Timeout(
      upstream: self,
      interval: interval,
      scheduler: scheduler,
      options: options,
      customError: customError
    )
  }
}

extension Publishers {
  /// A publisher that ends the stream when its upstream stays silent for too long.
  public struct Timeout<Upstream: Publisher, Context: Scheduler>: Publisher {
    public typealias Output = Upstream.Output
    public typealias Failure = Upstream.Failure

    /// The publisher that is watched.
    public let upstream: Upstream

    /// How long the upstream may stay silent.
    public let interval: Context.SchedulerTimeType.Stride

    /// The scheduler that keeps time and delivers the events.
    public let scheduler: Context

    /// Options for the scheduler.
    public let options: Context.SchedulerOptions?

    /// Makes the failure to end with; nil finishes normally.
    public let customError: (() -> Upstream.Failure)?

    /// Creates a publisher that ends the stream when `upstream` is silent for `interval`.
    ///
    /// - Parameters:
    ///   - upstream: The publisher that is watched.
    ///   - interval: How long the upstream may stay silent.
    ///   - scheduler: The scheduler that keeps time and delivers the events.
    ///   - options: Options for the scheduler.
    ///   - customError: Makes the failure to end with; nil finishes normally.
    @_alwaysEmitIntoClient
    public init(
      upstream: Upstream,
      interval: Context.SchedulerTimeType.Stride,
      scheduler: Context,
      options: Context.SchedulerOptions?,
      customError: (() -> Publishers.Timeout<Upstream, Context>.Failure)?
    ) {
      self.upstream = upstream
      self.interval = interval
      self.scheduler = scheduler
      self.options = options
      self.customError = customError
    }

    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
      upstream.subscribe(
        DescribedSchedulingInner(
          subscriber,
          scheduler: scheduler,
          options: options,
          rule: .soonWithTimeout(interval, customError: customError),
          description: "Timeout"
        )
      )
    }
  }
}
