import ReactiveCore
import Synchronization
import Testing
import TraitsTesting

@Suite struct DeferredTests {
  @Test func createsAPublisherForEachSubscriberAtSubscriptionTime() {
    let created = Lock(0)
    let deferred = Deferred { () -> Just<Int> in
      let count = created.withLock { count in
        count += 1
        return count
      }
      return Just(count)
    }
    #expect(created.withLock { $0 } == 0)

    let first = deferred.record()
    let second = deferred.record()

    #expect(first.events == [.subscription, .value(1), .finished])
    #expect(second.events == [.subscription, .value(2), .finished])
  }

  @Test func delaysTheWorkOfAFuture() {
    let runs = Lock(0)
    let deferred = Deferred {
      Future<Int, Never> { promise in
        runs.withLock { $0 += 1 }
        promise(.success(7))
      }
    }
    #expect(runs.withLock { $0 } == 0)
    #expect(deferred.record().values == [7])
    #expect(deferred.record().values == [7])
    #expect(runs.withLock { $0 } == 2)
  }
}
