// Foundation-level scheduler: run loops and timers are Foundation's, as in Combine.
public import Foundation

extension RunLoop: Scheduler {
  /// The time type of the run loop scheduler: a `Date`, on the wall clock.
  /// Its code is shared with `OperationQueue.SchedulerTimeType`; the two are
  /// distinct types, as in Combine.
  public typealias SchedulerTimeType = _DateSchedulerTime<RunLoop>

  /// Options for the run loop scheduler; it takes none.
  public struct SchedulerOptions: Sendable {}

  /// The current date.
  public var now: SchedulerTimeType { SchedulerTimeType(Date()) }

  /// The minimum tolerance of the run loop scheduler: zero.
  public var minimumTolerance: SchedulerTimeType.Stride { SchedulerTimeType.Stride(0) }

  /// Runs the action on the run loop's next pass, in the default mode.
  ///
  /// Actions scheduled this way run in the order they were scheduled. The
  /// run loop must be running (`run()`, `run(until:)`, …) for them to run.
  public func schedule(options: SchedulerOptions?, _ action: @escaping () -> Void) {
    let action = SchedulerAction(action)
    perform { action.run() }
    // A block alone does not wake a sleeping run loop on Linux; a timer due now does.
    add(Timer(timeInterval: 0, repeats: false) { _ in }, forMode: .default)
  }

  /// Runs the action on the run loop at `date`, with a one-shot `Timer` in
  /// the default mode.
  public func schedule(
    after date: SchedulerTimeType,
    tolerance: SchedulerTimeType.Stride,
    options: SchedulerOptions?,
    _ action: @escaping () -> Void
  ) {
    let action = SchedulerAction(action)
    let timer = Timer(fire: date.date, interval: 0, repeats: false) { _ in action.run() }
    timer.tolerance = max(tolerance.timeInterval, 0)
    add(timer, forMode: .default)
  }

  /// Runs the action on the run loop at `date`, then every `interval`,
  /// with a repeating `Timer` in the default mode, until the returned
  /// cancellable is cancelled or released (which invalidates the timer).
  public func schedule(
    after date: SchedulerTimeType,
    interval: SchedulerTimeType.Stride,
    tolerance: SchedulerTimeType.Stride,
    options: SchedulerOptions?,
    _ action: @escaping () -> Void
  ) -> any Cancellable {
    let action = SchedulerAction(action)
    let timer = Timer(fire: date.date, interval: interval.timeInterval, repeats: true) { _ in action.run() }
    timer.tolerance = max(tolerance.timeInterval, 0)
    add(timer, forMode: .default)
    let handle = SchedulerAction(timer)
    return AnyCancellable { handle.value.invalidate() }
  }
}
