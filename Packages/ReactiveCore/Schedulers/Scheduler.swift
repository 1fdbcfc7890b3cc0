/// Runs closures somewhere (a queue, a run loop, a thread) and at some time:
/// as soon as it can, after a date, or repeatedly.
///
/// Each scheduler keeps time its own way, its `SchedulerTimeType`; durations
/// are its `Stride`, written `.seconds(2)` or `.milliseconds(500)` whatever
/// the scheduler (``SchedulerTimeIntervalConvertible``). Time operators
/// (`delay`, `debounce`, `receive(on:)`…) take a scheduler, so a test can
/// hand them a virtual clock instead of a real one. `SchedulerTimeType` is
/// the primary associated type: `some Scheduler<DispatchQueue.SchedulerTimeType>`.
public protocol Scheduler<SchedulerTimeType> {
  /// A point on this scheduler's clock.
  associatedtype SchedulerTimeType: Strideable where SchedulerTimeType.Stride: SchedulerTimeIntervalConvertible

  /// Extra settings a scheduler accepts with each action (a quality of
  /// service, a dispatch group…); each scheduler picks its own type.
  associatedtype SchedulerOptions

  /// The time on this scheduler's clock now.
  var now: SchedulerTimeType { get }

  /// The smallest leeway the scheduler honours when it runs a delayed action.
  var minimumTolerance: SchedulerTimeType.Stride { get }

  /// Runs `action` as soon as the scheduler can.
  func schedule(options: SchedulerOptions?, _ action: @escaping () -> Void)

  /// Runs `action` once, no earlier than `date`, late by at most about `tolerance`.
  func schedule(
    after date: SchedulerTimeType,
    tolerance: SchedulerTimeType.Stride,
    options: SchedulerOptions?,
    _ action: @escaping () -> Void
  )

  /// Runs `action` first at `date`, then every `interval`, until the
  /// returned cancellable is cancelled.
  func schedule(
    after date: SchedulerTimeType,
    interval: SchedulerTimeType.Stride,
    tolerance: SchedulerTimeType.Stride,
    options: SchedulerOptions?,
    _ action: @escaping () -> Void
  ) -> any Cancellable
}

extension Scheduler {
  /// Runs `action` once, no earlier than `date`, with the scheduler's
  /// smallest tolerance.
  @_alwaysEmitIntoClient
  public func schedule(after date: SchedulerTimeType, _ action: @escaping () -> Void) {
    schedule(after: date, tolerance: minimumTolerance, action)
  }

  /// Runs `action` as soon as the scheduler can, without options.
  @_alwaysEmitIntoClient
  public func schedule(_ action: @escaping () -> Void) {
    schedule(options: nil, action)
  }

  /// Runs `action` once, no earlier than `date`, without options.
  @_alwaysEmitIntoClient
  public func schedule(
    after date: SchedulerTimeType,
    tolerance: SchedulerTimeType.Stride,
    _ action: @escaping () -> Void
  ) {
    schedule(after: date, tolerance: tolerance, options: nil, action)
  }

  /// Runs `action` from `date` on, every `interval`, without options, until
  /// the returned cancellable is cancelled.
  @_alwaysEmitIntoClient
  public func schedule(
    after date: SchedulerTimeType,
    interval: SchedulerTimeType.Stride,
    tolerance: SchedulerTimeType.Stride,
    _ action: @escaping () -> Void
  ) -> any Cancellable {
    schedule(after: date, interval: interval, tolerance: tolerance, options: nil, action)
  }

  /// Runs `action` from `date` on, every `interval`, with the scheduler's
  /// smallest tolerance, until the returned cancellable is cancelled.
  @_alwaysEmitIntoClient
  public func schedule(
    after date: SchedulerTimeType,
    interval: SchedulerTimeType.Stride,
    _ action: @escaping () -> Void
  ) -> any Cancellable {
    schedule(after: date, interval: interval, tolerance: minimumTolerance, action)
  }
}

/// A duration that can be written in seconds, milliseconds, microseconds or
/// nanoseconds, whatever the scheduler.
public protocol SchedulerTimeIntervalConvertible {
  /// A duration of `s` whole seconds.
  static func seconds(_ s: Int) -> Self

  /// A duration of `s` seconds, with a fraction.
  static func seconds(_ s: Double) -> Self

  /// A duration of `ms` milliseconds.
  static func milliseconds(_ ms: Int) -> Self

  /// A duration of `us` microseconds.
  static func microseconds(_ us: Int) -> Self

  /// A duration of `ns` nanoseconds.
  static func nanoseconds(_ ns: Int) -> Self
}
