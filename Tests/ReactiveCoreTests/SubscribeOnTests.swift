import ReactiveCore
import Testing
import TraitsTesting

@Suite struct SubscribeOnTests {
  @Test func subscribesRequestsAndCancelsOnTheScheduler() {
    let upstream = TimeUpstream()
    let scheduler = VirtualTimeScheduler()
    let recorder = upstream.subscribe(on: scheduler).record(demand: .max(1))
    #expect(upstream.subscriptionCount == 0)
    #expect(recorder.events == [])

    scheduler.advance()  // subscribes, then performs the downstream's request in a second action
    #expect(upstream.subscriptionCount == 1)
    #expect(recorder.events == [.subscription])
    #expect(upstream.requests == [.max(1)])

    upstream.send(1)  // values pass through on the upstream's thread
    recorder.request(.max(2))
    recorder.cancel()
    #expect(upstream.cancellations == 0)
    upstream.send(2)  // after cancel: not delivered
    scheduler.advance()

    // As in Combine, the request queued before the cancel still reaches the
    // upstream, then the cancel does.
    #expect(upstream.requests == [.max(1), .max(2)])
    #expect(upstream.cancellations == 1)
    #expect(recorder.events == [.subscription, .value(1)])
  }

  @Test func aRequestQueuedBeforeTheUpstreamCompletedStillReachesIt() {
    // As in Combine (OpenCombine's SubscribeOnTests, run against Combine): a
    // request handed to the scheduler is performed; one made after the
    // completion is not.
    let upstream = TimeUpstream()
    let scheduler = VirtualTimeScheduler()
    let recorder = upstream.subscribe(on: scheduler).record(demand: .max(1))
    scheduler.advance()

    recorder.request(.max(2))
    upstream.send(completion: .finished)
    recorder.request(.max(3))
    scheduler.advance()

    #expect(upstream.requests == [.max(1), .max(2)])
    #expect(recorder.events == [.subscription, .finished])
  }

  @Test func passesTheCompletionThrough() {
    let upstream = TimeUpstream()
    let scheduler = VirtualTimeScheduler()
    let recorder = upstream.subscribe(on: scheduler).record()
    scheduler.advance()
    upstream.send(completion: .failure(TestError(code: 5)))
    #expect(recorder.events == [.subscription, .failure(TestError(code: 5))])
  }

  @Test func releasesTheDownstream() throws {
    let make = { (upstream: TimeUpstream, scheduler: VirtualTimeScheduler) in upstream.subscribe(on: scheduler) }
    try expectReleasesDownstream(make, end: finishTimeUpstream)
    try expectReleasesDownstream(make, end: cancelTimeSubscription)
  }

  @Test func handsEachRequestAndTheCancelToTheSchedulerInItsOwnActionAsCombineDoes() {
    let upstream = LatePublisher<Int, TestError>("upstream", log: EventLog())
    let scheduler = CallLogScheduler()
    let options = CallLogScheduler.Options(name: "subscribeOn")
    let recorder = upstream.subscribe(on: scheduler, options: options).record(demand: .none)
    scheduler.advance()  // subscribes
    upstream.giveSubscription()
    #expect(recorder.events == [.subscription])

    recorder.request(.max(17))
    recorder.request(.unlimited)
    recorder.cancel()
    recorder.request(.max(1))  // after cancel: not scheduled
    #expect(upstream.subscription.calls == [])
    #expect(scheduler.calls == Array(repeating: .schedule(options: options), count: 4))

    scheduler.advance()
    #expect(upstream.subscription.calls == [.request(.max(17)), .request(.unlimited), .cancel])
  }

  @Test func callsHandedToTheSchedulerReachTheUpstreamEvenIfItCompletesAfterTheCancelAsCombineDoes() {
    let upstream = LatePublisher<Int, TestError>("upstream", log: EventLog())
    let scheduler = CallLogScheduler()
    let recorder = upstream.subscribe(on: scheduler).record(demand: .none)
    scheduler.advance()
    upstream.giveSubscription()

    recorder.request(.max(1))
    recorder.cancel()
    upstream.send(completion: .finished)  // after cancel: not delivered
    scheduler.advance()

    #expect(recorder.events == [.subscription])
    #expect(upstream.subscription.calls == [.request(.max(1)), .cancel])
    #expect(scheduler.calls == Array(repeating: .schedule(options: nil), count: 3))
  }
}
