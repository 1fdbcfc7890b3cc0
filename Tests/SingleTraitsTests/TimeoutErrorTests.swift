import MaybeTraits
import ReactiveCore
import SingleTraits
import Testing
import TraitsTesting

@Suite struct TimeoutErrorTests {
  @Test func failsWithTheErrorWhenTheUpstreamIsLate() {
    let (scheduler, upstream, recording) = recordedSingleTimingOut()

    scheduler.advance(by: 9)
    #expect(recording.events == [.subscription])
    scheduler.advance(by: 1)

    #expect(recording.events == [.subscription, .failure(TestError(code: 9))])
    #expect(upstream.cancellations == 1)
  }

  @Test func publishesTheValueInTime() {
    let (scheduler, upstream, recording) = recordedSingleTimingOut()

    _ = upstream.send(1)
    upstream.send(completion: .finished)
    scheduler.advance(by: 20)

    #expect(recording.events == [.subscription, .value(1), .finished])
  }

  @Test func anUpstreamFailurePasses() {
    let scheduler = VirtualTimeScheduler()
    let recording = Fail<Int, TestError>(error: TestError(code: 1))
      .timeout(10, scheduler: scheduler, error: { TestError(code: 9) })
      .record()
    scheduler.advance(by: 20)
    #expect(recording.events == [.subscription, .failure(TestError(code: 1))])
  }

  @Test func cancellingReachesTheUpstream() {
    let (scheduler, upstream, recording) = recordedSingleTimingOut()
    recording.cancel()
    scheduler.advance(by: 20)
    #expect(upstream.cancellations == 1)
    #expect(recording.events == [.subscription])
  }

  @Test func isSingle() {
    let scheduler = VirtualTimeScheduler()
    let timed: AnySinglePublisher<Int, TestError> = AnySinglePublisher<Int, TestError>.never()
      .timeout(10, scheduler: scheduler, error: { TestError(code: 9) })
    let outcome = Shared<Result<Int, TestError>?>(nil)
    let cancellable = timed.sinkSingle { outcome.value = $0 }
    scheduler.advance(by: 10)
    #expect(outcome.value == .failure(TestError(code: 9)))
    withExtendedLifetime(cancellable) {}
  }
}

/// A single publisher on a fresh upstream, timed out after 10 on a virtual
/// scheduler with `TestError(code: 9)`, recorded.
private func recordedSingleTimingOut() -> (
  scheduler: VirtualTimeScheduler, upstream: TestPublisher<Int, TestError>,
  recording: RecordingSubscriber<Int, TestError>
) {
  let scheduler = VirtualTimeScheduler()
  let upstream = TestPublisher<Int, TestError>()
  let recording = ForwardSingle(upstream: upstream)
    .timeout(10, scheduler: scheduler, error: { TestError(code: 9) })
    .record()
  return (scheduler, upstream, recording)
}
