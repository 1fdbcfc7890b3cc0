public import MaybeTraits

extension Publisher {
  /// Resubscribes to this publisher after a failure, up to `retries` times,
  /// waiting `delay` on `scheduler` before each new attempt.
  ///
  /// Values pass through unchanged. The failure of the last attempt fails
  /// the result. The trait is kept: a maybe upstream gives a maybe, a single
  /// upstream a single, because a maybe fails before any value.
  ///
  /// ```text
  /// attempt 1  --x
  /// attempt 2         --a|      (starts `delay` after the failure)
  /// result     ---------a|      delay: 5 ticks
  /// ```
  ///
  /// ```swift
  /// let quote = quoteService.quote(symbol).retry(2, delay: .seconds(1), scheduler: DispatchQueue.main)
  /// ```
  ///
  /// - Parameters:
  ///   - retries: The number of new attempts; zero or less retries nothing.
  ///   - delay: The time to wait between a failure and the next attempt.
  ///   - scheduler: The scheduler that measures the delay; each new attempt
  ///     is subscribed to on it.
  ///   - options: Options for the scheduler.
  /// - Returns: A publisher with the trait of this one.
  public func retry<Context: Scheduler>(
    _ retries: Int,
    delay: Context.SchedulerTimeType.Stride,
    scheduler: Context,
    options: Context.SchedulerOptions? = nil
  ) -> Publishers.DelayedRetry<Self, Context> {
    Publishers.DelayedRetry(upstream: self, retries: retries, delay: delay, scheduler: scheduler, options: options)
  }
}

extension Publishers {
  /// A publisher that resubscribes to its upstream after a failure, after a
  /// delay on a scheduler, a limited number of times.
  ///
  /// Build it with `retry(_:delay:scheduler:options:)`.
  public struct DelayedRetry<Upstream: Publisher, Context: Scheduler>: Publisher {
    public typealias Output = Upstream.Output
    public typealias Failure = Upstream.Failure

    /// The publisher to subscribe to, again after each failure.
    public let upstream: Upstream

    /// The number of new attempts after the first one.
    public let retries: Int

    /// The time to wait between a failure and the next attempt.
    public let delay: Context.SchedulerTimeType.Stride

    /// The scheduler that measures the delay.
    public let scheduler: Context

    /// Options for the scheduler.
    public let options: Context.SchedulerOptions?

    /// Creates a publisher that retries `upstream` up to `retries` times, `delay` apart.
    public init(
      upstream: Upstream,
      retries: Int,
      delay: Context.SchedulerTimeType.Stride,
      scheduler: Context,
      options: Context.SchedulerOptions?
    ) {
      self.upstream = upstream
      self.retries = retries
      self.delay = delay
      self.scheduler = scheduler
      self.options = options
    }

    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
      attempt(remaining: retries).receive(subscriber: subscriber)
    }

    /// The upstream, followed after a failure by a timer, then by the next
    /// attempt; built one level at a time, when a failure asks for it.
    private func attempt(remaining: Int) -> AnyPublisher<Output, Failure> {
      upstream
        .catch { error -> AnyPublisher<Output, Failure> in
          guard remaining > 0 else { return Fail(error: error).eraseToAnyPublisher() }
          return Just(())
            .setFailureType(to: Failure.self)
            .delay(for: delay, scheduler: scheduler, options: options)
            .flatMap { _ in attempt(remaining: remaining - 1) }
            .eraseToAnyPublisher()
        }
        .eraseToAnyPublisher()
    }
  }
}

// Each attempt follows a failure, and a maybe fails before any value: all
// attempts together publish at most one value, exactly one for a single.
extension Publishers.DelayedRetry: MaybePublisher where Upstream: MaybePublisher {}
extension Publishers.DelayedRetry: SinglePublisher where Upstream: SinglePublisher {}
// Not immediate: a retried value arrives after a delay on the scheduler.
