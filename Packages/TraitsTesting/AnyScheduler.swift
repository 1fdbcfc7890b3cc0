public import Dispatch
public import ReactiveCore

/// A scheduler that forwards to another one, hiding its type, so that a
/// service can take a scheduler without being generic over it.
///
/// ```swift
/// struct SearchService: Sendable {
///   let scheduler: AnyDispatchQueueScheduler
///
///   func suggestions(for queries: some Publisher<String, Never>) -> some Publisher<String, Never> {
///     queries.debounce(for: .milliseconds(300), scheduler: scheduler)
///   }
/// }
///
/// let live = SearchService(scheduler: .main)  // DispatchQueue.main, erased
///
/// let scheduler = VirtualTimeScheduler()
/// let tested = SearchService(scheduler: .virtual(scheduler))  // the same type, on virtual time
/// ```
///
/// The two type parameters are those of the schedulers it can stand for:
/// ``AnySchedulerOf`` spells them after a scheduler type
/// (`AnySchedulerOf<DispatchQueue>`), and ``AnyDispatchQueueScheduler`` is
/// the common case. A service written against `DispatchQueue` is tested on
/// virtual time through ``virtual(_:)``, which shows a
/// ``VirtualTimeScheduler`` on DispatchQueue's clock.
///
/// An `AnyScheduler` is `Sendable`: it holds its base scheduler, which must
/// be `Sendable` too (every scheduler of this package is), or `@Sendable`
/// closures (``init(now:minimumTolerance:schedule:scheduleAfter:scheduleRepeating:)``).
/// Each call is forwarded as is, on the calling thread; actions run where
/// the base scheduler runs them.
public struct AnyScheduler<SchedulerTimeType: Strideable, SchedulerOptions>: Scheduler, Sendable
where SchedulerTimeType.Stride: SchedulerTimeIntervalConvertible {
  /// What every call goes to: the base scheduler's operations, or the
  /// closures of ``init(now:minimumTolerance:schedule:scheduleAfter:scheduleRepeating:)``.
  private let operations: Operations<SchedulerTimeType, SchedulerOptions>

  /// Wraps `base`, forwarding every call to it.
  ///
  /// ```swift
  /// let erased = AnyScheduler(DispatchQueue.global())
  /// ```
  ///
  /// - Parameter base: The scheduler to forward to.
  public init<Base: Scheduler & Sendable>(_ base: Base)
  where Base.SchedulerTimeType == SchedulerTimeType, Base.SchedulerOptions == SchedulerOptions {
    if let erased = base as? AnyScheduler {
      self = erased  // no wrapper around a wrapper
    } else {
      operations = Operations(
        currentTime: { base.now },
        tolerance: { base.minimumTolerance },
        scheduleNow: { base.schedule(options: $0, $1) },
        scheduleLater: { base.schedule(after: $0, tolerance: $1, options: $2, $3) },
        scheduleEvery: { base.schedule(after: $0, interval: $1, tolerance: $2, options: $3, $4) }
      )
    }
  }

  /// A scheduler made of closures, one per requirement of `Scheduler`: to
  /// adapt a scheduler whose time or options are of other types, or to
  /// observe what a service schedules.
  ///
  /// ```swift
  /// let immediate = ImmediateScheduler.shared
  /// let logged = AnyScheduler<ImmediateScheduler.SchedulerTimeType, Never>(
  ///   now: { immediate.now },
  ///   minimumTolerance: { immediate.minimumTolerance },
  ///   schedule: { _, action in print("now"); action() },
  ///   scheduleAfter: { date, tolerance, _, action in immediate.schedule(after: date, tolerance: tolerance, action) },
  ///   scheduleRepeating: { date, interval, tolerance, _, action in
  ///     immediate.schedule(after: date, interval: interval, tolerance: tolerance, action)
  ///   }
  /// )
  /// ```
  ///
  /// - Parameters:
  ///   - now: Gives ``now``.
  ///   - minimumTolerance: Gives ``minimumTolerance``.
  ///   - schedule: Runs an action as soon as possible: ``schedule(options:_:)``.
  ///   - scheduleAfter: Runs an action once, from a date on: ``schedule(after:tolerance:options:_:)``.
  ///   - scheduleRepeating: Runs an action from a date on, at an interval,
  ///     until the cancellable it returns is cancelled:
  ///     ``schedule(after:interval:tolerance:options:_:)``.
  public init(
    now: @escaping @Sendable () -> SchedulerTimeType,
    minimumTolerance: @escaping @Sendable () -> SchedulerTimeType.Stride,
    schedule: @escaping @Sendable (SchedulerOptions?, @escaping () -> Void) -> Void,
    scheduleAfter:
      @escaping @Sendable (SchedulerTimeType, SchedulerTimeType.Stride, SchedulerOptions?, @escaping () -> Void) ->
      Void,
    scheduleRepeating:
      @escaping @Sendable (
        SchedulerTimeType, SchedulerTimeType.Stride, SchedulerTimeType.Stride, SchedulerOptions?,
        @escaping () -> Void
      ) -> any Cancellable
  ) {
    operations = Operations(
      currentTime: now,
      tolerance: minimumTolerance,
      scheduleNow: schedule,
      scheduleLater: scheduleAfter,
      scheduleEvery: scheduleRepeating
    )
  }

  /// The base scheduler's time now.
  public var now: SchedulerTimeType {
    operations.currentTime()
  }

  /// The base scheduler's minimum tolerance.
  public var minimumTolerance: SchedulerTimeType.Stride {
    operations.tolerance()
  }

  /// Schedules `action` on the base scheduler, as soon as it can.
  ///
  /// - Parameters:
  ///   - options: The options, passed on.
  ///   - action: The action.
  public func schedule(options: SchedulerOptions?, _ action: @escaping () -> Void) {
    operations.scheduleNow(options, action)
  }

  /// Schedules `action` on the base scheduler, once, from `date` on.
  ///
  /// - Parameters:
  ///   - date: The earliest time to run the action.
  ///   - tolerance: How late the action may run.
  ///   - options: The options, passed on.
  ///   - action: The action.
  public func schedule(
    after date: SchedulerTimeType,
    tolerance: SchedulerTimeType.Stride,
    options: SchedulerOptions?,
    _ action: @escaping () -> Void
  ) {
    operations.scheduleLater(date, tolerance, options, action)
  }

  /// Schedules `action` on the base scheduler, from `date` on, every `interval`.
  ///
  /// - Parameters:
  ///   - date: The time of the first run.
  ///   - interval: The time between runs.
  ///   - tolerance: How late each run may be.
  ///   - options: The options, passed on.
  ///   - action: The action.
  /// - Returns: The base scheduler's cancellable, which stops the repetition.
  public func schedule(
    after date: SchedulerTimeType,
    interval: SchedulerTimeType.Stride,
    tolerance: SchedulerTimeType.Stride,
    options: SchedulerOptions?,
    _ action: @escaping () -> Void
  ) -> any Cancellable {
    operations.scheduleEvery(date, interval, tolerance, options, action)
  }
}

/// What an ``AnyScheduler`` calls: a closure per requirement of `Scheduler`,
/// formed over the wrapped scheduler by ``AnyScheduler/init(_:)``, or given to
/// ``AnyScheduler/init(now:minimumTolerance:schedule:scheduleAfter:scheduleRepeating:)``.
///
/// @unchecked Sendable: every closure is `@Sendable` in substance — it
/// captures only a `Sendable` scheduler, or is one of the init's `@Sendable`
/// closures. They are not typed `@Sendable`, because a `@Sendable` closure
/// formed in ``AnyScheduler/init(_:)`` would capture the metatypes of the
/// time and options types, which Swift 6 does not know to be Sendable
/// (`SendableMetatypes`).
private struct Operations<SchedulerTimeType: Strideable, SchedulerOptions>: @unchecked Sendable {
  let currentTime: () -> SchedulerTimeType
  let tolerance: () -> SchedulerTimeType.Stride
  let scheduleNow: (SchedulerOptions?, @escaping () -> Void) -> Void
  let scheduleLater: (SchedulerTimeType, SchedulerTimeType.Stride, SchedulerOptions?, @escaping () -> Void) -> Void
  let scheduleEvery:
    (SchedulerTimeType, SchedulerTimeType.Stride, SchedulerTimeType.Stride, SchedulerOptions?, @escaping () -> Void) ->
      any Cancellable
}

/// The type-erased scheduler that stands for schedulers of the same time
/// and options as `S`: `AnySchedulerOf<DispatchQueue>`.
public typealias AnySchedulerOf<S: Scheduler> = AnyScheduler<S.SchedulerTimeType, S.SchedulerOptions>

/// A type-erased scheduler on `DispatchQueue`'s clock: a dispatch queue in
/// production, ``AnyScheduler/virtual(_:)`` in tests.
public typealias AnyDispatchQueueScheduler = AnySchedulerOf<DispatchQueue>

extension Scheduler where Self: Sendable {
  /// This scheduler, wrapped in an ``AnyScheduler``.
  ///
  /// ```swift
  /// let scheduler: AnySchedulerOf<DispatchQueue> = DispatchQueue.main.eraseToAnyScheduler()
  /// ```
  ///
  /// - Returns: The type-erased scheduler; an ``AnyScheduler`` returns itself.
  public func eraseToAnyScheduler() -> AnyScheduler<SchedulerTimeType, SchedulerOptions> {
    AnyScheduler(self)
  }
}

extension AnyScheduler
where SchedulerTimeType == DispatchQueue.SchedulerTimeType, SchedulerOptions == DispatchQueue.SchedulerOptions {
  /// The main dispatch queue, type-erased.
  public static var main: Self {
    AnyScheduler(DispatchQueue.main)
  }
}
