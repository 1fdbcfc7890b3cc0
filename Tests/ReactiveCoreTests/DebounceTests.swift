import Foundation
import ReactiveCore
import SharedMachinery
import Testing
import TraitsTesting

@Suite struct DebounceTests {
  @Test func publishesTheLatestValueOnceTheUpstreamSettles() {
    let upstream = TimeUpstream()
    let scheduler = VirtualTimeScheduler()
    let recorder = upstream.debounce(for: .seconds(1), scheduler: scheduler).record()
    #expect(upstream.requests == [.unlimited])

    upstream.send(1)
    scheduler.advance(by: .milliseconds(500))
    upstream.send(2)  // at 0.5s: due at 1.5s
    scheduler.advance(by: second - 1)
    #expect(recorder.events == [.subscription])
    scheduler.advance(by: 1)
    #expect(recorder.events == [.subscription, .value(2)])
    #expect(scheduler.scheduledActionCount == 0)
  }

  @Test func dropsAValueThatComesDueWithoutDemand() {
    let upstream = TimeUpstream()
    let scheduler = VirtualTimeScheduler()
    let recorder = upstream.debounce(for: .seconds(1), scheduler: scheduler).record(demand: .none)
    upstream.send(1)
    scheduler.advance(by: second)
    recorder.request(.max(1))
    upstream.send(2)
    scheduler.advance(by: second)
    #expect(recorder.events == [.subscription, .value(2)])
  }

  @Test func dropsTheWaitingValueWhenTheUpstreamCompletesAsCombineDoes() {
    let upstream = TimeUpstream()
    let scheduler = VirtualTimeScheduler()
    let recorder = upstream.debounce(for: .seconds(1), scheduler: scheduler).record()
    upstream.send(1)
    upstream.send(completion: .failure(TestError(code: 3)))
    #expect(recorder.events == [.subscription])
    scheduler.advance()
    #expect(recorder.events == [.subscription, .failure(TestError(code: 3))])
    scheduler.advance(by: second * 2)
    #expect(recorder.events == [.subscription, .failure(TestError(code: 3))])
  }

  @Test func cancelStopsTheClockAndReachesTheUpstream() {
    expectCancelStopsTheTimerAndReachesTheUpstream { upstream, scheduler in
      upstream.debounce(for: .seconds(1), scheduler: scheduler)
    }
  }

  @Test func releasesTheDownstream() throws {
    let make = { (upstream: TimeUpstream, scheduler: VirtualTimeScheduler) in
      upstream.debounce(for: .seconds(1), scheduler: scheduler)
    }
    try expectReleasesDownstream(make, end: finishTimeUpstream)
    try expectReleasesDownstream(make, end: cancelTimeSubscription)
  }

  /// A value's deinit may call back into the subscription; the value a newer
  /// one overwrites is therefore released after the lock. From the deinit,
  /// another thread asks for demand, which takes the lock: it gets it at once
  /// only if the lock is free (bounded wait: the old code fails in 10 s).
  @Test func releasesAnOverwrittenValueAfterItsLock() throws {
    final class Released: Sendable {
      let onDeinit: @Sendable () -> Void
      init(onDeinit: @escaping @Sendable () -> Void) { self.onDeinit = onDeinit }
      deinit { onDeinit() }
    }
    let subject = PassthroughSubject<Released, Never>()
    let scheduler = VirtualTimeScheduler()
    let (recorder, subscription) = try recordKeepingSubscription(
      subject.debounce(for: .seconds(1), scheduler: scheduler)
    )
    let shared = UncheckedSendable(subscription)
    let lockWasFree = Lock<Bool?>(nil)
    subject.send(
      Released {
        let requested = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
          shared.value.request(.max(1))
          requested.signal()
        }
        let free = requested.wait(timeout: .now() + 10) == .success
        lockWasFree.withLock { $0 = free }
      }
    )
    subject.send(Released {})
    #expect(lockWasFree.withLock { $0 } == true)
    scheduler.advance(by: second)
    #expect(recorder.values.count == 1)
  }

  @Test func schedulesItsTimersWithTheOptionsAndTheCompletionWithoutAsCombineDoes() {
    let upstream = TimeUpstream()
    let scheduler = CallLogScheduler()
    let options = CallLogScheduler.Options(name: "debounce")
    let recorder = upstream.debounce(for: .nanoseconds(13), scheduler: scheduler, options: options).record()
    #expect(scheduler.calls == [])

    upstream.send(1)
    scheduler.advance(by: .nanoseconds(4))
    upstream.send(2)
    scheduler.advance(by: .nanoseconds(200))
    upstream.send(completion: .finished)
    scheduler.advance()

    #expect(recorder.events == [.subscription, .value(2), .finished])
    #expect(
      scheduler.calls == [
        .now, .minimumTolerance,
        .scheduleRepeating(.init(13), interval: .nanoseconds(13), tolerance: .nanoseconds(7), options: options),
        .now, .minimumTolerance,
        .scheduleRepeating(.init(17), interval: .nanoseconds(13), tolerance: .nanoseconds(7), options: options),
        .schedule(options: nil),
      ]
    )
  }
}
