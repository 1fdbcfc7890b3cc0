import ReactiveCore
import Testing
import TraitsTesting

/// Every time operator traps on `request(.none)`, with the same message.
@Suite struct TimeOperatorTrapTests {
  /// Subscribes a probe without demand to the operator built on a fresh
  /// upstream and a virtual scheduler, then requests `.none`.
  private static func requestNone<P: Publisher>(_ make: (TimeUpstream, VirtualTimeScheduler) -> P) {
    let probe = LifetimeProbe<P.Output, P.Failure>(demand: .none)
    make(TimeUpstream(), VirtualTimeScheduler()).subscribe(probe)
    probe.subscription?.request(.none)
  }

  @Test func receiveOn() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      Self.requestNone { upstream, scheduler in upstream.receive(on: scheduler) }
    }
    #expect(result.standardErrorText.contains("API violation: demand must be greater than zero"))
  }

  @Test func subscribeOn() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      Self.requestNone { upstream, _ in upstream.subscribe(on: ImmediateScheduler.shared) }
    }
    #expect(result.standardErrorText.contains("API violation: demand must be greater than zero"))
  }

  @Test func delay() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      Self.requestNone { upstream, scheduler in upstream.delay(for: .seconds(1), scheduler: scheduler) }
    }
    #expect(result.standardErrorText.contains("API violation: demand must be greater than zero"))
  }

  @Test func timeout() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      Self.requestNone { upstream, scheduler in upstream.timeout(.seconds(1), scheduler: scheduler) }
    }
    #expect(result.standardErrorText.contains("API violation: demand must be greater than zero"))
  }

  @Test func debounce() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      Self.requestNone { upstream, scheduler in upstream.debounce(for: .seconds(1), scheduler: scheduler) }
    }
    #expect(result.standardErrorText.contains("API violation: demand must be greater than zero"))
  }

  @Test func throttle() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      Self.requestNone { upstream, scheduler in upstream.throttle(for: .seconds(1), scheduler: scheduler, latest: true)
      }
    }
    #expect(result.standardErrorText.contains("API violation: demand must be greater than zero"))
  }

  @Test func measureInterval() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      Self.requestNone { upstream, scheduler in upstream.measureInterval(using: scheduler) }
    }
    #expect(result.standardErrorText.contains("API violation: demand must be greater than zero"))
  }

  @Test func collectByTime() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      Self.requestNone { upstream, scheduler in upstream.collect(.byTime(scheduler, .seconds(1))) }
    }
    #expect(result.standardErrorText.contains("API violation: demand must be greater than zero"))
  }

  @Test func buffer() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      Self.requestNone { upstream, _ in upstream.buffer(size: 2, prefetch: .byRequest, whenFull: .dropOldest) }
    }
    #expect(result.standardErrorText.contains("API violation: demand must be greater than zero"))
  }
}
