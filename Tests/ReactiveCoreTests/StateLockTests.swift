import Dispatch
import SharedMachinery
import Testing

/// `StateLock`: the lock of a state kept beside it, in its owner's stored
/// `var` (the form of `Sink`, the subject's conduits, `flatMap` and `zip`).
@Suite struct StateLockTests {
  /// An owner as the subscriptions write it: the state beside the lock,
  /// reached only through `withState`.
  private final class Counter: @unchecked Sendable {
    // @unchecked Sendable: `count` is touched only under `lock`.
    let lock = StateLock()
    @exclusivity(unchecked) var count = 0
    @exclusivity(unchecked) var log: [Int] = []

    func withState<Result>(_ body: (inout Int, inout [Int]) -> Result) -> Result {
      lock.withLock { body(&count, &log) }
    }
  }

  @Test func returnsWhatItsBodyReturns() {
    let counter = Counter()
    let seen = counter.withState { count, log -> Int in
      count += 41
      log.append(count)
      return count + 1
    }
    #expect(seen == 42)
    #expect(counter.withState { $1 } == [41])
  }

  @Test func makesConcurrentUpdatesExclusive() {
    let counter = Counter()
    let threads = 4
    let increments = 10_000
    DispatchQueue.concurrentPerform(iterations: threads) { _ in
      for _ in 0..<increments {
        counter.withState { count, log in
          count += 1
          if count.isMultiple(of: 1_000) { log.append(count) }
        }
      }
    }
    // Lost updates would leave the count short, and the log out of order.
    #expect(counter.withState { count, _ in count } == threads * increments)
    #expect(counter.withState { $1 } == Array(stride(from: 1_000, through: threads * increments, by: 1_000)))
  }
}
