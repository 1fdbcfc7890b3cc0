import MaybeTraits
import ReactiveCore
import Testing
import TraitsTesting

/// The samples of the "TraitPublishers.Maybe" section of the specification
/// (seed 001 calls it `PublisherTraits.Maybe`: that name is a deprecated
/// alias here, so the samples use `TraitPublishers.Maybe`).
@Suite struct TraitPublishersMaybeSampleTests {
  struct MyError: Error, Equatable {}

  /// What the jobs of the samples did.
  final class Log {
    var cleanups = 0
    var jobs = 0
  }

  /// Seeds 000 and 001 complete with `promise(.empty)`: this package names
  /// that case `.finished`.
  @Test func anEmptyCompletionAndItsCleanup() {
    let log = Log()
    let publisher = TraitPublishers.Maybe<String, MyError> { promise in
      promise(.finished)
      return AnyCancellable { log.cleanups += 1 }
    }
    #expect(publisher.record().events == [.subscription, .finished])
    #expect(log.cleanups == 1)
  }

  @Test func aSuccessAndItsCleanup() {
    let log = Log()
    let publisher = TraitPublishers.Maybe<String, MyError> { promise in
      promise(.success("Alice"))
      return AnyCancellable { log.cleanups += 1 }
    }
    #expect(publisher.record().events == [.subscription, .value("Alice"), .finished])
    #expect(log.cleanups == 1)
  }

  /// Seed 000 fails with `SomeError()`, which is not the publisher's
  /// `MyError` failure type and would not compile; seed 001 uses `MyError()`.
  @Test func aFailure() {
    let publisher = TraitPublishers.Maybe<String, MyError> { promise in
      promise(.failure(MyError()))
      return AnyCancellable {}
    }
    #expect(publisher.record().events == [.subscription, .failure(MyError())])
  }

  @Test func nothingHappensUntilSubscriptionAndEachSubscriptionStartsAJob() {
    let log = Log()
    let publisher = TraitPublishers.Maybe<Int, MyError> { promise in
      log.jobs += 1
      promise(.success(log.jobs))
      return AnyCancellable {}
    }
    #expect(log.jobs == 0)
    #expect(publisher.record().values == [1])
    #expect(publisher.record().values == [2])
  }

  @Test func itCanCompleteInTheFuture() {
    let log = Log()
    var pending: TraitPublishers.Maybe<String, MyError>.Promise?
    let publisher = TraitPublishers.Maybe<String, MyError> { promise in
      pending = promise
      return AnyCancellable { log.cleanups += 1 }
    }
    let recorder = publisher.record()
    #expect(recorder.events == [.subscription])
    pending?(.success("Alice"))
    #expect(recorder.events == [.subscription, .value("Alice"), .finished])
    #expect(log.cleanups == 1)
  }

  @Test func cancellingTheSubscriptionRunsTheCleanup() {
    let log = Log()
    let publisher = TraitPublishers.Maybe<String, MyError> { _ in
      AnyCancellable { log.cleanups += 1 }
    }
    let recorder = publisher.record()
    recorder.cancel()
    #expect(recorder.events == [.subscription])
    #expect(log.cleanups == 1)
  }

  /// Seed 001: the job forwarded to another maybe publisher.
  @Test func forwardingTheJobToAnotherMaybePublisher() {
    for otherMaybePublisher in [
      AnyMaybePublisher<String, MyError>.just("Alice"), .empty(), .fail(MyError()),
    ] {
      let publisher = TraitPublishers.Maybe<String, MyError> { promise in
        return otherMaybePublisher.sinkMaybe(receive: promise)
      }
      #expect(publisher.record().events == otherMaybePublisher.record().events)
    }
  }
}
