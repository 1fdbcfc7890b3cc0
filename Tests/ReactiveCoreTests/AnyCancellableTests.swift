import Dispatch
import ReactiveCore
import Synchronization
import Testing

@Suite struct AnyCancellableTests {
  @Test func runsItsClosureOnceOnCancel() {
    let runs = Lock(0)
    let cancellable = AnyCancellable { runs.withLock { $0 += 1 } }
    cancellable.cancel()
    cancellable.cancel()
    #expect(runs.withLock { $0 } == 1)
  }

  @Test func cancelsWhenDeinitialized() {
    let runs = Lock(0)
    do {
      let cancellable = AnyCancellable { runs.withLock { $0 += 1 } }
      _ = cancellable
    }
    #expect(runs.withLock { $0 } == 1)
  }

  @Test func doesNotCancelAgainOnDeinitAfterAnExplicitCancel() {
    let runs = Lock(0)
    do {
      let cancellable = AnyCancellable { runs.withLock { $0 += 1 } }
      cancellable.cancel()
    }
    #expect(runs.withLock { $0 } == 1)
  }

  @Test func wrapsACancellableAndCancelsItOnce() {
    let probe = SubscriptionProbe()
    let cancellable = AnyCancellable(probe)
    cancellable.cancel()
    cancellable.cancel()
    #expect(probe.cancels == 1)
  }

  @Test func releasesWhatItWrapsOnCancel() {
    weak var weakProbe: SubscriptionProbe?
    weak var weakToken: Token?
    let (wrapping, closure): (AnyCancellable, AnyCancellable) = {
      let probe = SubscriptionProbe()
      let token = Token()
      weakProbe = probe
      weakToken = token
      return (AnyCancellable(probe), AnyCancellable { _ = token })
    }()
    #expect(weakProbe != nil && weakToken != nil)

    wrapping.cancel()
    closure.cancel()

    #expect(weakProbe == nil)
    #expect(weakToken == nil)
  }

  @Test func storesItselfInASetAndAnArray() {
    var set = Set<AnyCancellable>()
    var array: [AnyCancellable] = []
    let cancellable = AnyCancellable {}
    cancellable.store(in: &set)
    cancellable.store(in: &set)
    cancellable.store(in: &array)
    #expect(set.count == 1)
    #expect(array.count == 1)
    #expect(set.first === cancellable)
    #expect(array.first === cancellable)
  }

  @Test func storingAnyCancellableWrapsIt() {
    let probe = SubscriptionProbe()
    var set = Set<AnyCancellable>()
    var array: [AnyCancellable] = []
    probe.store(in: &set)
    probe.store(in: &array)
    #expect(set.count == 1)
    #expect(array.count == 1)

    set.removeAll()
    #expect(probe.cancels == 1)
    array.removeAll()
    #expect(probe.cancels == 2)
  }

  @Test func isEqualOnlyToItself() {
    let first = AnyCancellable {}
    let second = AnyCancellable {}
    #expect(first == first)
    #expect(first != second)
    #expect(first.hashValue == first.hashValue)
  }

  @Test func cancelsExactlyOnceWhenCancelledFromManyThreads() {
    for _ in 0..<200 {
      let runs = Lock(0)
      let cancellable = AnyCancellable { runs.withLock { $0 += 1 } }
      DispatchQueue.concurrentPerform(iterations: 8) { _ in
        cancellable.cancel()
      }
      #expect(runs.withLock { $0 } == 1)
    }
  }

  @Test func toleratesACancelFromInsideItsOwnClosure() {
    let runs = Lock(0)
    let holder = Lock<AnyCancellable?>(nil)
    let cancellable = AnyCancellable {
      runs.withLock { $0 += 1 }
      holder.withLock { $0 }?.cancel()
    }
    holder.withLock { $0 = cancellable }
    cancellable.cancel()
    #expect(runs.withLock { $0 } == 1)
    holder.withLock { $0 = nil }
  }
}
