import SharedMachinery

/// A clock whose time moves only when the test moves it.
///
/// Code that sleeps on a clock (`try await clock.sleep(for: .seconds(5))`,
/// a `ClockScheduler`, `Task.sleep(for:tolerance:clock:)`) is tested with
/// this one in place of `ContinuousClock`: a sleep ends when the test
/// advances the clock to its deadline, never on its own, so the test decides
/// when each timer fires and runs in no real time.
///
/// ```swift
/// let clock = TestClock()
/// let tested = Heartbeat(scheduler: ClockScheduler(clock: clock))
/// let recorder = tested.beat(7).record()
/// clock.advance(by: .seconds(1))  // the beat is due: it is published
/// ```
///
/// - A sleep whose deadline has come (or comes before the sleep starts)
///   ends at once; the others wait for ``advance(by:)``, ``advance(to:)`` or
///   ``run()``, which wake the sleeps that are due in the order of their
///   deadlines (in the order they began, for equal deadlines).
/// - A cancelled sleeping task throws `CancellationError` at once, and its
///   sleep is forgotten.
/// - Waking a sleep resumes its task; the task then runs on its executor,
///   after `advance` has returned. A test that needs what the task does
///   next waits for it (a recorder's `next()`, ``sleepCount`` reaching the
///   number it expects), as with any task.
///
/// Its instant is the time since the clock was created, and its duration is
/// `Swift.Duration`, as `ClockScheduler` requires. It is `Sendable`: tasks
/// may sleep on it while the test advances it from another.
public final class TestClock: Clock, Sendable {
  /// A time of the clock: the duration since the clock was created.
  public struct Instant: InstantProtocol, Sendable, CustomStringConvertible {
    /// The duration since the clock was created.
    public var offset: Duration

    /// The instant `offset` after the creation of the clock.
    public init(offset: Duration) {
      self.offset = offset
    }

    public func advanced(by duration: Duration) -> Instant {
      Instant(offset: offset + duration)
    }

    public func duration(to other: Instant) -> Duration {
      other.offset - offset
    }

    public static func < (lhs: Instant, rhs: Instant) -> Bool {
      lhs.offset < rhs.offset
    }

    public var description: String { "TestClock.Instant(\(offset))" }
  }

  /// A sleep in progress: its task waits for the clock to reach `deadline`.
  private struct Sleep {
    let deadline: Instant
    let continuation: UnsafeContinuation<Void, any Error>
  }

  /// The states of the clock. A sleep has a number, given when it starts:
  /// - waiting: in `sleeps`, until an advance reaches its deadline or its task is cancelled;
  /// - cancelled before it was stored (the cancellation handler ran first): in `cancelledEarly`.
  private struct State {
    var now = Instant(offset: .zero)
    var sleeps: [Int: Sleep] = [:]
    var lastNumber = 0
    var cancelledEarly: Set<Int> = []

    /// Moves the time to `instant` (never back), and takes the sleeps then due, in order.
    mutating func move(to instant: Instant) -> [Sleep] {
      if now < instant { now = instant }
      let due = sleeps.filter { $0.value.deadline <= now }.sorted {
        ($0.value.deadline, $0.key) < ($1.value.deadline, $1.key)
      }
      for (number, _) in due { sleeps[number] = nil }
      return due.map(\.value)
    }
  }

  private let state = Lock(State())

  /// A clock at its start: `now` is `Instant(offset: .zero)`.
  public init() {}

  /// The clock's current time.
  public var now: Instant { state.withLock { $0.now } }

  /// Zero: the clock moves only when the test moves it.
  public var minimumResolution: Duration { .zero }

  /// How many sleeps are waiting for the clock to move.
  public var sleepCount: Int { state.withLock { $0.sleeps.count } }

  /// The earliest deadline among the waiting sleeps, if any.
  public var nextDeadline: Instant? { state.withLock { $0.sleeps.values.map(\.deadline).min() } }

  /// Suspends until the test advances the clock to `deadline`.
  ///
  /// - Parameters:
  ///   - deadline: The instant the sleep ends at.
  ///   - tolerance: Ignored: the sleep ends when the clock reaches the deadline.
  /// - Throws: `CancellationError` if the task is cancelled.
  public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
    let number = state.withLock { state in
      state.lastNumber += 1
      return state.lastNumber
    }
    try await withTaskCancellationHandler {
      try await withUnsafeThrowingContinuation { (continuation: UnsafeContinuation<Void, any Error>) in
        let outcome = state.withLock { state -> Result<Void, any Error>? in
          if state.cancelledEarly.remove(number) != nil { return .failure(CancellationError()) }
          if deadline <= state.now { return .success(()) }
          state.sleeps[number] = Sleep(deadline: deadline, continuation: continuation)
          return nil
        }
        if let outcome { continuation.resume(with: outcome) }
      }
    } onCancel: {
      let sleep = state.withLock { state -> Sleep? in
        guard let sleep = state.sleeps.removeValue(forKey: number) else {
          state.cancelledEarly.insert(number)
          return nil
        }
        return sleep
      }
      sleep?.continuation.resume(throwing: CancellationError())
    }
    // A sleep that ended without the handler running leaves no mark behind.
    state.withLock { _ = $0.cancelledEarly.remove(number) }
  }

  /// Moves the time on by `duration`, and wakes the sleeps then due.
  ///
  /// - Parameter duration: How far the time moves; a negative duration does not move it back.
  public func advance(by duration: Duration) {
    wake(state.withLock { $0.move(to: $0.now.advanced(by: duration)) })
  }

  /// Moves the time to `instant`, and wakes the sleeps then due. An instant
  /// in the past does not move the time back.
  public func advance(to instant: Instant) {
    wake(state.withLock { $0.move(to: instant) })
  }

  /// Moves the time to the latest deadline of the sleeps waiting now, and
  /// wakes them all, earliest deadline first. Sleeps that the woken tasks
  /// begin afterwards are left for the next advance.
  public func run() {
    wake(
      state.withLock { state in
        guard let last = state.sleeps.values.map(\.deadline).max() else { return [] }
        return state.move(to: last)
      }
    )
  }

  private func wake(_ sleeps: [Sleep]) {
    for sleep in sleeps {
      sleep.continuation.resume()
    }
  }
}
