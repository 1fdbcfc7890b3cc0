import ReactiveCore
import Testing
import TraitsTesting

@Suite struct DropUntilOutputTests {
  @Test func dropsValuesUntilTheOtherPublisherEmits() {
    let upstream = TestPublisher<Int, TestError>()
    let other = TestPublisher<String, TestError>()
    let recorder = upstream.drop(untilOutputFrom: other).record()

    upstream.send(1)
    other.send("go")
    upstream.send(2)
    upstream.send(completion: .finished)

    #expect(recorder.events == [.subscription, .value(2), .finished])
    #expect(other.cancellations == 0)  // as in Combine: released, not cancelled
  }

  @Test func doesNotCancelTheOtherPublisherAfterItsValue() {
    let upstream = TestPublisher<Int, Never>()
    let other = TestPublisher<Int, Never>()
    let recorder = upstream.drop(untilOutputFrom: other).record()

    other.send(0)
    recorder.cancel()

    #expect(other.cancellations == 0)
    #expect(upstream.cancellations == 1)
  }

  @Test func returnsTheDemandDownstreamReturnsToTheUpstream() {
    let upstream = TestPublisher<Int, Never>()
    let other = TestPublisher<Int, Never>()
    _ = upstream.drop(untilOutputFrom: other).record(demand: .max(2)) { _, _ in .max(3) }
    other.send(0)

    let returned = upstream.send(1)

    #expect(returned == .max(3))
    #expect(upstream.requests == [.max(2)])
  }

  @Test func neverDeliversMoreThanDemandedWhenTheUpstreamIgnoresDemand() {
    let upstream = TestPublisher<Int, Never>()
    let other = TestPublisher<Int, Never>()
    let recorder = upstream.drop(untilOutputFrom: other).record(demand: .max(1))
    other.send(0)

    upstream.send(1)
    upstream.send(2)
    #expect(recorder.values == [1])

    recorder.request(.max(1))
    #expect(recorder.values == [1, 2])
  }

  @Test func droppedValuesCountAgainstDemand() {
    let upstream = TestPublisher<Int, Never>()
    let other = TestPublisher<Int, Never>()
    let recorder = upstream.drop(untilOutputFrom: other).record(demand: .max(2))
    #expect(other.requests == [.max(1)])
    #expect(upstream.requests == [.max(2)])

    upstream.send(1)
    other.send(0)
    upstream.send(2)
    upstream.send(3)

    #expect(recorder.values == [2])
  }

  @Test func theOtherPublisherCompletingFirstCompletesTheResult() {
    let upstream = TestPublisher<Int, TestError>()
    let other = TestPublisher<Int, TestError>()
    let recorder = upstream.drop(untilOutputFrom: other).record()

    other.send(completion: .failure(TestError(code: 5)))

    #expect(recorder.events == [.subscription, .failure(TestError(code: 5))])
    #expect(upstream.cancellations == 1)

    let finishing = TestPublisher<Int, TestError>()
    let finished = upstream.drop(untilOutputFrom: finishing).record()
    finishing.send(completion: .finished)
    #expect(finished.events == [.subscription, .finished])
  }

  @Test func passesTheUpstreamCompletionAndCancelsTheOther() {
    let upstream = TestPublisher<Int, TestError>()
    let other = TestPublisher<Int, TestError>()
    let recorder = upstream.drop(untilOutputFrom: other).record()

    upstream.send(completion: .failure(TestError(code: 6)))

    #expect(recorder.events == [.subscription, .failure(TestError(code: 6))])
    #expect(other.cancellations == 1)
  }

  @Test func passesACompletionBeforeTheUpstreamSubscriptionAsCombineDoes() {
    let upstream = LatePublisher<Int, TestError>("upstream", log: EventLog())
    let other = TestPublisher<Int, TestError>()
    let recorder = upstream.drop(untilOutputFrom: other).record()

    upstream.send(completion: .failure(TestError(code: 6)))
    #expect(recorder.events == [.subscription, .failure(TestError(code: 6))])
    #expect(other.cancellations == 1)
    // The subscription that comes after the end is cancelled.
    upstream.giveSubscription()
    #expect(upstream.subscription.calls == [.cancel])
  }

  @Test func cancelReachesBothPublishers() {
    let upstream = TestPublisher<Int, Never>()
    let other = TestPublisher<Int, Never>()
    let recorder = upstream.drop(untilOutputFrom: other).record()
    recorder.cancel()
    #expect(upstream.cancellations == 1)
    #expect(other.cancellations == 1)
  }

  @Test func toleratesRequestAndCancelFromInsideReceive() {
    let requesting = [1, 2, 3].publisher.drop(untilOutputFrom: Just(0)).record(demand: .max(1)) { _, recorder in
      recorder.request(.max(1))
      return .none
    }
    #expect(requesting.events == [.subscription, .value(1), .value(2), .value(3), .finished])

    let cancelling = [1, 2, 3].publisher.drop(untilOutputFrom: Just(0)).record { _, recorder in
      recorder.cancel()
      return .none
    }
    #expect(cancelling.events == [.subscription, .value(1)])
  }

  @Test func releasesTheSubscriberAfterCompletionAndOnCancel() throws {
    try expectReleasesAfterCompletionAndOnCancel(
      completing: Just(1).drop(untilOutputFrom: Just(0)),
      cancelled: TestPublisher<Int, Never>().drop(untilOutputFrom: TestPublisher<Int, Never>())
    )
  }

  @Test func requestingNoDemandPassesItToTheUpstream() throws {
    // Combine accepts request(.none) here, and passes it on.
    let upstream = TestPublisher<Int, Never>()
    let probe = LifetimeProbe<Int, Never>(demand: .max(1))
    upstream.drop(untilOutputFrom: Just(0)).subscribe(probe)

    try #require(probe.subscription).request(.none)

    #expect(upstream.requests == [.max(1), .none])
  }

  @Test func sendsNoRequestToAnUpstreamThatFinished() throws {
    // Deliberate: Combine keeps the finished upstream and still passes it
    // the requests made after the end.
    let upstream = TestPublisher<Int, Never>()
    let probe = LifetimeProbe<Int, Never>(demand: .max(1))
    upstream.drop(untilOutputFrom: Just(0)).subscribe(probe)
    upstream.send(completion: .finished)

    try #require(probe.subscription).request(.max(1))

    #expect(probe.isCompleted)
    #expect(upstream.requests == [.max(1)])
  }
}
