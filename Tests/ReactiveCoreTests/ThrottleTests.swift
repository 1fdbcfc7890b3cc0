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

  @Test func readsTheClockAndSchedulesAsCombineDoes() {
    let upstream = TimeUpstream()
    let scheduler = CallLogScheduler()
    let recorder = upstream.throttle(for: .seconds(10), scheduler: scheduler, latest: true).record()
    #expect(scheduler.calls == [.now, .now])  // the subscriber's creation, its subscription

    upstream.send(1)  // first value: published as soon as possible
    upstream.send(2)  // while an emission is scheduled: replaces 1
    scheduler.advance()  // publishes 2, which starts a window
    scheduler.advance(by: .seconds(4))
    upstream.send(3)  // within the window: at its end
    upstream.send(completion: .finished)  // right after 3
    scheduler.advance(by: .seconds(6))
    upstream.send(4)  // after the completion: ignored

    #expect(recorder.events == [.subscription, .value(2), .value(3), .finished])
    #expect(
      scheduler.calls == [
        .now, .now,
        .now, .schedule(options: nil),
        .now,
        .now,  // the emission of 2 alone
        .now, .minimumTolerance, .scheduleAfter(.init(10_000_000_000), tolerance: .nanoseconds(7), options: nil),
        .now,  // the completion; the emission of 3 with it reads nothing
      ]
    )
  }

  @Test func readsTheClockForAValueWithoutDemandAndNothingAfterCancelAsCombineDoes() {
    let upstream = TimeUpstream()
    let scheduler = CallLogScheduler()
    let recorder = upstream.throttle(for: .seconds(10), scheduler: scheduler, latest: true).record(demand: .max(1))
    upstream.send(1)
    scheduler.advance()
    upstream.send(2)  // no demand left: dropped, after reading the clock
    recorder.cancel()
    upstream.send(3)
    upstream.send(completion: .finished)
    scheduler.advance(by: .seconds(20))

    #expect(recorder.events == [.subscription, .value(1)])
    #expect(scheduler.calls == [.now, .now, .now, .schedule(options: nil), .now, .now])
  }

  @Test func schedulesACompletionAloneAtOnceAsCombineDoes() {
    let upstream = TimeUpstream()
    let scheduler = CallLogScheduler()
    let recorder = upstream.throttle(for: .seconds(10), scheduler: scheduler, latest: false).record()
    upstream.send(completion: .failure(TestError()))
    #expect(recorder.events == [.subscription])
    scheduler.advance()
    #expect(recorder.events == [.subscription, .failure(TestError())])
    #expect(scheduler.calls == [.now, .now, .now, .schedule(options: nil)])
  }
}
