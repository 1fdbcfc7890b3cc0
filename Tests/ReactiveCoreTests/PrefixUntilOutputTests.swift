import ReactiveCore
import Testing
import TraitsTesting

@Suite struct PrefixUntilOutputTests {
  @Test func subscribesTheTriggerThenTheUpstreamWhoseSubscriptionGivesTheSubscriberItsOwn() {
    let log = EventLog()
    let upstream = LatePublisher<Int, Never>("upstream", log: log)
    let trigger = LatePublisher<Int, Never>("trigger", log: log)
    let recorder = upstream.prefix(untilOutputFrom: trigger)
      .handleEvents(receiveSubscription: { _ in log.append("downstream subscription") })
      .record()

    trigger.giveSubscription()
    #expect(recorder.events == [])
    upstream.giveSubscription()

    #expect(
      log.all == [
        "subscribe trigger", "subscribe upstream", "subscription trigger", "subscription upstream",
        "downstream subscription",
      ]
    )
    #expect(trigger.subscription.requests == [.max(1)])
    #expect(upstream.subscription.requests == [.unlimited])
  }

  @Test func aTriggerBeforeTheUpstreamSubscriptionGivesTheSubscriberItsSubscriptionThenFinishes() {
    // Combine sends the completion alone, without a subscription first.
    let upstream = LatePublisher<Int, Never>("upstream", log: EventLog())
    let trigger = TestPublisher<Int, Never>()
    let recorder = upstream.prefix(untilOutputFrom: trigger).record()

    _ = trigger.send(0)
    upstream.giveSubscription()

    #expect(recorder.events == [.subscription, .finished])
    #expect(upstream.subscription.cancels == 1)
    #expect(trigger.cancellations == 0)
  }

  @Test func aCompletionBeforeTheUpstreamSubscriptionCancelsTheTriggerAndFinishes() {
    // Combine cancels the trigger too, but sends the subscriber nothing.
    let upstream = LatePublisher<Int, Never>("upstream", log: EventLog())
    let trigger = TestPublisher<Int, Never>()
    let recorder = upstream.prefix(untilOutputFrom: trigger).record()

    upstream.send(completion: .finished)
    #expect(recorder.events == [.subscription, .finished])
    #expect(trigger.cancellations == 1)
    // The subscription that comes after the end is cancelled.
    upstream.giveSubscription()
    #expect(upstream.subscription.calls == [.cancel])
    #expect(recorder.events == [.subscription, .finished])
  }

  @Test func republishesValuesUntilTheOtherPublisherEmits() {
    let upstream = TestPublisher<Int, TestError>()
    let other = TestPublisher<String, Never>()
    let recorder = upstream.prefix(untilOutputFrom: other).record()

    upstream.send(1)
    upstream.send(2)
    other.send("stop")
    upstream.send(3)

    #expect(recorder.events == [.subscription, .value(1), .value(2), .finished])
    #expect(upstream.cancellations == 1)
    #expect(other.cancellations == 0)  // as in Combine: released, not cancelled
  }

  @Test func cancelsTheUpstreamBeforeFinishing() {
    let log = EventLog()
    let upstream = TestPublisher<Int, Never>()
    let other = TestPublisher<Int, Never>()
    let cancellable =
      upstream
      .handleEvents(receiveCancel: { log.append("cancel upstream") })
      .prefix(untilOutputFrom: other)
      .sink(receiveCompletion: { _ in log.append("finished") }, receiveValue: { _ in })

    other.send(0)

    #expect(log.all == ["cancel upstream", "finished"])
    cancellable.cancel()
  }

  @Test func asksTheOtherPublisherForOneValueAndPassesDemandUpstream() {
    let upstream = TestPublisher<Int, Never>()
    let other = TestPublisher<Int, Never>()
    let recorder = upstream.prefix(untilOutputFrom: other).record(demand: .max(2)) { _, _ in .max(1) }
    #expect(other.requests == [.max(1)])
    #expect(upstream.requests == [.max(2)])

    let returned = upstream.send(1)
    recorder.request(.max(3))

    // As in Combine: the demand downstream returns is receive(_:)'s result.
    #expect(returned == .max(1))
    #expect(upstream.requests == [.max(2), .max(3)])
  }

  @Test func neverDeliversMoreThanDemandedWhenTheUpstreamIgnoresDemand() {
    let upstream = TestPublisher<Int, Never>()
    let recorder = upstream.prefix(untilOutputFrom: TestPublisher<Int, Never>()).record(demand: .max(1))

    upstream.send(1)
    upstream.send(2)
    #expect(recorder.values == [1])

    recorder.request(.max(1))
    #expect(recorder.values == [1, 2])
  }

  @Test func ignoresTheOtherPublisherCompletingWithoutAValue() {
    let upstream = TestPublisher<Int, Never>()
    let other = TestPublisher<Int, TestError>()
    let recorder = upstream.prefix(untilOutputFrom: other).record()

    other.send(completion: .failure(TestError()))
    upstream.send(1)
    upstream.send(completion: .finished)

    #expect(recorder.events == [.subscription, .value(1), .finished])
  }

  @Test func anImmediateOutputFinishesAtOnce() {
    let upstream = TestPublisher<Int, Never>()
    let recorder = upstream.prefix(untilOutputFrom: Just(0)).record()
    #expect(recorder.events == [.subscription, .finished])
    #expect(upstream.cancellations == 1)
  }

  @Test func passesTheUpstreamCompletionAndCancelsTheOther() {
    let upstream = TestPublisher<Int, TestError>()
    let other = TestPublisher<Int, Never>()
    let recorder = upstream.prefix(untilOutputFrom: other).record()

    upstream.send(completion: .failure(TestError(code: 4)))

    #expect(recorder.events == [.subscription, .failure(TestError(code: 4))])
    #expect(other.cancellations == 1)
  }

  @Test func cancelReachesBothPublishers() {
    let upstream = TestPublisher<Int, Never>()
    let other = TestPublisher<Int, Never>()
    let recorder = upstream.prefix(untilOutputFrom: other).record()
    recorder.cancel()
    #expect(upstream.cancellations == 1)
    #expect(other.cancellations == 1)
  }

  @Test func toleratesRequestAndCancelFromInsideReceive() {
    let other = TestPublisher<Int, Never>()
    let requesting = [1, 2, 3].publisher.prefix(untilOutputFrom: other).record(demand: .max(1)) { _, recorder in
      recorder.request(.max(1))
      return .none
    }
    #expect(requesting.events == [.subscription, .value(1), .value(2), .value(3), .finished])

    let cancelling = [1, 2, 3].publisher.prefix(untilOutputFrom: other).record { _, recorder in
      recorder.cancel()
      return .none
    }
    #expect(cancelling.events == [.subscription, .value(1)])
  }

  @Test func releasesTheSubscriberAfterCompletionAndOnCancel() throws {
    let other = TestPublisher<Int, Never>()
    try expectReleasesAfterCompletionAndOnCancel(
      completing: Just(1).prefix(untilOutputFrom: other),
      cancelled: TestPublisher<Int, Never>().prefix(untilOutputFrom: other)
    )
  }

  @Test func requestingNoDemandPassesItToTheUpstream() throws {
    // Combine accepts request(.none) here, and passes it on.
    let upstream = TestPublisher<Int, Never>()
    let probe = LifetimeProbe<Int, Never>(demand: .max(1))
    upstream.prefix(untilOutputFrom: TestPublisher<Int, Never>()).subscribe(probe)

    try #require(probe.subscription).request(.none)

    #expect(upstream.requests == [.max(1), .none])
  }

  @Test func aTriggerRacingValuesEndsTheResultWithinTheContract() {
    for _ in 0..<200 {
      let upstream = PassthroughSubject<Int, Never>()
      let other = PassthroughSubject<Void, Never>()
      let checker = ContractChecker<Int, Never>()
      upstream.prefix(untilOutputFrom: other).subscribe(checker)

      Race(threads: 2).run { thread, race in
        race.meet()
        if thread == 0 {
          for value in 0..<30 { upstream.send(value) }
        } else {
          other.send(())
        }
      }

      #expect(checker.violations == [])
      #expect(checker.completions.count == 1)
      #expect(checker.values == Array(0..<checker.values.count))
    }
  }
}
