// Foundation-level scheduler: run loops and timers are Foundation's, as in Combine.
public import Foundation

extension RunLoop: Scheduler {
  /// The time type of the run loop scheduler: a `Date`, on the wall clock.
  ///
  /// ```swift
  /// let start = RunLoop.SchedulerTimeType(Date())
  /// let later = start.advanced(by: .milliseconds(250))
  /// start.distance(to: later)  // .milliseconds(250)
  /// ```
  public struct SchedulerTimeType: Strideable, Codable, Hashable, Sendable {
    /// The date that this scheduler time stands for.
    public var date: Date

    /// Creates a scheduler time for the given date.
    ///
    /// - Parameter date: The date.
    public init(_ date: Date) {
      self.date = date
    }

    /// Returns the interval from this time to `other`, in seconds: positive when `other` is later.
    ///
    /// - Parameter other: Another run loop scheduler time.
    /// - Returns: The interval.
    public func distance(to other: SchedulerTimeType) -> Stride {
      Stride(other.date.timeIntervalSinceReferenceDate - date.timeIntervalSinceReferenceDate)
    }

    /// Returns the time `stride` after this one (before it, if `stride` is negative).
    ///
    /// - Parameter stride: The interval to advance by.
    /// - Returns: The advanced time.
    public func advanced(by stride: Stride) -> SchedulerTimeType {
      SchedulerTimeType(date.addingTimeInterval(stride.magnitude))
    }

    /// An interval between two run loop scheduler times, in seconds.
    ///
    /// Literals count seconds: `let stride: Stride = 2` is two seconds,
    /// `0.5` half a second. Arithmetic is `TimeInterval` arithmetic.
    public struct Stride: SchedulerTimeIntervalConvertible, Comparable, SignedNumeric, ExpressibleByFloatLiteral,
      Hashable, Codable, Sendable
    {
      /// A floating-point literal counts seconds.
      public typealias FloatLiteralType = TimeInterval

      /// An integer literal counts seconds.
      public typealias IntegerLiteralType = TimeInterval

      /// The type of ``magnitude``: seconds, as a `TimeInterval`.
      public typealias Magnitude = TimeInterval

      /// The length of this interval in seconds (negative for an interval back in time).
      public var magnitude: TimeInterval

      /// The length of this interval in seconds; the same as ``magnitude``.
      public var timeInterval: TimeInterval { magnitude }

      /// Creates an interval of `timeInterval` seconds.
      ///
      /// - Parameter timeInterval: The number of seconds.
      public init(_ timeInterval: TimeInterval) {
        magnitude = timeInterval
      }

      /// Creates an interval of `value` seconds.
      public init(integerLiteral value: TimeInterval) {
        magnitude = value
      }

      /// Creates an interval of `value` seconds.
      public init(floatLiteral value: TimeInterval) {
        magnitude = value
      }

      /// Creates an interval of `source` seconds, or nil if a `TimeInterval` cannot hold it exactly.
      public init?<Source: BinaryInteger>(exactly source: Source) {
        guard let seconds = TimeInterval(exactly: source) else { return nil }
        magnitude = seconds
      }

      public static func < (lhs: Stride, rhs: Stride) -> Bool {
        lhs.magnitude < rhs.magnitude
      }

      public static func * (lhs: Stride, rhs: Stride) -> Stride {
        Stride(lhs.magnitude * rhs.magnitude)
      }

      public static func + (lhs: Stride, rhs: Stride) -> Stride {
        Stride(lhs.magnitude + rhs.magnitude)
      }

      public static func - (lhs: Stride, rhs: Stride) -> Stride {
        Stride(lhs.magnitude - rhs.magnitude)
      }

      public static func *= (lhs: inout Stride, rhs: Stride) {
        lhs.magnitude *= rhs.magnitude
      }

      public static func += (lhs: inout Stride, rhs: Stride) {
        lhs.magnitude += rhs.magnitude
      }

      public static func -= (lhs: inout Stride, rhs: Stride) {
        lhs.magnitude -= rhs.magnitude
      }

      public static func seconds(_ s: Int) -> Stride {
        Stride(TimeInterval(s))
      }

      public static func seconds(_ s: Double) -> Stride {
        Stride(s)
      }

      public static func milliseconds(_ ms: Int) -> Stride {
        Stride(TimeInterval(ms) / 1_000)
      }

      public static func microseconds(_ us: Int) -> Stride {
        Stride(TimeInterval(us) / 1_000_000)
      }

      public static func nanoseconds(_ ns: Int) -> Stride {
        Stride(TimeInterval(ns) / 1_000_000_000)
      }
    }
  }

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
