import ReactiveCore
import Testing
import TraitsTesting

@Suite struct TimeoutTests {
  @Test func finishesWhenNothingArrivesWithinTheInterval() {
    let upstream = TimeUpstream()
    let scheduler = VirtualTimeScheduler()
    let recorder = upstream.timeout(.seconds(2), scheduler: scheduler).record()

    scheduler.advance(by: second * 2 - 1)
    #expect(recorder.events == [.subscription])
    scheduler.advance(by: 1)

    #expect(recorder.events == [.subscription, .finished])
    #expect(upstream.cancellations == 1)
    #expect(scheduler.scheduledActionCount == 0)
  }

  @Test func failsWithTheCustomError() {
    let upstream = TimeUpstream()
    let scheduler = VirtualTimeScheduler()
    let recorder = upstream.timeout(.seconds(1), scheduler: scheduler) { TestError(code: 7) }.record()
    scheduler.advance(by: second)
    #expect(recorder.events == [.subscription, .failure(TestError(code: 7))])
  }

  @Test func eachValueRestartsTheClockAndIsDeliveredOnTheScheduler() {
    let upstream = TimeUpstream()
    let scheduler = VirtualTimeScheduler()
    let recorder = upstream.timeout(.seconds(2), scheduler: scheduler).record()

    scheduler.advance(by: second)
    upstream.send(1)  // at 1s: the clock now runs out at 3s
    #expect(recorder.events == [.subscription])
    scheduler.advance(by: second)  // 2s
    #expect(recorder.events == [.subscription, .value(1)])
    scheduler.advance(by: second - 1)
    #expect(recorder.events == [.subscription, .value(1)])
    scheduler.advance(by: 1)  // 3s
    #expect(recorder.events == [.subscription, .value(1), .finished])
  }

  @Test func theUpstreamsCompletionStopsTheClock() {
    let upstream = TimeUpstream()
    let scheduler = VirtualTimeScheduler()
    let recorder = upstream.timeout(.seconds(1), scheduler: scheduler) { TestError(code: 7) }.record()
    upstream.send(1)
    upstream.send(completion: .finished)
    scheduler.advance(by: second * 5)
    #expect(recorder.events == [.subscription, .value(1), .finished])
    #expect(upstream.cancellations == 0)
  }

  @Test func requestsAndCancelReachTheUpstreamUntilItsCompletionIsDelivered() {
    // As in Combine (OpenCombine's TimeoutTests, run against Combine, record
    // the cancel): the completion waits for the scheduler, and meanwhile the
    // downstream's requests and cancel still go to the finished upstream.
    let upstream = TimeUpstream()
    let scheduler = VirtualTimeScheduler()
    let recorder = upstream.timeout(.seconds(1), scheduler: scheduler).record(demand: .max(1))
    upstream.send(completion: .finished)

    recorder.request(.max(2))
    recorder.cancel()
    scheduler.advance(by: second * 5)

    #expect(upstream.requests == [.max(1), .max(2)])
    #expect(upstream.cancellations == 1)
    #expect(recorder.events == [.subscription])
  }

  @Test func theFirstRequestRestartsTheClock() {
    let upstream = TimeUpstream()
    let scheduler = VirtualTimeScheduler()
    let recorder = upstream.timeout(.seconds(2), scheduler: scheduler).record(demand: .none)
    scheduler.advance(by: second)
    recorder.request(.max(1))  // at 1s: runs out at 3s
    scheduler.advance(by: second * 2 - 1)
    #expect(recorder.events == [.subscription])
    scheduler.advance(by: 1)
    #expect(recorder.events == [.subscription, .finished])
  }

  @Test func cancelStopsTheClockAndReachesTheUpstream() {
    let upstream = TimeUpstream()
    let scheduler = VirtualTimeScheduler()
    let recorder = upstream.timeout(.seconds(1), scheduler: scheduler).record()
    upstream.send(1)
    recorder.cancel()
    scheduler.advance(by: second * 3)
    #expect(recorder.events == [.subscription])
    #expect(upstream.cancellations == 1)
    #expect(scheduler.scheduledActionCount == 0)
  }

  @Test func releasesTheDownstreamAfterEachEnding() throws {
    let make = { (upstream: TimeUpstream, scheduler: VirtualTimeScheduler) in
      upstream.timeout(.seconds(1), scheduler: scheduler)
    }
    try expectReleasesDownstream(make, end: finishTimeUpstream)
    try expectReleasesDownstream(make, end: cancelTimeSubscription)
    // The timeout itself ends the stream.
    try expectReleasesDownstream(make, end: { _, _ in })
  }
}
