import Dispatch
import ReactiveCore
import Testing
import TraitsTesting

@Suite struct ReceiveOnTests {
  @Test func deliversValuesAndCompletionWhenTheSchedulerRuns() {
    let upstream = TimeUpstream()
    let scheduler = VirtualTimeScheduler()
    let recorder = upstream.receive(on: scheduler).record()
    #expect(recorder.events == [.subscription])  // the subscription is not moved

    upstream.send(1)
    upstream.send(2)
    upstream.send(completion: .failure(TestError(code: 1)))
    #expect(recorder.events == [.subscription])

    scheduler.advance()
    #expect(recorder.events == [.subscription, .value(1), .value(2), .failure(TestError(code: 1))])
  }

  @Test func sendsRequestsStraightUpAndTheDownstreamsDemandAfterEachValue() {
    let upstream = TimeUpstream()
    let scheduler = VirtualTimeScheduler()
    let recorder = upstream.receive(on: scheduler).record(demand: .max(1)) { _, _ in .max(2) }
    #expect(upstream.requests == [.max(1)])

    upstream.send(1)
    #expect(upstream.requests == [.max(1)])
    scheduler.advance()
    recorder.request(.max(3))

    #expect(upstream.requests == [.max(1), .max(2), .max(3)])
    #expect(recorder.events == [.subscription, .value(1)])
  }

  @Test func asksTheFinishedUpstreamForTheDemandReturnedFromAQueuedValue() {
    // As in Combine (OpenCombine's ReceiveOnTests, run against Combine): the
    // demand returned from a value delivered after the upstream's completion
    // is still requested from it; the downstream's own requests are not.
    let upstream = TimeUpstream()
    let scheduler = VirtualTimeScheduler()
    let recorder = upstream.receive(on: scheduler).record(demand: .max(1)) { _, _ in .max(2) }
    upstream.send(1)
    upstream.send(completion: .finished)

    scheduler.advance()
    recorder.request(.max(3))

    #expect(upstream.requests == [.max(1), .max(2)])
    #expect(recorder.events == [.subscription, .value(1), .finished])
  }

  @Test func cancelReachesTheUpstreamAndDropsScheduledEvents() {
    let upstream = TimeUpstream()
    let scheduler = VirtualTimeScheduler()
    let recorder = upstream.receive(on: scheduler).record()
    upstream.send(1)
    upstream.send(completion: .finished)

    recorder.cancel()
    scheduler.advance()

    #expect(upstream.cancellations == 0)  // the upstream had already finished
    #expect(recorder.events == [.subscription])
  }

  @Test func cancelFromInsideReceiveStopsTheQueuedValues() {
    let upstream = TimeUpstream()
    let scheduler = VirtualTimeScheduler()
    let recorder = upstream.receive(on: scheduler).record { value, recorder in
      if value == 2 { recorder.cancel() }
      return .none
    }
    for value in 1...4 { upstream.send(value) }
    scheduler.advance()

    #expect(upstream.cancellations == 1)
    #expect(recorder.events == [.subscription, .value(1), .value(2)])
  }

  @Test func keepsTheOrderOnAConcurrentScheduler() async throws {
    try await expectReceiveOnKeepsTheOrder(on: ConcurrentTestScheduler())
  }

  @Test func keepsTheOrderOnAConcurrentDispatchQueue() async throws {
    try await expectReceiveOnKeepsTheOrder(on: DispatchQueue(label: "ReceiveOnTests", attributes: .concurrent))
  }

  @Test func releasesTheDownstream() throws {
    try expectReleasesDownstream({ upstream, scheduler in upstream.receive(on: scheduler) }, end: finishTimeUpstream)
    try expectReleasesDownstream(
      { upstream, scheduler in upstream.receive(on: scheduler) },
      end: cancelTimeSubscription
    )
  }
}
