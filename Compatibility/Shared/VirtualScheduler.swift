// A scheduler on a virtual clock, for the time operators: nothing happens
// until the script advances the clock, and then every action due runs in the
// order of its due time (then of scheduling). It uses only Combine's public
// API, so both libraries drive the same clock. One tick is a millisecond.

#if OPENCOMBINE
import OpenCombine
#else
import ReactiveCore
#endif

/// A duration on the virtual clock, in milliseconds.
struct Ticks: SchedulerTimeIntervalConvertible, Comparable, SignedNumeric, Hashable, CustomStringConvertible {
  var value: Int

  init(_ value: Int) {
    self.value = value
  }

  init(integerLiteral value: Int) {
    self.value = value
  }

  init?<T: BinaryInteger>(exactly source: T) {
    guard let value = Int(exactly: source) else { return nil }
    self.value = value
  }

  var magnitude: UInt { value.magnitude }
  var description: String { "\(value)ms" }

  static func seconds(_ s: Int) -> Ticks { Ticks(s * 1000) }
  static func seconds(_ s: Double) -> Ticks { Ticks(Int(s * 1000)) }
  static func milliseconds(_ ms: Int) -> Ticks { Ticks(ms) }
  static func microseconds(_ us: Int) -> Ticks { Ticks(us / 1000) }
  static func nanoseconds(_ ns: Int) -> Ticks { Ticks(ns / 1_000_000) }

  static func < (lhs: Ticks, rhs: Ticks) -> Bool { lhs.value < rhs.value }
  static func + (lhs: Ticks, rhs: Ticks) -> Ticks { Ticks(lhs.value + rhs.value) }
  static func - (lhs: Ticks, rhs: Ticks) -> Ticks { Ticks(lhs.value - rhs.value) }
  static func * (lhs: Ticks, rhs: Ticks) -> Ticks { Ticks(lhs.value * rhs.value) }
  static func += (lhs: inout Ticks, rhs: Ticks) { lhs = lhs + rhs }
  static func -= (lhs: inout Ticks, rhs: Ticks) { lhs = lhs - rhs }
  static func *= (lhs: inout Ticks, rhs: Ticks) { lhs = lhs * rhs }
}

/// A point on the virtual clock.
struct VirtualTime: Strideable, Hashable, CustomStringConvertible {
  var milliseconds: Int

  func distance(to other: VirtualTime) -> Ticks { Ticks(other.milliseconds - milliseconds) }
  func advanced(by n: Ticks) -> VirtualTime { VirtualTime(milliseconds: milliseconds + n.value) }
  var description: String { "t=\(milliseconds)ms" }
}

/// The scheduler. Used on one thread, by one scenario.
final class VirtualScheduler: Scheduler {
  typealias SchedulerTimeType = VirtualTime
  typealias SchedulerOptions = Never

  private struct Entry {
    let due: VirtualTime
    let order: Int
    let action: () -> Void
  }

  private(set) var now = VirtualTime(milliseconds: 0)
  private var entries: [Entry] = []
  private var scheduled = 0

  var minimumTolerance: Ticks { 0 }

  /// An action "now" runs at the next `advance` (by zero or more): a
  /// scheduler hop is a step of its own, as it is on a real queue.
  func schedule(options: Never?, _ action: @escaping () -> Void) {
    enqueue(now, action)
  }

  func schedule(after date: VirtualTime, tolerance: Ticks, options: Never?, _ action: @escaping () -> Void) {
    enqueue(date, action)
  }

  func schedule(
    after date: VirtualTime,
    interval: Ticks,
    tolerance: Ticks,
    options: Never?,
    _ action: @escaping () -> Void
  ) -> any Cancellable {
    let repeating = Repeating()
    func fire(at due: VirtualTime) {
      enqueue(due) {
        guard !repeating.isCancelled else { return }
        action()
        fire(at: due.advanced(by: Swift.max(interval, Ticks(1))))
      }
    }
    fire(at: date)
    return AnyCancellable { repeating.isCancelled = true }
  }

  /// Moves the clock forward by `duration`, running every action that
  /// comes due, in order (an action may schedule more).
  func advance(by duration: Ticks) {
    let target = now.advanced(by: duration)
    while let index = nextDue(by: target) {
      let entry = entries.remove(at: index)
      if entry.due > now { now = entry.due }
      entry.action()
    }
    now = target
  }

  private func enqueue(_ due: VirtualTime, _ action: @escaping () -> Void) {
    scheduled += 1
    entries.append(Entry(due: due, order: scheduled, action: action))
  }

  private func nextDue(by target: VirtualTime) -> Int? {
    entries.indices.filter { entries[$0].due <= target }
      .min { (entries[$0].due, entries[$0].order) < (entries[$1].due, entries[$1].order) }
  }

  private final class Repeating {
    var isCancelled = false
  }
}
