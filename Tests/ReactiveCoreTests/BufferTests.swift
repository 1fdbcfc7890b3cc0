import ReactiveCore
import Testing
import TraitsTesting

@Suite struct BufferTests {
  @Test func keepFullAsksForTheSizeThenRefillsAsValuesGoOut() {
    let upstream = TimeUpstream()
    let recorder = upstream.buffer(size: 3, prefetch: .keepFull, whenFull: .dropNewest).record(demand: .none)
    #expect(upstream.requests == [.max(3)])
    upstream.send(1)
    upstream.send(2)
    recorder.request(.max(1))
    #expect(recorder.events == [.subscription, .value(1)])
    #expect(upstream.requests == [.max(3), .max(1)])
    #expect(upstream.send(3) == .none)
    recorder.request(.max(5))
    #expect(upstream.requests == [.max(3), .max(1), .max(2)])
    #expect(upstream.send(4) == .max(1))  // delivered at once: refilled at once
    #expect(recorder.events == [.subscription, .value(1), .value(2), .value(3), .value(4)])
  }

  @Test func keepFullStillRefillsFromAFinishedUpstreamUntilTheFinishIsDelivered() {
    // Combine's buffer keeps its upstream subscription until it delivers the
    // completion, as its receive(on:), delay and timeout do: a request the
    // finished upstream ignores.
    let upstream = TimeUpstream()
    let recorder = upstream.buffer(size: 2, prefetch: .keepFull, whenFull: .dropNewest).record(demand: .none)
    upstream.send(1)
    upstream.send(2)
    upstream.send(completion: .finished)

    recorder.request(.max(1))
    #expect(upstream.requests == [.max(2), .max(1)])
    recorder.request(.max(1))
    #expect(upstream.requests == [.max(2), .max(1), .max(1)])
    #expect(recorder.events == [.subscription, .value(1), .value(2)])
    recorder.request(.max(1))  // delivers the finish; nothing is refilled
    #expect(recorder.events == [.subscription, .value(1), .value(2), .finished])
    #expect(upstream.requests == [.max(2), .max(1), .max(1)])
  }

  @Test func byRequestAsksForUnlimited() {
    let upstream = TimeUpstream()
    _ = upstream.buffer(size: 3, prefetch: .byRequest, whenFull: .dropNewest).record(demand: .max(1))
    #expect(upstream.requests == [.unlimited])
  }

  @Test(arguments: [(true, [1, 2]), (false, [2, 3])])
  func dropsAValueWhenFull(dropNewest: Bool, kept: [Int]) {
    let strategy: Publishers.BufferingStrategy<TestError> = dropNewest ? .dropNewest : .dropOldest
    let upstream = TimeUpstream()
    let recorder = upstream.buffer(size: 2, prefetch: .byRequest, whenFull: strategy).record(demand: .none)
    for value in 1...3 { upstream.send(value) }
    upstream.send(completion: .finished)
    #expect(recorder.events == [.subscription])
    recorder.request(.unlimited)
    #expect(recorder.events == [.subscription] + kept.map { .value($0) } + [.finished])
  }

  @Test func customErrorCancelsTheUpstreamAndFailsAfterTheDemandedValues() {
    let upstream = TimeUpstream()
    let recorder = upstream.buffer(size: 2, prefetch: .byRequest, whenFull: .customError { TestError(code: 9) })
      .record(demand: .none)
    for value in 1...3 { upstream.send(value) }
    #expect(upstream.cancellations == 1)
    // As in Combine, the error waits for the next request, which first gets
    // the buffered values it allows.
    #expect(recorder.events == [.subscription])
    recorder.request(.max(1))
    #expect(recorder.events == [.subscription, .value(1), .failure(TestError(code: 9))])
  }

  @Test func customErrorWithKeepFullRequestsNoRefillFromTheUpstreamItCancelled() {
    // Combine asks the cancelled upstream for a refill of the values that
    // go out before the failure (.max(3) here); nothing reaches a cancelled
    // subscription here.
    let upstream = TimeUpstream()
    let recorder = upstream.buffer(size: 5, prefetch: .keepFull, whenFull: .customError { TestError(code: 9) })
      .record(demand: .none)
    for value in 0..<10 { upstream.send(value) }
    #expect(upstream.requests == [.max(5)])
    #expect(upstream.cancellations == 1)

    recorder.request(.max(3))
    recorder.request(.max(1))

    #expect(recorder.events == [.subscription, .value(0), .value(1), .value(2), .failure(TestError(code: 9))])
    #expect(upstream.requests == [.max(5)])
    #expect(upstream.cancellations == 1)
  }

  @Test func finishesOnlyOnceTheBufferIsEmpty() {
    let upstream = TimeUpstream()
    let recorder = upstream.buffer(size: 5, prefetch: .byRequest, whenFull: .dropNewest).record(demand: .max(1))
    upstream.send(1)
    upstream.send(2)
    upstream.send(completion: .finished)
    #expect(recorder.events == [.subscription, .value(1)])
    recorder.request(.max(1))
    // As in Combine, the finish waits for demand once the buffer is empty.
    #expect(recorder.events == [.subscription, .value(1), .value(2)])
    recorder.request(.max(1))
    #expect(recorder.events == [.subscription, .value(1), .value(2), .finished])
  }

  @Test func aFinishWithAnEmptyBufferWaitsForDemand() {
    let upstream = TimeUpstream()
    let recorder = upstream.buffer(size: 5, prefetch: .byRequest, whenFull: .dropNewest).record(demand: .none)
    upstream.send(completion: .finished)
    #expect(recorder.events == [.subscription])
    recorder.request(.max(1))
    #expect(recorder.events == [.subscription, .finished])
  }

  @Test func deliversAFailureWithoutWaitingForDemand() {
    let upstream = TimeUpstream()
    let recorder = upstream.buffer(size: 5, prefetch: .byRequest, whenFull: .dropNewest).record(demand: .none)
    upstream.send(1)
    upstream.send(completion: .failure(TestError(code: 1)))
    #expect(recorder.events == [.subscription, .failure(TestError(code: 1))])
  }

  @Test func aFailureSentDuringADeliveryGoesAfterTheDemandedValuesAndDropsTheRest() {
    // Deliberate (Docs/ReactiveCore.md): Combine hands the failure over from
    // inside the delivery of 1, then goes on delivering 2 and 3 after it.
    let upstream = TimeUpstream()
    let buffered = upstream.buffer(size: 5, prefetch: .byRequest, whenFull: .dropOldest)
    let recorder = buffered.record(demand: .none) { value, _ in
      if value == 1 { upstream.send(completion: .failure(TestError(code: 1))) }
      return .none
    }
    for value in 1...5 { upstream.send(value) }
    recorder.request(.max(3))
    #expect(recorder.events == [.subscription, .value(1), .value(2), .value(3), .failure(TestError(code: 1))])
    recorder.request(.max(2))
    #expect(recorder.events == [.subscription, .value(1), .value(2), .value(3), .failure(TestError(code: 1))])
  }

  @Test func aCancelBeforeTheSubscriptionCancelsTheSubscriptionWhenItComes() throws {
    // Deliberate (Docs/ReactiveCore.md): Combine's buffer forgets such a
    // cancel and asks the subscription that comes for its demand.
    let (calls, events) = try callsOnASubscriptionAfterAnEarlyCancel { upstream in
      upstream.buffer(size: 2, prefetch: .keepFull, whenFull: .dropNewest)
    }
    #expect(calls == [.cancel])
    #expect(events == [])
  }

  @Test func cancelReachesTheUpstreamAlsoFromInsideReceive() {
    let upstream = TimeUpstream()
    let recorder = upstream.buffer(size: 5, prefetch: .byRequest, whenFull: .dropNewest).record { _, recorder in
      recorder.cancel()
      return .none
    }
    upstream.send(1)
    upstream.send(2)
    #expect(upstream.cancellations == 1)
    #expect(recorder.events == [.subscription, .value(1)])
  }

  @Test func returnsNoDemandToTheUpstreamItCancelledFromInsideReceive() {
    // Deliberate (Docs/ReactiveCore.md): OpenCombine returns the refill here.
    let upstream = TestPublisher<Int, TestError>()
    let recorder = upstream.buffer(size: 2, prefetch: .keepFull, whenFull: .dropNewest).record { _, recorder in
      recorder.cancel()
      return .none
    }
    let returned = upstream.send(1)
    #expect(returned == .none)
    #expect(upstream.requests == [.max(2)])
    #expect(upstream.cancellations == 1)
    #expect(recorder.events == [.subscription, .value(1)])
  }

  @Test func releasesTheDownstream() throws {
    let make = { (upstream: TimeUpstream, _: VirtualTimeScheduler) in
      upstream.buffer(size: 2, prefetch: .keepFull, whenFull: .dropOldest)
    }
    try expectReleasesDownstream(make, end: finishTimeUpstream)
    try expectReleasesDownstream(make, end: cancelTimeSubscription)
  }
}
