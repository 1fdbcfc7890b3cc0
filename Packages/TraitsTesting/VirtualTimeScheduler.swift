public import ReactiveCore
import SharedMachinery
import Synchronization

/// A scheduler whose clock moves only when a test tells it to, so that
/// time-based code is tested without sleeping, deterministically.
///
/// Scheduled actions wait until ``advance(by:)``, ``advance(to:)`` or
/// ``run()`` reaches their due time. Even an action scheduled to run "as soon
/// as possible" waits for the next advance: `schedule` never runs it
/// synchronously.
///
/// ```swift
/// let scheduler = VirtualTimeScheduler()
/// var log: [String] = []
/// scheduler.schedule(after: scheduler.now.advanced(by: .seconds(1))) { log.append("tick") }
/// scheduler.advance(by: .milliseconds(999))
/// #expect(log == [])
/// scheduler.advance(by: .milliseconds(1))
/// #expect(log == ["tick"])
/// ```
///
/// Rules, as a test can rely on them:
///
/// - Actions due at the same instant run in the order they were scheduled (FIFO).
/// - While an action runs, ``now`` is its due time; when an advance ends,
///   ``now`` is the target of the advance.
/// - An action that an action schedules for a time no later than the target
///   of the current advance runs within that advance.
/// - An action scheduled for a past date runs at ``now``, on the next advance.
/// - A cancelled action never runs.
/// - Actions run on the thread that advances, outside the scheduler's lock:
///   they may schedule more actions, cancel others, or read ``now``.
public final class VirtualTimeScheduler: Scheduler, @unchecked Sendable {
  // @unchecked Sendable: the only mutable state is behind `state`; an action
  // taken out of the lock runs on the thread that took it.

  /// The virtual scheduler accepts no options.
  public typealias SchedulerOptions = Never

  /// How many actions ``run()`` runs before it decides that a repeating
  /// action never ends; also how many actions an advance runs at one instant
  /// before it decides that time will never move.
  static let actionLimit = 100_000

  /// A scheduled action, waiting in `State.pending`.
  private struct ScheduledAction {
    /// Shared by every occurrence of a repeating action, so that its cancellable finds it.
    let id: Int
    let due: SchedulerTimeType
    /// Set for a repeating action: its next occurrence is due `interval` after this one.
    let interval: SchedulerTimeType.Stride?
    let action: () -> Void
  }

  private struct State {
    var now: SchedulerTimeType
    /// Sorted by due time; at one due time, in scheduling order.
    var pending: [ScheduledAction] = []
    var lastID = 0

    mutating func makeID() -> Int {
      lastID += 1
      return lastID
    }

    /// Inserts after every action due at the same time or earlier: FIFO at one instant.
    mutating func insert(_ scheduled: ScheduledAction) {
      var low = 0
      var high = pending.count
      while low < high {
        let middle = (low + high) / 2
        if pending[middle].due <= scheduled.due {
          low = middle + 1
        } else {
          high = middle
        }
      }
      pending.insert(scheduled, at: low)
    }

    /// Takes the first action due at or before `target` (any action if nil),
    /// and moves `now` to its due time. A repeating action's next occurrence
    /// is scheduled before this one runs, so the action may cancel itself.
    /// With nothing due, moves `now` to `target` and returns nil.
    mutating func takeNext(dueBy target: SchedulerTimeType?) -> ScheduledAction? {
      guard let first = pending.first, target.map({ first.due <= $0 }) ?? true else {
        if let target, now < target {
          now = target
        }
        return nil
      }
      pending.removeFirst()
      if now < first.due {
        now = first.due
      }
      if let interval = first.interval {
        let following = first.due.advanced(by: interval)
        insert(ScheduledAction(id: first.id, due: following, interval: interval, action: first.action))
      }
      return first
    }
  }

  private let state: Lock<State>

  /// Creates a virtual time scheduler whose clock reads `now`.
  ///
  /// ```swift
  /// let scheduler = VirtualTimeScheduler(now: .init(1_000))
  /// #expect(scheduler.now == .init(1_000))
  /// ```
  ///
  /// - Parameter now: The initial virtual time.
  public init(now: SchedulerTimeType = .init(0)) {
    state = Lock(State(now: now))
  }

  /// The current virtual time: the due time of the running action, or the
  /// target of the last advance.
  ///
  /// ```swift
  /// scheduler.advance(by: .seconds(2))
  /// #expect(scheduler.now == .init(2_000_000_000))
  /// ```
  public var now: SchedulerTimeType {
    state.withLock { $0.now }
  }

  /// Zero: virtual time is exact.
  public var minimumTolerance: SchedulerTimeType.Stride {
    .zero
  }

  /// How many actions are waiting to run; a repeating action counts once.
  ///
  /// ```swift
  /// scheduler.schedule { print("later") }
  /// #expect(scheduler.scheduledActionCount == 1)
  /// ```
  public var scheduledActionCount: Int {
    state.withLock { $0.pending.count }
  }

  // MARK: Scheduling

  /// Schedules the action at ``now``; it runs on the next advance, not within this call.
  ///
  /// ```swift
  /// scheduler.schedule { print("soon") }
  /// scheduler.advance()  // prints "soon"
  /// ```
  public func schedule(options: SchedulerOptions?, _ action: @escaping () -> Void) {
    state.withLock { state in
      state.insert(ScheduledAction(id: state.makeID(), due: state.now, interval: nil, action: action))
    }
  }

  /// Schedules the action at `date`, or at ``now`` if `date` is past.
  /// Tolerance is ignored: virtual time is exact.
  ///
  /// ```swift
  /// scheduler.schedule(after: scheduler.now.advanced(by: .seconds(1))) { print("1s later") }
  /// scheduler.advance(by: .seconds(1))  // prints "1s later"
  /// ```
  public func schedule(
    after date: SchedulerTimeType,
    tolerance: SchedulerTimeType.Stride,
    options: SchedulerOptions?,
    _ action: @escaping () -> Void
  ) {
    state.withLock { state in
      state.insert(ScheduledAction(id: state.makeID(), due: max(date, state.now), interval: nil, action: action))
    }
  }

  /// Schedules the action at `date` (or at ``now`` if `date` is past), then
  /// every `interval`, until the returned cancellable is cancelled.
  ///
  /// As with Combine's schedulers, releasing the returned cancellable cancels
  /// the action: keep it as long as the action must repeat.
  ///
  /// ```swift
  /// let ticks = scheduler.schedule(after: scheduler.now, interval: .seconds(1)) { print("tick") }
  /// scheduler.advance(by: .seconds(2))  // prints "tick" 3 times: at 0s, 1s and 2s
  /// ticks.cancel()
  /// ```
  ///
  /// - Returns: A cancellable that stops the repetition, even from inside the action.
  public func schedule(
    after date: SchedulerTimeType,
    interval: SchedulerTimeType.Stride,
    tolerance: SchedulerTimeType.Stride,
    options: SchedulerOptions?,
    _ action: @escaping () -> Void
  ) -> any Cancellable {
    let id = state.withLock { state in
      let id = state.makeID()
      state.insert(ScheduledAction(id: id, due: max(date, state.now), interval: interval, action: action))
      return id
    }
    return AnyCancellable { [weak self] in
      self?.cancelAction(id)
    }
  }

  private func cancelAction(_ id: Int) {
    let removed = state.withLock { state -> [ScheduledAction] in
      let removed = state.pending.filter { $0.id == id }
      state.pending.removeAll { $0.id == id }
      return removed
    }
    _ = removed  // the action, and what it captured, are released here, after the lock
  }

  // MARK: Moving time

  /// Moves the clock forward by `stride`, running every action due by then, in order.
  ///
  /// `advance()` runs the actions due now, without moving the clock.
  ///
  /// ```swift
  /// scheduler.advance(by: .milliseconds(500))
  /// ```
  ///
  /// - Parameter stride: How far to move the clock; traps if negative.
  public func advance(by stride: SchedulerTimeType.Stride = .zero) {
    precondition(stride >= .zero, "API violation: VirtualTimeScheduler.advance(by:) needs a stride >= 0, got \(stride)")
    advance(to: now.advanced(by: stride))
  }

  /// Moves the clock forward to `date`, running every action due by then, in order.
  ///
  /// ```swift
  /// scheduler.advance(to: .init(1_000_000_000))
  /// #expect(scheduler.now == .init(1_000_000_000))
  /// ```
  ///
  /// - Parameter date: The time to move the clock to; traps if it is before ``now``.
  public func advance(to date: SchedulerTimeType) {
    let start = now
    precondition(
      date >= start,
      "API violation: VirtualTimeScheduler.advance(to: \(date)) would move the clock back from \(start)"
    )
    var instant = start
    var actionsAtInstant = 0
    while let next = state.withLock({ $0.takeNext(dueBy: date) }) {
      if next.due == instant {
        actionsAtInstant += 1
      } else {
        instant = next.due
        actionsAtInstant = 1
      }
      if actionsAtInstant > Self.actionLimit {
        fatalError(
          "VirtualTimeScheduler.advance(to: \(date)) ran \(Self.actionLimit) actions at \(instant) without time "
            + "moving: a repeating action with a zero interval, or an action that keeps rescheduling itself now, "
            + "never ends"
        )
      }
      next.action()
    }
  }

  /// Runs every scheduled action, and those they schedule, until none is
  /// left; the clock ends at the due time of the last action.
  ///
  /// Traps after 100,000 actions: a repeating action that is never
  /// cancelled would make `run()` loop forever. Use ``advance(by:)`` to run a
  /// finite span of time instead.
  ///
  /// ```swift
  /// scheduler.schedule(after: .init(5_000_000_000)) { print("5s") }
  /// scheduler.run()  // prints "5s"
  /// #expect(scheduler.now == .init(5_000_000_000))
  /// ```
  public func run() {
    var executed = 0
    while let next = state.withLock({ $0.takeNext(dueBy: nil) }) {
      executed += 1
      if executed > Self.actionLimit {
        fatalError(
          "VirtualTimeScheduler.run() ran \(Self.actionLimit) actions and more are scheduled, at \(next.due): "
            + "a repeating action never ends. Cancel it before run(), or use advance(by:) to run a finite span "
            + "of time"
        )
      }
      next.action()
    }
  }
}
