import ReactiveCore
import Testing
import TraitsTesting

@Suite struct TestPublisherTests {
  struct Failure: Error, Equatable {}

  @Test func recordsTheDemandOfItsSubscribers() {
    let upstream = TestPublisher<Int, Failure>()
    let recorder = upstream.record(demand: .max(2))
    recorder.request(.max(3))
    #expect(upstream.requests == [.max(2), .max(3)])
    #expect(upstream.pendingDemand == .max(5))
    #expect(upstream.subscriptionCount == 1)
  }

  @Test func sendsValuesAndConsumesDemand() {
    let upstream = TestPublisher<Int, Failure>()
    let recorder = upstream.record(demand: .max(2)) { _, _ in .max(1) }

    #expect(upstream.send(1) == .max(1))
    upstream.send(2)

    #expect(recorder.values == [1, 2])
    #expect(upstream.pendingDemand == .max(2))
  }

  @Test func sendsEvenWithoutDemandToPlayAMisbehavingUpstream() {
    let upstream = TestPublisher<Int, Failure>()
    let recorder = upstream.record(demand: .none)
    upstream.send(1)
    #expect(recorder.events == [.subscription, .value(1)])
    #expect(upstream.pendingDemand == .none)
  }

  @Test func countsCancellationsAndStopsSendingToCancelledSubscribers() {
    let upstream = TestPublisher<Int, Failure>()
    let recorder = upstream.record()
    recorder.cancel()
    upstream.send(1)
    upstream.send(completion: .finished)
    #expect(upstream.cancellations == 1)
    #expect(!upstream.hasSubscribers)
    #expect(recorder.events == [.subscription])
  }

  @Test func completesEverySubscriberOnce() {
    let upstream = TestPublisher<Int, Failure>()
    let first = upstream.record()
    let second = upstream.record()
    upstream.send(completion: .failure(Failure()))
    upstream.send(completion: .finished)
    upstream.send(1)
    #expect(first.events == [.subscription, .failure(Failure())])
    #expect(second.events == [.subscription, .failure(Failure())])
    #expect(!upstream.hasSubscribers)
  }
}
