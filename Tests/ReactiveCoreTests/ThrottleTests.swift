import ReactiveCore
import Testing
import TraitsTesting

@Suite struct ThrottleTests {
  /// Sends 1 at 0s, 2 at 0.25s, 3 at 0.5s, then 4 at 2s, and finishes at 2.25s;
  /// returns the values and the completion seen after each step.
  private func run(latest: Bool) -> [[RecordingSubscriber<Int, TestError>.Event]] {
    let upstream = TimeUpstream()
    let scheduler = VirtualTimeScheduler()
    let recorder = upstream.throttle(for: .seconds(1), scheduler: scheduler, latest: latest).record()
    var seen: [[RecordingSubscriber<Int, TestError>.Event]] = []
    upstream.send(1)
    scheduler.advance()
    seen.append(recorder.events)  // the first value goes out at once
    scheduler.advance(by: .milliseconds(250))
    upstream.send(2)
    scheduler.advance(by: .milliseconds(250))
    upstream.send(3)
    scheduler.advance(by: .milliseconds(500) - 1)
    seen.append(recorder.events)  // just before the window ends
    scheduler.advance(by: 1)
    seen.append(recorder.events)  // at 1s
    scheduler.advance(by: second)
    upstream.send(4)  // at 2s, after a quiet window: at once
    upstream.send(completion: .finished)
    scheduler.advance()
    seen.append(recorder.events)
    return seen
  }

  @Test func publishesTheFirstValueAtOnceThenTheLatestOfEachWindow() {
    #expect(
      run(latest: true) == [
        [.subscription, .value(1)],
        [.subscription, .value(1)],
        [.subscription, .value(1), .value(3)],
        [.subscription, .value(1), .value(3), .value(4), .finished],
      ]
    )
  }

  @Test func publishesTheFirstValueOfEachWindowWhenNotLatest() {
    #expect(
      run(latest: false) == [
        [.subscription, .value(1)],
        [.subscription, .value(1)],
        [.subscription, .value(1), .value(2)],
        [.subscription, .value(1), .value(2), .value(4), .finished],
      ]
    )
  }

  @Test func dropsValuesThatArriveWithoutDemand() {
    let upstream = TimeUpstream()
    let scheduler = VirtualTimeScheduler()
    let recorder = upstream.throttle(for: .seconds(1), scheduler: scheduler, latest: true).record(demand: .none)
    #expect(upstream.requests == [.unlimited])
    upstream.send(1)
    recorder.request(.max(1))
    upstream.send(2)
    scheduler.advance(by: second * 2)
    upstream.send(3)
    scheduler.advance(by: second * 2)
    #expect(recorder.events == [.subscription, .value(2)])
  }

  @Test func cancelDropsTheScheduledValueAndReachesTheUpstream() {
    let upstream = TimeUpstream()
    let scheduler = VirtualTimeScheduler()
    let recorder = upstream.throttle(for: .seconds(1), scheduler: scheduler, latest: true).record()
    upstream.send(1)
    recorder.cancel()
    scheduler.advance(by: second)
    #expect(recorder.events == [.subscription])
    #expect(upstream.cancellations == 1)
  }

  @Test func releasesTheDownstream() throws {
    let make = { (upstream: TimeUpstream, scheduler: VirtualTimeScheduler) in
      upstream.throttle(for: .seconds(1), scheduler: scheduler, latest: true)
    }
    try expectReleasesDownstream(make, end: finishTimeUpstream)
    try expectReleasesDownstream(make, end: cancelTimeSubscription)
  }
}
