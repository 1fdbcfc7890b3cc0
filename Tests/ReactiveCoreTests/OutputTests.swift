import ReactiveCore
import Testing
import TraitsTesting

@Suite struct OutputTests {
  @Test func prefixPublishesTheFirstElementsThenFinishes() {
    let recorder = [1, 2, 3, 4].unspecialisedPublisher.prefix(2).record()
    #expect(recorder.events == [.subscription, .value(1), .value(2), .finished])
  }

  @Test func outputAtPublishesOneElement() {
    let recorder = [1, 2, 3, 4].unspecialisedPublisher.output(at: 1).record()
    #expect(recorder.events == [.subscription, .value(2), .finished])
  }

  @Test func outputInPublishesTheElementsInTheRange() {
    let recorder = [1, 2, 3, 4, 5].unspecialisedPublisher.output(in: 1...2).record()
    #expect(recorder.events == [.subscription, .value(2), .value(3), .finished])
  }

  @Test func translatesRangesAsCombineDoes() {
    let empty = Empty<Int, Never>()
    #expect(empty.prefix(3).range == 0..<3)
    #expect(empty.output(at: 4).range == 4..<5)
    #expect(empty.output(in: 2...).range == 2..<Int.max)
    #expect(empty.output(in: ...2).range == 0..<3)
  }

  @Test func passesDemandThroughReplacesEachSkippedValueAndFinishesAfterTheLast() {
    let upstream = ReducingUpstream()
    let recorder = upstream.output(in: 2..<4).record(demand: .max(3)) { _, _ in .max(5) }
    #expect(upstream.requests == [.max(3)])

    #expect(upstream.send(1) == .max(1))
    #expect(upstream.send(2) == .max(1))
    #expect(upstream.send(3) == .max(5))
    #expect(upstream.cancellations == 0)

    // The last value of the range finishes at once, and cancels the upstream.
    // Combine returns the subscriber's demand (.max(5)) to the upstream it
    // has just cancelled; nothing reaches a cancelled subscription here.
    #expect(upstream.send(4) == .none)
    #expect(upstream.cancellations == 1)
    #expect(recorder.events == [.subscription, .value(3), .value(4), .finished])

    #expect(upstream.send(5) == .none)
    #expect(recorder.events == [.subscription, .value(3), .value(4), .finished])
    // As in Combine, demand comes back as `receive(_:)`'s result, never as a request.
    #expect(upstream.requests == [.max(3)])
  }

  @Test func prefixOfASubjectFinishesRightAfterItsLastValue() {
    let subject = PassthroughSubject<Int, Never>()
    let recorder = subject.prefix(1).record()

    subject.send(1)

    #expect(recorder.events == [.subscription, .value(1), .finished])
  }

  @Test func finishesWithTheUpstream() {
    let upstream = ReducingUpstream()
    let recorder = upstream.prefix(3).record()

    upstream.send(1)
    upstream.send(completion: .failure(TestError(code: 1)))

    #expect(recorder.events == [.subscription, .value(1), .failure(TestError(code: 1))])
  }

  @Test func cancelReachesTheUpstream() {
    let upstream = ReducingUpstream()
    let recorder = upstream.prefix(3).record()

    recorder.cancel()
    upstream.send(1)

    #expect(upstream.cancellations == 1)
    #expect(recorder.events == [.subscription])
  }

  @Test func toleratesARequestAndACancelFromInsideReceive() {
    let upstream = ReducingUpstream()
    let recorder = upstream.prefix(3).record(demand: .max(1)) { value, recorder in
      recorder.request(.max(2))
      if value == 2 { recorder.cancel() }
      return .none
    }

    upstream.send(1)
    upstream.send(2)
    upstream.send(3)

    #expect(upstream.requests == [.max(1), .max(2), .max(2)])
    #expect(upstream.cancellations == 1)
    #expect(recorder.events == [.subscription, .value(1), .value(2)])
  }

  @Test func aCancelFromInsideTheLastValueStopsTheFinish() {
    let upstream = ReducingUpstream()
    let recorder = upstream.output(in: 1..<3).record { value, recorder in
      if value == 3 { recorder.cancel() }
      return .none
    }

    upstream.send(1)
    upstream.send(2)
    upstream.send(3)

    // Nothing after cancel: the range's last value arrives, the finish does not.
    #expect(recorder.events == [.subscription, .value(2), .value(3)])
    #expect(upstream.cancellations == 1)
  }

  @Test func releasesTheDownstreamAfterCompletionAndOnCancel() throws {
    try expectReleasesOnEveryEnd { (upstream: ReducingUpstream, _: Token) in upstream.prefix(1) }
    try expectReleases(
      { (upstream: ReducingUpstream, _: Token) in upstream.prefix(0) },
      end: { upstream, _ in upstream.send(1) }
    )
  }

  @Test func aNegativeMaxLengthTraps() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      _ = Empty<Int, Never>().prefix(-1)
    }
    #expect(result.standardErrorText.contains("API violation: prefix(_:) length must not be negative, got -1"))
  }

  @Test func aRangeWithANegativeLowerBoundTraps() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      _ = Empty<Int, Never>().output(in: (-1)...)
    }
    #expect(
      result.standardErrorText.contains(
        "API violation: Output range must not have a negative lower bound, got -1..<\(Int.max)"
      )
    )
  }

  @Test func aNegativeIndexTraps() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      _ = Empty<Int, Never>().output(at: -1)
    }
    #expect(result.standardErrorText.contains("API violation: output(at:) index must not be negative, got -1"))
  }

  @Test func creatingTheOutputWithANegativeBoundTraps() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      _ = Publishers.Output(upstream: Empty<Int, Never>(), range: -3..<4)
    }
    #expect(
      result.standardErrorText.contains("API violation: Output range must not have a negative lower bound, got -3..<4")
    )
  }

  @Test func requestingNoDemandGoesToTheUpstreamAsIs() {
    // As in Combine, output(in:) does not check the demand: the upstream decides.
    let upstream = ReducingUpstream()
    let recorder = upstream.prefix(1).record(demand: .none)

    recorder.request(.none)

    #expect(upstream.requests == [.none])
    #expect(recorder.events == [.subscription])
  }

  @Test func ignoresValuesAndCompletionsBeforeTheSubscription() {
    // Combine passes such values to a subscriber that has no subscription yet.
    let early = EarlyEventPublisher<Int, TestError>(.value(1), .completion(.finished))
    let recorder = early.prefix(2).record()
    #expect(recorder.events == [.subscription])
  }
}
