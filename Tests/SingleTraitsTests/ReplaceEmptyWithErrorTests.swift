import MaybeTraits
import ReactiveCore
import SingleTraits
import Testing
import TraitsTesting

@Suite struct ReplaceEmptyWithErrorTests {
  /// Forwards a test-controlled upstream as a maybe publisher.
  struct ForwardMaybe<Upstream: Publisher>: MaybePublisher {
    typealias Output = Upstream.Output
    typealias Failure = Upstream.Failure
    let upstream: Upstream

    func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
      upstream.receive(subscriber: subscriber)
    }
  }

  @Test func failsWithTheErrorWhenTheUpstreamFinishesEmpty() {
    let upstream = TestPublisher<Int, TestError>()
    let recording = ForwardMaybe(upstream: upstream).replaceEmpty(withError: TestError(code: 9)).record()

    upstream.send(completion: .finished)

    #expect(recording.events == [.subscription, .failure(TestError(code: 9))])
  }

  @Test func passesAValueOn() {
    let upstream = TestPublisher<Int, TestError>()
    let recording = ForwardMaybe(upstream: upstream).replaceEmpty(withError: TestError(code: 9)).record()

    _ = upstream.send(1)
    upstream.send(completion: .finished)

    #expect(recording.events == [.subscription, .value(1), .finished])
  }

  @Test func theValueWaitsForDemand() {
    let recording = AnyMaybePublisher<Int, TestError>.just(1)
      .replaceEmpty(withError: TestError(code: 9))
      .record(demand: .none)
    #expect(recording.events == [.subscription])

    recording.request(.max(1))

    #expect(recording.events == [.subscription, .value(1), .finished])
  }

  @Test func passesAFailureOn() {
    let recording = AnyMaybePublisher<Int, TestError>.fail(TestError(code: 1))
      .replaceEmpty(withError: TestError(code: 9))
      .record()
    #expect(recording.events == [.subscription, .failure(TestError(code: 1))])
  }

  @Test func cancellingReachesTheUpstream() {
    let upstream = TestPublisher<Int, TestError>()
    let recording = ForwardMaybe(upstream: upstream).replaceEmpty(withError: TestError()).record()
    recording.cancel()
    #expect(upstream.cancellations == 1)
  }

  @Test func theResultIsASinglePublisher() {
    let single: AnySinglePublisher<Int, TestError> = AnyMaybePublisher.empty().replaceEmpty(withError: TestError())
    #expect(single.record().events == [.subscription, .failure(TestError())])
  }
}
