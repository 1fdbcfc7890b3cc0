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
/// virtual time through `virtual(_:)` (TraitsTesting), which shows a
/// `VirtualTimeScheduler` on DispatchQueue's clock.
///
/// An `AnyScheduler` is `Sendable`: it holds its base scheduler, which must
/// be `Sendable` too (every scheduler of this package is), or `@Sendable`
/// closures (``init(now:minimumTolerance:schedule:scheduleAfter:scheduleRepeating:)``).
/// Each call is forwarded as is, on the calling thread; actions run where
/// the base scheduler runs them.
public struct AnyScheduler<SchedulerTimeType: Strideable, SchedulerOptions>: Scheduler, Sendable
where SchedulerTimeType.Stride: SchedulerTimeIntervalConvertible {
  /// The scheduler every call goes to.
  private let base: any ErasableScheduler<SchedulerTimeType, SchedulerOptions>

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
      self.base = Erased(base: base)
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
    base = ClosureScheduler(
      currentTime: now,
      tolerance: minimumTolerance,
      scheduleNow: schedule,
      scheduleLater: scheduleAfter,
      scheduleEvery: scheduleRepeating
    )
  }

  /// The base scheduler's time now.
  public var now: SchedulerTimeType {
    base.now
  }

  /// The base scheduler's minimum tolerance.
  public var minimumTolerance: SchedulerTimeType.Stride {
    base.minimumTolerance
  }

  /// Schedules `action` on the base scheduler, as soon as it can.
  ///
  /// - Parameters:
  ///   - options: The options, passed on.
  ///   - action: The action.
  public func schedule(options: SchedulerOptions?, _ action: @escaping () -> Void) {
    base.schedule(options: options, action)
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
    base.schedule(after: date, tolerance: tolerance, options: options, action)
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
    base.schedule(after: date, interval: interval, tolerance: tolerance, options: options, action)
  }
}

/// A scheduler that can be shared across threads, with its time and options
/// as primary associated types, so that ``AnyScheduler`` holds one as an
/// existential of its own two type parameters.
private protocol ErasableScheduler<SchedulerTimeType, SchedulerOptions>: Scheduler, Sendable {
  associatedtype SchedulerTimeType
  associatedtype SchedulerOptions
}

/// A `Sendable` scheduler, as ``AnyScheduler`` holds it.
private struct Erased<Base: Scheduler & Sendable>: ErasableScheduler {
  typealias SchedulerTimeType = Base.SchedulerTimeType
  typealias SchedulerOptions = Base.SchedulerOptions

  let base: Base

  var now: SchedulerTimeType { base.now }

  var minimumTolerance: SchedulerTimeType.Stride { base.minimumTolerance }

  func schedule(options: SchedulerOptions?, _ action: @escaping () -> Void) {
    base.schedule(options: options, action)
  }

  func schedule(
    after date: SchedulerTimeType,
    tolerance: SchedulerTimeType.Stride,
    options: SchedulerOptions?,
    _ action: @escaping () -> Void
  ) {
    base.schedule(after: date, tolerance: tolerance, options: options, action)
  }

  func schedule(
    after date: SchedulerTimeType,
    interval: SchedulerTimeType.Stride,
    tolerance: SchedulerTimeType.Stride,
    options: SchedulerOptions?,
    _ action: @escaping () -> Void
  ) -> any Cancellable {
    base.schedule(after: date, interval: interval, tolerance: tolerance, options: options, action)
  }
}

/// A scheduler made of `@Sendable` closures, as
/// ``AnyScheduler/init(now:minimumTolerance:schedule:scheduleAfter:scheduleRepeating:)`` builds it.
private struct ClosureScheduler<SchedulerTimeType: Strideable, SchedulerOptions>: ErasableScheduler
where SchedulerTimeType.Stride: SchedulerTimeIntervalConvertible {
  let currentTime: @Sendable () -> SchedulerTimeType
  let tolerance: @Sendable () -> SchedulerTimeType.Stride
  let scheduleNow: @Sendable (SchedulerOptions?, @escaping () -> Void) -> Void
  let scheduleLater:
    @Sendable (SchedulerTimeType, SchedulerTimeType.Stride, SchedulerOptions?, @escaping () -> Void) -> Void
  let scheduleEvery:
    @Sendable (
      SchedulerTimeType, SchedulerTimeType.Stride, SchedulerTimeType.Stride, SchedulerOptions?, @escaping () -> Void
    ) -> any Cancellable

  var now: SchedulerTimeType { currentTime() }

  var minimumTolerance: SchedulerTimeType.Stride { tolerance() }

  func schedule(options: SchedulerOptions?, _ action: @escaping () -> Void) {
    scheduleNow(options, action)
  }

  func schedule(
    after date: SchedulerTimeType,
    tolerance: SchedulerTimeType.Stride,
    options: SchedulerOptions?,
    _ action: @escaping () -> Void
  ) {
    scheduleLater(date, tolerance, options, action)
  }

  func schedule(
    after date: SchedulerTimeType,
    interval: SchedulerTimeType.Stride,
    tolerance: SchedulerTimeType.Stride,
    options: SchedulerOptions?,
    _ action: @escaping () -> Void
  ) -> any Cancellable {
    scheduleEvery(date, interval, tolerance, options, action)
  }
}

/// The type-erased scheduler that stands for schedulers of the same time
/// and options as `S`: `AnySchedulerOf<DispatchQueue>`.
public typealias AnySchedulerOf<S: Scheduler> = AnyScheduler<S.SchedulerTimeType, S.SchedulerOptions>

/// A type-erased scheduler on `DispatchQueue`'s clock: a dispatch queue in
/// production, `AnyScheduler.virtual(_:)` (TraitsTesting) in tests.
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
