import ReactiveCore
import Testing
import TraitsTesting

@Suite struct MeasureIntervalTests {
  @Test func publishesTheTimeSinceThePreviousValue() {
    let upstream = TimeUpstream()
    let scheduler = VirtualTimeScheduler()
    let recorder = upstream.measureInterval(using: scheduler).record()
    scheduler.advance(by: second * 2)
    upstream.send(1)
    scheduler.advance(by: .milliseconds(500))
    upstream.send(2)
    upstream.send(3)
    upstream.send(completion: .finished)
    #expect(
      recorder.events == [.subscription, .value(second * 2), .value(.milliseconds(500)), .value(.zero), .finished]
    )
  }

  @Test func passesDemandAndCancelThrough() {
    let upstream = TimeUpstream()
    let recorder = upstream.measureInterval(using: VirtualTimeScheduler()).record(demand: .max(1)) { _, _ in .max(2) }
    // As in Combine, the further demand is requested, not returned.
    #expect(upstream.send(1) == .none)
    #expect(upstream.requests == [.max(1), .max(2)])
    recorder.cancel()
    #expect(upstream.requests == [.max(1), .max(2)])
    #expect(upstream.cancellations == 1)
  }

  @Test func releasesTheDownstream() throws {
    let make = { (upstream: TimeUpstream, scheduler: VirtualTimeScheduler) in upstream.measureInterval(using: scheduler)
    }
    try expectReleasesDownstream(make, end: finishTimeUpstream)
    try expectReleasesDownstream(make, end: cancelTimeSubscription)
  }

  @Test func readsTheClockOnlyWhileSubscribedAsCombineDoes() {
    let upstream = TimeUpstream()
    let scheduler = CallLogScheduler()
    let recorder = upstream.measureInterval(using: scheduler).record()
    #expect(scheduler.calls == [.now])  // the subscription starts the first interval
    scheduler.advance(by: .nanoseconds(11))
    upstream.send(1)
    recorder.cancel()
    upstream.send(2)
    upstream.send(completion: .finished)

    #expect(recorder.events == [.subscription, .value(.nanoseconds(11))])
    #expect(scheduler.calls == [.now, .now])
  }
}
