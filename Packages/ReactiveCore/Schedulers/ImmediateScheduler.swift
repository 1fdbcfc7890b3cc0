/// A scheduler for performing synchronous actions.
///
/// You can only use this scheduler for immediate actions. If you attempt to
/// schedule actions after a specific date, this scheduler ignores the date
/// and performs them immediately; a repeating action runs once.
public struct ImmediateScheduler: Scheduler, Sendable {
  /// The time type used by the immediate scheduler.
  ///
  /// Time does not pass on this scheduler: ``ImmediateScheduler/now`` is always the same instant.
  public struct SchedulerTimeType: Strideable, Sendable {
    /// Returns the distance to another immediate scheduler time; always zero,
    /// as immediate scheduler time values are unspecified.
    public func distance(to other: SchedulerTimeType) -> Stride {
      Stride(0)
    }

    /// Advances the time by the specified amount; the result equals `self`,
    /// as immediate scheduler time values are unspecified.
    public func advanced(by n: Stride) -> SchedulerTimeType {
      self
    }

    public static func < (lhs: SchedulerTimeType, rhs: SchedulerTimeType) -> Bool {
      false
    }

    public static func == (lhs: SchedulerTimeType, rhs: SchedulerTimeType) -> Bool {
      true
    }

    /// The increment by which the immediate scheduler counts time.
    public struct Stride: ExpressibleByFloatLiteral, Comparable, SignedNumeric, Codable, Hashable, Sendable,
      SchedulerTimeIntervalConvertible
    {
      /// The value of this time interval, in an unspecified unit.
      public var magnitude: Int

      /// Creates an immediate scheduler time interval from the given time interval.
      public init(_ value: Int) {
        magnitude = value
      }

      public init(integerLiteral value: Int) {
        self.init(value)
      }

      public init(floatLiteral value: Double) {
        self.init(Int(value))
      }

      public init?<T: BinaryInteger>(exactly source: T) {
        guard let value = Int(exactly: source) else { return nil }
        self.init(value)
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

      public static func -= (lhs: inout Stride, rhs: Stride) {
        lhs.magnitude -= rhs.magnitude
      }

      public static func *= (lhs: inout Stride, rhs: Stride) {
        lhs.magnitude *= rhs.magnitude
      }

      public static func += (lhs: inout Stride, rhs: Stride) {
        lhs.magnitude += rhs.magnitude
      }

      public static func seconds(_ s: Int) -> Stride { Stride(0) }

      public static func seconds(_ s: Double) -> Stride { Stride(0) }

      public static func milliseconds(_ ms: Int) -> Stride { Stride(0) }

      public static func microseconds(_ us: Int) -> Stride { Stride(0) }

      public static func nanoseconds(_ ns: Int) -> Stride { Stride(0) }
    }
  }

  /// A type that defines options accepted by the immediate scheduler.
  public typealias SchedulerOptions = Never

  /// The shared instance of the immediate scheduler.
  ///
  /// You cannot create instances of the immediate scheduler yourself. Use
  /// only the shared instance.
  public static let shared = ImmediateScheduler()

  private init() {}

  /// The immediate scheduler’s definition of the current moment in time.
  public var now: SchedulerTimeType { SchedulerTimeType() }

  /// Zero: the immediate scheduler is exact, trivially.
  public var minimumTolerance: SchedulerTimeType.Stride { SchedulerTimeType.Stride(0) }

  /// Performs the action at once, on the calling thread.
  public func schedule(options: SchedulerOptions?, _ action: @escaping () -> Void) {
    action()
  }

  /// Performs the action at once, on the calling thread, ignoring the date.
  public func schedule(
    after date: SchedulerTimeType,
    tolerance: SchedulerTimeType.Stride,
    options: SchedulerOptions?,
    _ action: @escaping () -> Void
  ) {
    action()
  }

  /// Performs the action once, at once, on the calling thread: there is no
  /// later on this scheduler, so it does not repeat.
  ///
  /// - Returns: A cancellable with nothing left to cancel.
  public func schedule(
    after date: SchedulerTimeType,
    interval: SchedulerTimeType.Stride,
    tolerance: SchedulerTimeType.Stride,
    options: SchedulerOptions?,
    _ action: @escaping () -> Void
  ) -> any Cancellable {
    action()
    return AnyCancellable {}
  }
}
