import ReactiveCore
import Testing
import TraitsTesting

/// `request(.none)` on a time operator does what Combine does: none of them
/// traps. Those that pass requests through (`receive(on:)`, `delay`,
/// `timeout`, `measureInterval`, `subscribe(on:)`) pass `.none` on, and the
/// upstream decides; those that count the demand themselves (`debounce`,
/// `throttle`, `buffer`, `collect(.byTime)`) add nothing.
@Suite struct TimeOperatorZeroDemandTests {
  /// Subscribes a probe without demand to the operator built on a fresh
  /// upstream and a virtual scheduler, requests `.none`, and returns what
  /// the upstream was asked before and after.
  private static func requestNone<P: Publisher>(
    _ make: (TimeUpstream, VirtualTimeScheduler) -> P
  ) -> (before: [Subscribers.Demand], after: [Subscribers.Demand], completed: Bool) {
    let upstream = TimeUpstream()
    let scheduler = VirtualTimeScheduler()
    let probe = LifetimeProbe<P.Output, P.Failure>(demand: .none)
    make(upstream, scheduler).subscribe(probe)
    scheduler.advance()
    let before = upstream.requests
    probe.subscription?.request(.none)
    scheduler.advance()
    return (before, upstream.requests, probe.isCompleted)
  }

  @Test func receiveOnPassesItOn() {
    let result = Self.requestNone { upstream, scheduler in upstream.receive(on: scheduler) }
    #expect(result.after == result.before + [.none])
    #expect(!result.completed)
  }

  @Test func subscribeOnPassesItOnOnTheScheduler() {
    let result = Self.requestNone { upstream, scheduler in upstream.subscribe(on: scheduler) }
    #expect(result.after == result.before + [.none])
    #expect(!result.completed)
  }

  @Test func delayPassesItOn() {
    let result = Self.requestNone { upstream, scheduler in upstream.delay(for: .seconds(1), scheduler: scheduler) }
    #expect(result.after == result.before + [.none])
    #expect(!result.completed)
  }

  @Test func timeoutPassesItOn() {
    let result = Self.requestNone { upstream, scheduler in upstream.timeout(.seconds(1), scheduler: scheduler) }
    #expect(result.after == result.before + [.none])
    #expect(!result.completed)
  }

  @Test func measureIntervalPassesItOn() {
    let result = Self.requestNone { upstream, scheduler in upstream.measureInterval(using: scheduler) }
    #expect(result.after == result.before + [.none])
    #expect(!result.completed)
  }

  @Test func debounceAddsNothing() {
    let result = Self.requestNone { upstream, scheduler in upstream.debounce(for: .seconds(1), scheduler: scheduler) }
    #expect(result.after == result.before)
    #expect(!result.completed)
  }

  @Test func throttleAddsNothing() {
    let result = Self.requestNone { upstream, scheduler in
      upstream.throttle(for: .seconds(1), scheduler: scheduler, latest: true)
    }
    #expect(result.after == result.before)
    #expect(!result.completed)
  }

  @Test func collectByTimeAddsNothing() {
    let result = Self.requestNone { upstream, scheduler in upstream.collect(.byTimeOrCount(scheduler, .seconds(1), 2)) }
    #expect(result.after == result.before)
    #expect(!result.completed)
  }

  @Test func bufferAddsNothing() {
    let result = Self.requestNone { upstream, _ in upstream.buffer(size: 2, prefetch: .byRequest, whenFull: .dropOldest)
    }
    #expect(result.after == result.before)
    #expect(!result.completed)
  }

  @Test func aLaterDemandStillCounts() {
    let upstream = TimeUpstream()
    let scheduler = VirtualTimeScheduler()
    let recorder = upstream.debounce(for: .seconds(1), scheduler: scheduler).record(demand: .none)
    recorder.request(.none)
    recorder.request(.max(1))
    _ = upstream.send(1)
    scheduler.advance(by: .seconds(1))
    #expect(recorder.events == [.subscription, .value(1)])
  }
}
