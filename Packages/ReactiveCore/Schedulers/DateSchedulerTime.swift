// The time type of Foundation's run loop and operation queue schedulers.
public import Foundation

/// The time type of the `RunLoop` and `OperationQueue` schedulers: a `Date`,
/// on the wall clock.
///
/// Written once for both, and reached through their `SchedulerTimeType`;
/// `Owner`, the scheduler type, only keeps `RunLoop.SchedulerTimeType` and
/// `OperationQueue.SchedulerTimeType` apart, as they are in Combine.
///
/// ```swift
/// let start = RunLoop.SchedulerTimeType(Date())
/// let later = start.advanced(by: .milliseconds(250))
/// start.distance(to: later)  // .milliseconds(250)
/// ```
public struct _DateSchedulerTime<Owner>: Strideable, Codable, Hashable, Sendable {
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
  /// - Parameter other: Another time of the same scheduler.
  /// - Returns: The interval.
  public func distance(to other: _DateSchedulerTime) -> Stride {
    Stride(other.date.timeIntervalSinceReferenceDate - date.timeIntervalSinceReferenceDate)
  }

  /// Returns the time `stride` after this one (before it, if `stride` is negative).
  ///
  /// - Parameter stride: The interval to advance by.
  /// - Returns: The advanced time.
  public func advanced(by stride: Stride) -> _DateSchedulerTime {
    _DateSchedulerTime(date.addingTimeInterval(stride.magnitude))
  }

  /// An interval between two times of a `RunLoop` or `OperationQueue` scheduler, in seconds.
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
