import MaybeTraits
public import ReactiveCore

extension SinglePublisher {
  /// Fails with the error returned by `error` if this single publisher does
  /// not complete within `interval`.
  ///
  /// Unlike `timeout(_:scheduler:options:customError:)` without a custom
  /// error, which finishes without a value and so gives only a maybe, this
  /// variant always fails on timeout: the result is a single publisher.
  ///
  /// ```text
  /// upstream  --a|        ----------a|
  /// result    --a|        ------x           x = error(), after `interval` (6 ticks)
  /// ```
  ///
  /// ```swift
  /// let quote = quoteService.quote(symbol)
  ///   .timeout(.seconds(5), scheduler: DispatchQueue.main, error: { .timedOut })
  /// ```
  ///
  /// - Parameters:
  ///   - interval: The longest time to wait for the upstream's outcome.
  ///   - scheduler: The scheduler that measures the time, and delivers the events.
  ///   - options: Options for the scheduler.
  ///   - error: The closure that makes the error published on timeout.
  /// - Returns: A single publisher.
  public func timeout<Context: Scheduler>(
    _ interval: Context.SchedulerTimeType.Stride,
    scheduler: Context,
    options: Context.SchedulerOptions? = nil,
    error: @escaping () -> Failure
  ) -> AnySinglePublisher<Output, Failure> {
    // With a custom error, the core timeout never finishes without the
    // upstream's value: a single upstream gives a single.
    let timed = timeout(interval, scheduler: scheduler, options: options, customError: error)
    return AnySinglePublisher(unchecked: timed.eraseToAnyPublisher())
  }
}
