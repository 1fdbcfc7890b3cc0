import MaybeTraits
import ReactiveCore
import SingleTraits
import Testing
import TraitsTesting

@Suite struct CacheTests {
  @Test func subscribesOnceAndReplaysTheValue() {
    let upstream = TestPublisher<Int, TestError>()
    let cache = ForwardSingle(upstream: upstream).cache()
    let first = cache.record()
    let second = cache.record()
    #expect(upstream.subscriptionCount == 1)

    _ = upstream.send(1)
    upstream.send(completion: .finished)
    let third = cache.record()

    #expect(first.events == [.subscription, .value(1), .finished])
    #expect(second.events == [.subscription, .value(1), .finished])
    #expect(third.events == [.subscription, .value(1), .finished])
    #expect(upstream.subscriptionCount == 1)
  }

  @Test func replaysAFailure() {
    let counter = SubscriptionCounter()
    let cache = Deferred {
      counter.increment()
      return Fail<Int, TestError>(error: TestError(code: 1))
    }.cache()
    #expect(cache.record().events == [.subscription, .failure(TestError(code: 1))])
    #expect(cache.record().events == [.subscription, .failure(TestError(code: 1))])
    #expect(counter.value == 1)
  }

  @Test func replaysAnEmptyMaybe() {
    let cache = Empty<Int, Never>().cache()
    #expect(cache.record().events == [.subscription, .finished])
    #expect(cache.record().events == [.subscription, .finished])
  }

  @Test func subscribesOnTheFirstDemand() {
    let upstream = TestPublisher<Int, TestError>()
    let cache = ForwardSingle(upstream: upstream).cache()
    let recording = cache.record(demand: .none)
    #expect(upstream.subscriptionCount == 0)
    recording.request(.max(1))
    #expect(upstream.subscriptionCount == 1)
  }

  @Test func theReplayedValueWaitsForDemand() {
    let cache = Just(1).cache()
    _ = cache.record()
    let late = cache.record(demand: .none)
    #expect(late.events == [.subscription])
    late.request(.max(1))
    #expect(late.events == [.subscription, .value(1), .finished])
  }

  @Test func aCancelledSubscriberGetsNothingAndTheUpstreamKeepsRunning() {
    let upstream = TestPublisher<Int, TestError>()
    let cache = ForwardSingle(upstream: upstream).cache()
    let quitter = cache.record()
    quitter.cancel()
    #expect(upstream.cancellations == 0)

    _ = upstream.send(1)
    upstream.send(completion: .finished)

    #expect(quitter.events == [.subscription])
    #expect(cache.record().events == [.subscription, .value(1), .finished])
  }

  @Test func releasingTheCacheCancelsTheUpstreamWhenNobodyWaits() {
    let upstream = TestPublisher<Int, TestError>()
    var cache: Publishers.Cache<ForwardSingle<TestPublisher<Int, TestError>>>? = ForwardSingle(upstream: upstream)
      .cache()
    cache?.record().cancel()
    #expect(upstream.cancellations == 0)
    cache = nil
    #expect(upstream.cancellations == 1)
  }

  @Test func aWaitingSubscriberKeepsTheCacheAlive() {
    let upstream = TestPublisher<Int, TestError>()
    weak var weakCache: Publishers.Cache<ForwardSingle<TestPublisher<Int, TestError>>>?
    let recording: RecordingSubscriber<Int, TestError>
    do {
      let cache = ForwardSingle(upstream: upstream).cache()
      weakCache = cache
      recording = cache.record()
    }
    #expect(weakCache != nil)
    _ = upstream.send(1)
    upstream.send(completion: .finished)
    #expect(recording.events == [.subscription, .value(1), .finished])
    #expect(weakCache == nil)
  }

  @Test func releasesTheUpstreamAfterCompletion() {
    weak var weakToken: Token?
    let cache: Publishers.Cache<Publishers.Map<Just<Int>, Int>>
    do {
      let token = Token()
      weakToken = token
      cache = Just(1).map { [token] value in withExtendedLifetime(token) { value } }.cache()
    }
    #expect(weakToken != nil)
    #expect(cache.record().events == [.subscription, .value(1), .finished])
    #expect(weakToken == nil)
  }

  @Test func keepsTheTrait() {
    let single: some SinglePublisher<Int, Never> = Just(1).cache()
    let maybe: some MaybePublisher<Int, Never> = Optional<Int>.none.publisher.cache()
    let outcomes = Shared<[String]>([])
    let cancellables = [
      single.sinkSingle { outcomes.value.append("\($0)") },
      maybe.sinkMaybe { outcomes.value.append("\($0)") },
    ]
    #expect(outcomes.value == ["success(1)", "finished"])
    withExtendedLifetime(cancellables) {}
  }

  @Test func concurrentSubscribersAllGetTheOneValue() async {
    for _ in 0..<100 {
      let counter = SubscriptionCounter()
      let (future, promise) = makeFuture()
      let cache = future.handleEvents(receiveSubscription: { _ in counter.increment() }).cache()
      let recordings = await withTaskGroup(of: RecordingSubscriber<Int, Never>?.self) { group in
        for _ in 0..<4 {
          group.addTask { cache.record() }
        }
        group.addTask {
          promise.fulfill(7)
          return nil
        }
        var recordings: [RecordingSubscriber<Int, Never>] = []
        for await case let recording? in group { recordings.append(recording) }
        return recordings
      }
      #expect(counter.value == 1)
      for recording in recordings {
        #expect(recording.events == [.subscription, .value(7), .finished])
      }
    }
  }
}

/// A future, and a sendable way to fulfil it from another task.
private func makeFuture() -> (Future<Int, Never>, FuturePromise) {
  let box = FuturePromise()
  let future = Future<Int, Never> { promise in box.set(promise) }
  return (future, box)
}

private final class FuturePromise: @unchecked Sendable {
  // @unchecked Sendable: set once, before the box is shared; the promise is thread-safe.
  private var promise: Future<Int, Never>.Promise?
  func set(_ promise: @escaping Future<Int, Never>.Promise) { self.promise = promise }
  func fulfill(_ value: Int) { promise?(.success(value)) }
}
