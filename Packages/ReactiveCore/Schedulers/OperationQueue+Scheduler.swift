// Foundation-level scheduler: operation queues are Foundation's, as in Combine.
public import Foundation

extension OperationQueue: Scheduler {
  /// The time type of the operation queue scheduler: a `Date`, on the wall clock.
  ///
  /// ```swift
  /// let start = OperationQueue.SchedulerTimeType(Date())
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
    /// - Parameter other: Another operation queue scheduler time.
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

    /// An interval between two operation queue scheduler times, in seconds.
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

  /// Options for the operation queue scheduler; it takes none.
  public struct SchedulerOptions: Sendable {}

  /// The current date.
  public var now: SchedulerTimeType { SchedulerTimeType(Date()) }

  /// The minimum tolerance of the operation queue scheduler: zero.
  public var minimumTolerance: SchedulerTimeType.Stride { SchedulerTimeType.Stride(0) }

  /// Adds the action to the queue as an operation.
  public func schedule(options: SchedulerOptions?, _ action: @escaping () -> Void) {
    let action = SchedulerAction(action)
    addOperation { action.run() }
  }

  /// Adds the action to the queue as an operation when `date` has come.
  ///
  /// Until then the action waits outside the queue, on a timer: it is not
  /// counted in `operationCount`, and suspending the queue does not delay it.
  public func schedule(
    after date: SchedulerTimeType,
    tolerance: SchedulerTimeType.Stride,
    options: SchedulerOptions?,
    _ action: @escaping () -> Void
  ) {
    let action = SchedulerAction(action)
    DispatchQueue.global().asyncAfter(wallDeadline: .now() + max(date.date.timeIntervalSinceNow, 0)) {
      self.addOperation { action.run() }
    }
  }

  /// Adds the action to the queue as an operation at `date`, then again
  /// every `interval`, until the returned cancellable is cancelled or released.
  ///
  /// The next run is due `interval` after the previous one was due, and is
  /// added to the queue only once the previous run is over: a slow action
  /// or a busy queue delays the runs, never piles them up.
  public func schedule(
    after date: SchedulerTimeType,
    interval: SchedulerTimeType.Stride,
    tolerance: SchedulerTimeType.Stride,
    options: SchedulerOptions?,
    _ action: @escaping () -> Void
  ) -> any Cancellable {
    let repetition = RepeatingOperation(queue: self, interval: max(interval.timeInterval, 0), action: action)
    repetition.arm(for: date.date)
    return AnyCancellable(repetition)
  }
}

/// A repeating action of the operation queue scheduler: armed on a timer,
/// run as an operation, re-armed after each run, until cancelled.
private final class RepeatingOperation: Cancellable, @unchecked Sendable {
  // @unchecked Sendable: the mutable state is under `state`'s lock; the
  // action leaves it only to run, on the queue's thread.

  private enum State {
    /// Runs until cancelled.
    case running(queue: OperationQueue, action: () -> Void)
    /// Cancelled: holds nothing; a timer or an operation in flight finds it so and stops.
    case cancelled
  }

  private let state: Lock<State>
  private let interval: TimeInterval

  init(queue: OperationQueue, interval: TimeInterval, action: @escaping () -> Void) {
    state = Lock(.running(queue: queue, action: action))
    self.interval = interval
  }

  /// Adds the next run to the queue when `due` has come.
  func arm(for due: Date) {
    DispatchQueue.global().asyncAfter(wallDeadline: .now() + max(due.timeIntervalSinceNow, 0)) {
      self.enqueue(due: due)
    }
  }

  private func enqueue(due: Date) {
    let queue = state.withLock { state -> OperationQueue? in
      switch state {
      case let .running(queue, _): queue
      case .cancelled: nil
      }
    }
    queue?.addOperation { self.run(due: due) }
  }

  private func run(due: Date) {
    let action = state.withLock { state -> (() -> Void)? in
      switch state {
      case let .running(_, action): action
      case .cancelled: nil
      }
    }
    guard let action else { return }
    action()
    // The next run keeps the rhythm of the due dates, but never starts in the past.
    arm(for: max(due.addingTimeInterval(interval), Date()))
  }

  func cancel() {
    let previous = state.withLock { state -> State in
      defer { state = .cancelled }
      return state
    }
    _ = previous  // the queue and the action are released here, after the lock
  }
}
