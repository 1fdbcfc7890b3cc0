import ReactiveCore
import Testing
import TraitsTesting

@Suite struct CollectByTimeTests {
  @Test func publishesTheValuesOfEachNonEmptyWindow() {
    let upstream = TimeUpstream()
    let scheduler = VirtualTimeScheduler()
    let recorder = upstream.collect(.byTime(scheduler, .seconds(1))).record()
    #expect(upstream.requests == [.unlimited])

    upstream.send(1)
    upstream.send(2)
    scheduler.advance(by: second - 1)
    #expect(recorder.events == [.subscription])
    scheduler.advance(by: 1)
    #expect(recorder.events == [.subscription, .value([1, 2])])
    scheduler.advance(by: second)  // an empty window publishes nothing
    upstream.send(3)
    upstream.send(completion: .finished)
    #expect(recorder.events == [.subscription, .value([1, 2]), .value([3]), .finished])
    #expect(scheduler.scheduledActionCount == 0)
  }

  @Test func publishesAFullArrayAtOnceAndAsksForCountTimesTheDemand() {
    let upstream = TimeUpstream()
    let scheduler = VirtualTimeScheduler()
    let recorder = upstream.collect(.byTimeOrCount(scheduler, .seconds(1), 2)).record(demand: .max(2))
    #expect(upstream.requests == [.max(4)])

    upstream.send(1)
    upstream.send(2)
    #expect(recorder.events == [.subscription, .value([1, 2])])
    upstream.send(3)
    scheduler.advance(by: second)
    #expect(recorder.events == [.subscription, .value([1, 2]), .value([3])])
  }

  @Test func keepsAReadyArrayUntilTheDownstreamAsks() {
    let upstream = TimeUpstream()
    let scheduler = VirtualTimeScheduler()
    let recorder = upstream.collect(.byTime(scheduler, .seconds(1))).record(demand: .none)
    upstream.send(1)
    scheduler.advance(by: second)
    upstream.send(2)
    scheduler.advance(by: second)
    #expect(recorder.events == [.subscription])
    recorder.request(.max(1))
    #expect(recorder.events == [.subscription, .value([1])])
    upstream.send(completion: .finished)
    recorder.request(.max(1))
    #expect(recorder.events == [.subscription, .value([1]), .value([2]), .finished])
  }

  @Test func dropsTheCollectedValuesOnFailure() {
    let upstream = TimeUpstream()
    let scheduler = VirtualTimeScheduler()
    let recorder = upstream.collect(.byTime(scheduler, .seconds(1))).record()
    upstream.send(1)
    upstream.send(completion: .failure(TestError(code: 4)))
    #expect(recorder.events == [.subscription, .failure(TestError(code: 4))])
  }

  @Test func cancelStopsTheWindowsAndReachesTheUpstream() {
    expectCancelStopsTheTimerAndReachesTheUpstream { upstream, scheduler in
      upstream.collect(.byTime(scheduler, .seconds(1)))
    }
  }

  @Test func releasesTheDownstream() throws {
    let make = { (upstream: TimeUpstream, scheduler: VirtualTimeScheduler) in
      upstream.collect(.byTimeOrCount(scheduler, .seconds(1), 3))
    }
    try expectReleasesDownstream(make, end: finishTimeUpstream)
    try expectReleasesDownstream(make, end: cancelTimeSubscription)
  }
}
