// Foundation-level scheduler: operation queues are Foundation's, as in Combine.
public import Foundation

extension OperationQueue: Scheduler {
  /// The time type of the operation queue scheduler: a `Date`, on the wall clock.
  /// Its code is shared with `RunLoop.SchedulerTimeType`; the two are
  /// distinct types, as in Combine.
  public typealias SchedulerTimeType = _DateSchedulerTime<OperationQueue>

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
