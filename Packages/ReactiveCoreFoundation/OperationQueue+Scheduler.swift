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

  /// Adds the action to the queue as a `BlockOperation`, as Combine does.
  public func schedule(options: SchedulerOptions?, _ action: @escaping () -> Void) {
    let action = SchedulerAction(action)
    addOperation(BlockOperation { action.run() })
  }

  /// Adds the action to the queue at once, as an operation that becomes
  /// ready when `date` has come, as Combine does.
  ///
  /// Until then the operation waits in the queue, not ready: it is counted
  /// in `operationCount`. The operation is `Cancellable`: cancelling it
  /// drops the action. It runs the action once, even if started again.
  public func schedule(
    after date: SchedulerTimeType,
    tolerance: SchedulerTimeType.Stride,
    options: SchedulerOptions?,
    _ action: @escaping () -> Void
  ) {
    DelayedOperation(action: action, due: date.date, repetition: nil).add(to: self)
  }

  /// Adds the action to the queue at once, as an operation that becomes
  /// ready at `date`; each run adds the next one, ready `interval` after the
  /// previous one was due, until the returned cancellable is cancelled or
  /// released, as Combine does.
  ///
  /// The next run is added only once the previous run is over: a slow
  /// action or a busy queue delays the runs, never piles them up.
  public func schedule(
    after date: SchedulerTimeType,
    interval: SchedulerTimeType.Stride,
    tolerance: SchedulerTimeType.Stride,
    options: SchedulerOptions?,
    _ action: @escaping () -> Void
  ) -> any Cancellable {
    let repetition = OperationRepetition(queue: self, interval: max(interval.timeInterval, 0))
    repetition.start(DelayedOperation(action: action, due: date.date, repetition: repetition))
    return AnyCancellable(repetition)
  }
}

/// An operation of the operation queue scheduler that becomes ready at its
/// due date (a timer flips its readiness), runs its action once, and, when
/// it belongs to a repetition, hands the action on to the next run.
///
/// Its readiness changes only once it is in its queue (``add(to:)``):
/// corelibs Foundation's queue reads an operation's readiness while adding
/// it, and loses a change made during that read. The operation then waited
/// for another event of its queue, forever if none came: an action due at
/// once stalled about once in 10,000 on a busy machine.
private final class DelayedOperation: Operation, Cancellable, @unchecked Sendable {
  // @unchecked Sendable: the mutable state is under `state`'s lock; the
  // action leaves it only to run, on the queue's thread.

  private struct State {
    /// Nil once run or cancelled.
    var action: (() -> Void)?
    var isDue = false
  }

  private let state: Lock<State>
  let due: Date
  private let repetition: OperationRepetition?

  /// An operation due by now is ready from the start.
  init(action: @escaping () -> Void, due: Date, repetition: OperationRepetition?) {
    state = Lock(State(action: action, isDue: due.timeIntervalSinceNow <= 0))
    self.due = due
    self.repetition = repetition
    super.init()
  }

  /// Adds the operation to `queue`, then, unless it is due already, starts
  /// the timer that makes it ready at its due date.
  func add(to queue: OperationQueue) {
    queue.addOperation(self)
    guard !state.withLock({ $0.isDue }) else { return }
    DispatchQueue.global().asyncAfter(wallDeadline: .now() + max(due.timeIntervalSinceNow, 0)) { [weak self] in
      self?.becomeReady()
    }
  }

  /// Ready when the queue would run it and the due date has come; a
  /// cancelled operation is ready at once, so that the queue lets it go.
  override var isReady: Bool {
    super.isReady && (state.withLock { $0.isDue } || isCancelled)
  }

  override func main() {
    guard let action = state.withLock({ $0.action.take() }) else { return }
    action()
    repetition?.operationRan(self, action: action)
  }

  override func cancel() {
    let dropped = state.withLock { $0.action.take() }
    _ = dropped  // released after the lock
    super.cancel()
    becomeReady()
  }

  private func becomeReady() {
    willChangeValue(for: \.isReady)
    state.withLock { $0.isDue = true }
    didChangeValue(for: \.isReady)
  }
}

/// A repeating action of the operation queue scheduler: the operation of its
/// next run, until cancelled.
private final class OperationRepetition: Cancellable, @unchecked Sendable {
  // @unchecked Sendable: the mutable state is under `state`'s lock.

  private enum State {
    case running(queue: OperationQueue, next: DelayedOperation?)
    case cancelled
  }

  private let state: Lock<State>
  private let interval: TimeInterval

  init(queue: OperationQueue, interval: TimeInterval) {
    state = Lock(.running(queue: queue, next: nil))
    self.interval = interval
  }

  /// Adds the first run to the queue.
  func start(_ first: DelayedOperation) {
    let queue = state.withLock { state -> OperationQueue? in
      guard case let .running(queue, _) = state else { return nil }
      state = .running(queue: queue, next: first)
      return queue
    }
    if let queue { first.add(to: queue) }
  }

  /// After a run: adds the next one, due `interval` after this one was due,
  /// but never in the past.
  func operationRan(_ operation: DelayedOperation, action: @escaping () -> Void) {
    let due = max(operation.due.addingTimeInterval(interval), Date())
    let queue = state.withLock { state -> OperationQueue? in
      guard case let .running(queue, _) = state else { return nil }
      return queue
    }
    guard let queue else { return }
    let next = DelayedOperation(action: action, due: due, repetition: self)
    let added = state.withLock { state -> Bool in
      guard case .running = state else { return false }
      state = .running(queue: queue, next: next)
      return true
    }
    if added {
      next.add(to: queue)
    } else {
      next.cancel()  // cancelled meanwhile
    }
  }

  func cancel() {
    let previous = state.withLock { state -> State in
      defer { state = .cancelled }
      return state
    }
    if case let .running(_, next) = previous {
      next?.cancel()  // the queue and the pending run are released here, after the lock
    }
  }
}
