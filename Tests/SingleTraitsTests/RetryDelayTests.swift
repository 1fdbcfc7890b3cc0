import MaybeTraits
import ReactiveCore
import SingleTraits
import Testing
import TraitsTesting

@Suite struct RetryDelayTests {
  @Test func resubscribesAfterTheDelayFollowingAFailure() {
    let scheduler = VirtualTimeScheduler()
    let upstream = TestPublisher<Int, TestError>()
    let recording = ForwardSingle(upstream: upstream).retry(2, delay: 10, scheduler: scheduler).record()
    #expect(upstream.subscriptionCount == 1)

    upstream.send(completion: .failure(TestError(code: 1)))
    scheduler.advance(by: 9)
    #expect(upstream.subscriptionCount == 1)
    scheduler.advance(by: 1)
    #expect(upstream.subscriptionCount == 2)
    _ = upstream.send(5)
    upstream.send(completion: .finished)
    scheduler.advance()

    #expect(recording.events == [.subscription, .value(5), .finished])
  }

  @Test func theLastFailureFails() {
    let scheduler = VirtualTimeScheduler()
    let counter = SubscriptionCounter()
    let failing = Deferred {
      counter.increment()
      return Fail<Int, TestError>(error: TestError(code: counter.value))
    }
    let recording = failing.retry(2, delay: 10, scheduler: scheduler).record()

    scheduler.advance(by: 100)

    #expect(counter.value == 3)
    #expect(recording.events == [.subscription, .failure(TestError(code: 3))])
  }

  @Test func zeroRetriesFailsAtOnce() {
    let scheduler = VirtualTimeScheduler()
    let recording = Fail<Int, TestError>(error: TestError(code: 1)).retry(0, delay: 10, scheduler: scheduler).record()
    #expect(recording.events == [.subscription, .failure(TestError(code: 1))])
    #expect(scheduler.scheduledActionCount == 0)
  }

  @Test func cancellingDuringTheDelayPreventsTheNextAttempt() {
    let scheduler = VirtualTimeScheduler()
    let upstream = TestPublisher<Int, TestError>()
    let recording = ForwardSingle(upstream: upstream).retry(1, delay: 10, scheduler: scheduler).record()

    upstream.send(completion: .failure(TestError()))
    recording.cancel()
    scheduler.advance(by: 20)

    #expect(upstream.subscriptionCount == 1)
    #expect(recording.events == [.subscription])
  }

  @Test func cancellingReachesTheCurrentAttempt() {
    let scheduler = VirtualTimeScheduler()
    let upstream = TestPublisher<Int, TestError>()
    let recording = ForwardSingle(upstream: upstream).retry(1, delay: 10, scheduler: scheduler).record()
    upstream.send(completion: .failure(TestError()))
    scheduler.advance(by: 10)

    recording.cancel()

    #expect(upstream.cancellations == 1)
  }

  @Test func theValueWaitsForDemand() {
    let scheduler = VirtualTimeScheduler()
    let recording = Just(1).setFailureType(to: TestError.self).retry(1, delay: 10, scheduler: scheduler)
      .record(demand: .none)
    #expect(recording.events == [.subscription])
    recording.request(.max(1))
    #expect(recording.events == [.subscription, .value(1), .finished])
  }

  @Test func keepsTheTrait() {
    let scheduler = VirtualTimeScheduler()
    let single: some SinglePublisher<Int, TestError> = Fail<Int, TestError>(error: TestError())
      .retry(1, delay: 1, scheduler: scheduler)
    let maybe: some MaybePublisher<Int, TestError> = Empty<Int, TestError>().retry(1, delay: 1, scheduler: scheduler)
    let outcomes = Shared<[String]>([])
    let cancellables = [
      single.sinkSingle { outcomes.value.append("single \($0)") },
      maybe.sinkMaybe { outcomes.value.append("maybe \($0)") },
    ]
    scheduler.advance(by: 1)
    #expect(outcomes.value == ["maybe finished", "single failure(TestError(code: 0))"])
    withExtendedLifetime(cancellables) {}
  }

  @Test func releasesTheUpstreamAfterCompletion() {
    let scheduler = VirtualTimeScheduler()
    weak var weakToken: Token?
    let recording: RecordingSubscriber<Int, TestError>
    do {
      let token = Token()
      weakToken = token
      recording = Fail<Int, TestError>(error: TestError())
        .catch { [token] _ in withExtendedLifetime(token) { Just(1).setFailureType(to: TestError.self) } }
        .retry(1, delay: 1, scheduler: scheduler)
        .record()
    }
    #expect(recording.events == [.subscription, .value(1), .finished])
    #expect(weakToken == nil)
  }
}
