import Foundation
import Synchronization

/// Threads that start together and meet again at chosen points of their
/// work: each thread calls `meet()` the same number of times, and no thread
/// leaves a meeting before all have come to it.
public final class Race: Sendable {
  private let threads: Int
  private let arrivals = Atomic<Int>(0)

  public init(threads: Int) {
    self.threads = threads
  }

  /// Runs `body(thread, self)` on `threads` new threads, released together,
  /// and returns when all are done.
  public func run(_ body: @escaping @Sendable (_ thread: Int, _ race: Race) -> Void) {
    let done = DispatchGroup()
    for thread in 0..<threads {
      done.enter()
      Thread {
        self.meet()
        body(thread, self)
        done.leave()
      }.start()
    }
    done.wait()
  }

  /// Waits until every thread has come to this meeting. Each thread comes
  /// and leaves after a short random pause, so that none always goes first.
  public func meet() {
    pause()
    let arrival = arrivals.add(1, ordering: .acquiringAndReleasing).newValue
    let meeting = (arrival + threads - 1) / threads
    // Spin for a while first, so that threads on different cores leave
    // together; then yield, for a thread that waits on the same core.
    let spinUntil = ContinuousClock.now + .microseconds(200)
    var spinning = true
    while arrivals.load(ordering: .acquiring) < meeting * threads {
      if spinning {
        spinning = ContinuousClock.now < spinUntil
      } else {
        sched_yield()
      }
    }
    pause()
  }

  private func pause() {
    for _ in 0..<Int.random(in: 0..<2_000) {
      _ = arrivals.load(ordering: .relaxed)
    }
  }
}

/// Waits, for at most `timeout`, until `condition` holds; returns whether it
/// does. The blocking twin of TraitsTesting's `waitUntil`, for code that
/// runs on threads of its own rather than in a task.
@discardableResult
public func settle(timeout: Duration = .seconds(2), until condition: () -> Bool) -> Bool {
  let deadline = ContinuousClock.now + timeout
  while !condition() {
    if ContinuousClock.now > deadline { return false }
    usleep(200)
  }
  return true
}
