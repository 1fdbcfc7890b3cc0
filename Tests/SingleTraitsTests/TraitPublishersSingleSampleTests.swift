import MaybeTraits
import ReactiveCore
import SingleTraits
import Testing
import TraitsTesting

/// The samples of the "TraitPublishers.Single" section of the specification.
@Suite struct TraitPublishersSingleSampleTests {
  struct MyError: Error, Equatable {}

  @Test func aSuccessAndItsCleanup() {
    let cleanups = Collector<Int>()
    let publisher = TraitPublishers.Single<String, MyError> { promise in
      // Eventually send completion event, now or in the future:
      promise(.success("Alice"))
      return AnyCancellable { cleanups.append(1) }
    }
    #expect(publisher.record().events == [.subscription, .value("Alice"), .finished])
    #expect(cleanups.all == [1])
  }

  @Test func aFailure() {
    let publisher = TraitPublishers.Single<String, MyError> { promise in
      promise(.failure(MyError()))
      return AnyCancellable {}
    }
    #expect(publisher.record().events == [.subscription, .failure(MyError())])
  }

  @Test func nothingHappensUntilSubscriptionAndEachSubscriptionStartsAJob() {
    let jobs = Collector<Int>()
    let publisher = TraitPublishers.Single<Int, MyError> { promise in
      jobs.append(1)
      promise(.success(jobs.all.count))
      return AnyCancellable {}
    }
    #expect(jobs.all.isEmpty)
    #expect(publisher.record().values == [1])
    #expect(publisher.record().values == [2])
  }

  /// Seed 001 (where the type is spelled `PublisherTraits.Single`, a
  /// deprecated alias here): the job forwarded to another single publisher.
  @Test func forwardingTheJobToAnotherSinglePublisher() {
    for otherSinglePublisher in [AnySinglePublisher<String, MyError>.just("Alice"), .fail(MyError())] {
      let publisher = TraitPublishers.Single<String, MyError> { promise in
        return otherSinglePublisher.sinkSingle(receive: promise)
      }
      #expect(publisher.record().events == otherSinglePublisher.record().events)
    }
  }
}
