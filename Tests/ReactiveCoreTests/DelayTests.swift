import ReactiveCore
import Testing
import TraitsTesting

@Suite struct DelayTests {
  @Test func shiftsValuesAndFinishingByTheInterval() {
    let upstream = TimeUpstream()
    let scheduler = VirtualTimeScheduler()
    let recorder = upstream.delay(for: .seconds(2), scheduler: scheduler).record()

    upstream.send(1)  // at 0s
    scheduler.advance(by: second)
    upstream.send(2)  // at 1s
    upstream.send(completion: .finished)
    scheduler.advance(by: second)  // 2s
    #expect(recorder.events == [.subscription, .value(1)])
    scheduler.advance(by: second - 1)
    #expect(recorder.events == [.subscription, .value(1)])
    scheduler.advance(by: 1)  // 3s
    #expect(recorder.events == [.subscription, .value(1), .value(2), .finished])
  }

  @Test func asksTheFinishedUpstreamForTheDemandReturnedFromADelayedValue() {
    // As in Combine (OpenCombine's DelayTests, run against Combine): the
    // demand returned from a value delivered after the upstream's completion
    // is still requested from it; the downstream's own requests are not.
    let upstream = TimeUpstream()
    let scheduler = VirtualTimeScheduler()
    let recorder = upstream.delay(for: .seconds(1), scheduler: scheduler).record(demand: .max(1)) { _, _ in .max(2) }
    upstream.send(1)
    upstream.send(completion: .finished)

    scheduler.advance(by: .seconds(1))
    recorder.request(.max(3))

    #expect(upstream.requests == [.max(1), .max(2)])
    #expect(recorder.events == [.subscription, .value(1), .finished])
  }

  @Test func delaysTheFailureToo() {
    let upstream = TimeUpstream()
    let scheduler = VirtualTimeScheduler()
    let recorder = upstream.delay(for: .seconds(1), scheduler: scheduler).record()

    upstream.send(completion: .failure(TestError(code: 2)))
    scheduler.advance(by: second - 1)
    #expect(recorder.events == [.subscription])
    scheduler.advance(by: 1)
    #expect(recorder.events == [.subscription, .failure(TestError(code: 2))])
  }

  @Test func passesDemandAndCancelToTheUpstreamAndDeliversNothingAfterCancel() {
    let upstream = TimeUpstream()
    let scheduler = VirtualTimeScheduler()
    let recorder = upstream.delay(for: .seconds(1), scheduler: scheduler).record(demand: .max(2)) { _, _ in .max(1) }
    #expect(upstream.requests == [.max(2)])
    upstream.send(1)
    upstream.send(2)
    scheduler.advance(by: second)
    #expect(upstream.requests == [.max(2), .max(1), .max(1)])

    upstream.send(3)
    recorder.cancel()
    scheduler.advance(by: second)

    #expect(upstream.cancellations == 1)
    #expect(recorder.events == [.subscription, .value(1), .value(2)])
  }

  @Test func usesTheSchedulersMinimumToleranceByDefault() {
    let scheduler = VirtualTimeScheduler()
    let delay = Just(1).delay(for: .seconds(1), scheduler: scheduler)
    #expect(delay.tolerance == scheduler.minimumTolerance)
    #expect(delay.interval == second)
  }

  @Test func releasesTheDownstream() throws {
    let make = { (upstream: TimeUpstream, scheduler: VirtualTimeScheduler) in
      upstream.delay(for: .seconds(1), scheduler: scheduler)
    }
    try expectReleasesDownstream(make, end: finishTimeUpstream)
    try expectReleasesDownstream(make, end: cancelTimeSubscription)
  }
}
