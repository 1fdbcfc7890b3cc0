import ReactiveCore
import Testing
import TraitsTesting

private struct Boom: Error, Equatable {}

@Suite struct MarbleHotPublisherTests {
  @Test func playsOnceFromItsCreationToWhoeverIsSubscribed() {
    let scheduler = VirtualTimeScheduler()
    let publisher = scheduler.hot("--a--b--|", values: ["a": 1, "b": 2])

    let early = publisher.record()
    scheduler.advance(by: .seconds(3))
    let late = scheduler.recordMarbles(of: publisher)
    scheduler.advance(by: .seconds(5))

    #expect(early.events == [.subscription, .value(1), .value(2), .finished])
    #expect(late.render(values: ["b": 2]) == "--b--|")
  }

  @Test func startsAtTheSchedulersTimeAtCreation() {
    let scheduler = VirtualTimeScheduler()
    scheduler.advance(by: .seconds(10))

    let publisher = scheduler.hot("-a", values: ["a": 1])
    let recorder = scheduler.recordMarbles(of: publisher)
    scheduler.advance(by: .seconds(1))

    #expect(publisher.origin == scheduler.now.advanced(by: .seconds(-1)))
    #expect(recorder.timedEvents == [.init(time: .seconds(1), event: .value(1))])
  }

  @Test func neverSendsTheEventsBeforeTheSubscriptionPoint() {
    let scheduler = VirtualTimeScheduler()
    let publisher = scheduler.hot("-a-^-b-|", values: ["a": 1, "b": 2])
    #expect(scheduler.scheduledActionCount == 2)

    let recorder = scheduler.recordMarbles(of: publisher)
    scheduler.advance(by: .seconds(4))

    #expect(
      recorder.timedEvents == [.init(time: .seconds(2), event: .value(2)), .init(time: .seconds(4), event: .finished)]
    )
  }

  @Test func dropsTheValuesSentWhileASubscriberHasNoDemand() {
    let scheduler = VirtualTimeScheduler()
    let publisher = scheduler.hot("-a-b-c-|", values: ["a": 1, "b": 2, "c": 3])
    let recorder = publisher.record(demand: .none)

    scheduler.advance(by: .seconds(2))
    recorder.request(.max(1))
    scheduler.advance(by: .seconds(5))

    #expect(recorder.events == [.subscription, .value(2), .finished])
  }

  @Test func givesALateSubscriberTheCompletionAtOnce() {
    let scheduler = VirtualTimeScheduler()
    let publisher = scheduler.hot("-x", values: [Character: Int](), error: Boom())
    scheduler.advance(by: .seconds(1))

    #expect(publisher.record().events == [.subscription, .failure(Boom())])
  }

  @Test func sharesOneTimelineBetweenCopiesAndSubscribers() {
    let scheduler = VirtualTimeScheduler()
    let publisher = scheduler.hot("-a-(b|)", values: ["a": 1, "b": 2])
    let copy = publisher

    let first = publisher.record()
    let second = copy.record()
    #expect(scheduler.scheduledActionCount == 2)
    scheduler.advance(by: .seconds(3))

    #expect(first.events == [.subscription, .value(1), .value(2), .finished])
    #expect(second.events == first.events)
  }

  @Test func cancellingReleasesOnlyThatSubscriber() {
    let scheduler = VirtualTimeScheduler()
    let publisher = scheduler.hot("-a-b", values: ["a": 1, "b": 2])
    let cancelled = publisher.record()
    let kept = publisher.record()

    scheduler.advance(by: .seconds(1))
    cancelled.cancel()
    scheduler.advance(by: .seconds(2))

    #expect(cancelled.events == [.subscription, .value(1)])
    #expect(kept.events == [.subscription, .value(1), .value(2)])
  }
}
