public import ReactiveCore
import SharedMachinery

/// A scheduler over a Swift `Clock`: its time is the clock's instants, and
/// it runs each action on a task of its own, after sleeping on the clock.
///
/// A service takes a `ClockScheduler<ContinuousClock>` in production and a
/// scheduler over a test clock in tests, which decides when the sleeps end:
///
/// ```swift
/// struct Heartbeat<C: Clock>: Sendable where C.Duration == Duration {
///   let scheduler: ClockScheduler<C>
///
///   func beats() -> some Publisher<Int, Never> {
///     Just(1).delay(for: .seconds(1), scheduler: scheduler)
///   }
/// }
///
/// let live = Heartbeat(scheduler: ClockScheduler(clock: ContinuousClock()))
/// ```
///
/// Actions run on the global concurrent executor, one task each, like work
/// submitted to a concurrent dispatch queue: two actions due at the same
/// time may run in either order, or at once. `schedule(options:_:)` runs its
/// action soon; `schedule(after:)` sleeps until the date, then runs it; the
/// repeating `schedule(after:interval:)` runs it at `date`, `date + interval`,
/// `date + 2 * interval`… until its cancellable is cancelled, which cancels
/// the task (ending a pending sleep) and releases the action. The tolerance
/// is passed to the clock's `sleep(until:tolerance:)` (zero as nil).
public struct ClockScheduler<C: Clock>: Scheduler, Sendable where C.Duration == Swift.Duration {
  /// A scheduler over a clock takes no options.
  public typealias SchedulerOptions = Never

  /// The clock whose instants are the scheduler's time, and on which it sleeps.
  public let clock: C

  /// Creates a scheduler over `clock`.
  ///
  /// ```swift
  /// let scheduler = ClockScheduler(clock: ContinuousClock())
  /// ```
  ///
  /// - Parameter clock: The clock to read the time from and to sleep on.
  public init(clock: C) {
    self.clock = clock
  }

  /// The clock's instant now.
  public var now: SchedulerTimeType {
    SchedulerTimeType(clock.now)
  }

  /// The clock's minimum resolution.
  public var minimumTolerance: SchedulerTimeType.Stride {
    SchedulerTimeType.Stride(clock.minimumResolution)
  }

  /// Runs `action` soon, on a task of its own.
  ///
  /// - Parameters:
  ///   - options: None: the scheduler takes no options.
  ///   - action: The action.
  public func schedule(options: Never?, _ action: @escaping () -> Void) {
    let work = ScheduledAction(action)
    Task { work.runOnce() }
  }

  /// Sleeps on the clock until `date`, then runs `action`, on a task of its own.
  ///
  /// - Parameters:
  ///   - date: The earliest time to run the action.
  ///   - tolerance: How late the clock may end the sleep.
  ///   - options: None: the scheduler takes no options.
  ///   - action: The action.
  public func schedule(
    after date: SchedulerTimeType,
    tolerance: SchedulerTimeType.Stride,
    options: Never?,
    _ action: @escaping () -> Void
  ) {
    let work = ScheduledAction(action)
    let clock = clock
    Task {
      // Nothing cancels this task, so the sleep ends at the date.
      try? await clock.sleep(until: date.instant, tolerance: tolerance.clockTolerance)
      work.runOnce()
    }
  }

  /// Runs `action` at `date`, then every `interval` after it, on a task that
  /// sleeps on the clock between runs, until the returned cancellable is
  /// cancelled.
  ///
  /// The dates do not drift: the n-th run is due at `date + n * interval`,
  /// however long the runs take. A run that is late is not skipped.
  ///
  /// - Parameters:
  ///   - date: The time of the first run.
  ///   - interval: The time between runs.
  ///   - tolerance: How late the clock may end each sleep.
  ///   - options: None: the scheduler takes no options.
  ///   - action: The action.
  /// - Returns: A cancellable that stops the runs, cancels the task, and
  ///   releases the action.
  public func schedule(
    after date: SchedulerTimeType,
    interval: SchedulerTimeType.Stride,
    tolerance: SchedulerTimeType.Stride,
    options: Never?,
    _ action: @escaping () -> Void
  ) -> any Cancellable {
    let work = ScheduledAction(action)
    let clock = clock
    let task = Task {
      var due = date
      while true {
        do {
          try await clock.sleep(until: due.instant, tolerance: tolerance.clockTolerance)
        } catch {
          return  // cancelled
        }
        guard work.runAgain() else { return }
        due = due.advanced(by: interval)
      }
    }
    return AnyCancellable {
      work.cancel()
      task.cancel()
    }
  }
}

extension ClockScheduler {
  /// The scheduler's time: an instant of its clock.
  ///
  /// ```swift
  /// let scheduler = ClockScheduler(clock: ContinuousClock())
  /// let inASecond = scheduler.now.advanced(by: .seconds(1))
  /// ```
  public struct SchedulerTimeType: Strideable, Hashable, Sendable {
    /// The clock's instant.
    public var instant: C.Instant

    /// The time at `instant`.
    ///
    /// ```swift
    /// let time = ClockScheduler<ContinuousClock>.SchedulerTimeType(.now)
    /// ```
    ///
    /// - Parameter instant: An instant of the clock.
    public init(_ instant: C.Instant) {
      self.instant = instant
    }

    /// The duration from this time to `other`.
    ///
    /// - Parameter other: Another time.
    /// - Returns: `other` minus this time.
    public func distance(to other: Self) -> Stride {
      Stride(instant.duration(to: other.instant))
    }

    /// The time `n` after this one.
    ///
    /// - Parameter n: The duration to add.
    /// - Returns: This time plus `n`.
    public func advanced(by n: Stride) -> Self {
      Self(instant.advanced(by: n.duration))
    }

    /// Whether `lhs` comes before `rhs` on the clock.
    public static func < (lhs: Self, rhs: Self) -> Bool {
      lhs.instant < rhs.instant
    }

    /// A duration between two times of the scheduler: a `Swift.Duration`,
    /// with the spellings Combine's operators use (`.seconds(1)`,
    /// `.milliseconds(300)`); integer and floating-point literals count
    /// seconds, as with `DispatchQueue`'s stride.
    ///
    /// ```swift
    /// let debounce: ClockScheduler<ContinuousClock>.SchedulerTimeType.Stride = .milliseconds(300)
    /// let fromDuration = ClockScheduler<ContinuousClock>.SchedulerTimeType.Stride(.seconds(1))
    /// ```
    public struct Stride: SchedulerTimeIntervalConvertible, Comparable, SignedNumeric, ExpressibleByFloatLiteral,
      Hashable, Sendable
    {
      /// The duration.
      public var duration: Swift.Duration

      /// A stride of `duration`.
      ///
      /// - Parameter duration: The duration.
      public init(_ duration: Swift.Duration) {
        self.duration = duration
      }

      /// A stride of `value` seconds.
      public init(floatLiteral value: Double) {
        self.init(.seconds(value))
      }

      /// A stride of `value` seconds.
      public init(integerLiteral value: Int) {
        self.init(.seconds(value))
      }

      /// A stride of `source` seconds, or nil if `source` does not fit in an `Int64`.
      public init?<Source: BinaryInteger>(exactly source: Source) {
        guard let seconds = Int64(exactly: source) else { return nil }
        self.init(.seconds(seconds))
      }

      /// The stride's size, never negative.
      public var magnitude: Stride {
        duration < .zero ? Stride(.zero - duration) : self
      }

      /// Whether `lhs` is the shorter duration.
      public static func < (lhs: Stride, rhs: Stride) -> Bool {
        lhs.duration < rhs.duration
      }

      /// The sum of the durations.
      public static func + (lhs: Stride, rhs: Stride) -> Stride {
        Stride(lhs.duration + rhs.duration)
      }

      /// The difference of the durations.
      public static func - (lhs: Stride, rhs: Stride) -> Stride {
        Stride(lhs.duration - rhs.duration)
      }

      /// Multiplies two strides as numbers of seconds, so that
      /// `.milliseconds(100) * 3` is 300 milliseconds (literals count
      /// seconds), as `DispatchQueue`'s stride does.
      public static func * (lhs: Stride, rhs: Stride) -> Stride {
        Stride(lhs.duration * rhs.seconds)
      }

      /// Adds `rhs` to `lhs`.
      public static func += (lhs: inout Stride, rhs: Stride) {
        lhs = lhs + rhs
      }

      /// Subtracts `rhs` from `lhs`.
      public static func -= (lhs: inout Stride, rhs: Stride) {
        lhs = lhs - rhs
      }

      /// Multiplies `lhs` by `rhs`, as numbers of seconds.
      public static func *= (lhs: inout Stride, rhs: Stride) {
        lhs = lhs * rhs
      }

      /// A stride of `s` seconds.
      public static func seconds(_ s: Int) -> Stride {
        Stride(.seconds(s))
      }

      /// A stride of `s` seconds, with a fraction.
      public static func seconds(_ s: Double) -> Stride {
        Stride(.seconds(s))
      }

      /// A stride of `ms` milliseconds.
      public static func milliseconds(_ ms: Int) -> Stride {
        Stride(.milliseconds(ms))
      }

      /// A stride of `us` microseconds.
      public static func microseconds(_ us: Int) -> Stride {
        Stride(.microseconds(us))
      }

      /// A stride of `ns` nanoseconds.
      public static func nanoseconds(_ ns: Int) -> Stride {
        Stride(.nanoseconds(ns))
      }

      /// The duration as a number of seconds.
      private var seconds: Double {
        let (seconds, attoseconds) = duration.components
        return Double(seconds) + Double(attoseconds) / 1e18
      }

      /// The tolerance to give `Clock.sleep(until:tolerance:)`: nil for none.
      var clockTolerance: Swift.Duration? {
        duration > .zero ? duration : nil
      }
    }
  }
}

/// The action of one `schedule` call, reachable only through its lock: a
/// run takes it out (or a copy, for a repeating one) and calls it after
/// unlocking; cancelling takes it out and releases it after unlocking.
private final class ScheduledAction: Sendable {
  // Sendable without @unchecked: `Lock` is Sendable. The closure is not, but
  // the scheduler contract hands it to the one task that runs it, as
  // `DispatchQueue` hands its work item to one thread.
  private let action: Lock<(() -> Void)?>

  init(_ action: @escaping () -> Void) {
    self.action = Lock(action)
  }

  /// Runs the action once, then releases it.
  func runOnce() {
    let action = action.withLock { action in
      defer { action = nil }
      return action
    }
    action?()
  }

  /// Runs the action and keeps it; false if it was cancelled.
  func runAgain() -> Bool {
    guard let action = action.withLock({ $0 }) else { return false }
    action()
    return true
  }

  /// Releases the action, after the lock: no run starts after this returns.
  func cancel() {
    let action = action.withLock { action in
      defer { action = nil }
      return action
    }
    _ = action
  }
}
