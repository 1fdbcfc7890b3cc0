/// A scheduler that runs every action right away, on the thread that
/// schedules it.
///
/// It has no notion of later: an action scheduled for some date runs now,
/// and a repeating action runs once. Use it where an operator asks for a
/// scheduler but the work should stay synchronous.
public struct ImmediateScheduler: Scheduler, Sendable {
  /// This scheduler's instants, all of them equal.
  ///
  /// Time does not pass on this scheduler: ``ImmediateScheduler/now`` is always the same instant.
  public struct SchedulerTimeType: Strideable, Sendable {
    /// The interval to `other`: always zero, since no time passes on this
    /// scheduler.
    public func distance(to other: SchedulerTimeType) -> Stride {
      Stride(0)
    }

    /// Returns `self` unchanged, whatever `n` is: no time passes on this
    /// scheduler.
    public func advanced(by n: Stride) -> SchedulerTimeType {
      self
    }

    public static func < (lhs: SchedulerTimeType, rhs: SchedulerTimeType) -> Bool {
      false
    }

    public static func == (lhs: SchedulerTimeType, rhs: SchedulerTimeType) -> Bool {
      true
    }

    /// A duration on this scheduler: an integer with no unit, accepted and
    /// ignored.
    public struct Stride: ExpressibleByFloatLiteral, Comparable, SignedNumeric, Codable, Hashable, Sendable,
      SchedulerTimeIntervalConvertible
    {
      /// The wrapped integer; it has no unit.
      public var magnitude: Int

      /// Wraps the integer `value`.
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

  /// No options: this scheduler has nothing to configure.
  public typealias SchedulerOptions = Never

  /// The one immediate scheduler; the type has no public initializer.
  public static let shared = ImmediateScheduler()

  private init() {}

  /// The scheduler's only instant.
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
  /// - Returns: A cancellable with nothing left to cancel: the empty
  /// subscription, described as `Empty`, as in Combine.
  public func schedule(
    after date: SchedulerTimeType,
    interval: SchedulerTimeType.Stride,
    tolerance: SchedulerTimeType.Stride,
    options: SchedulerOptions?,
    _ action: @escaping () -> Void
  ) -> any Cancellable {
    action()
    return Subscriptions.empty
  }
}
