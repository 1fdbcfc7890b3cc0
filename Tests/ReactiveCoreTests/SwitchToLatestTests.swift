import ReactiveCore
import Testing
import TraitsTesting

@Suite struct SwitchToLatestTests {
  @Test func republishesOnlyTheLatestInnerPublisher() {
    let upstream = TestPublisher<TestPublisher<Int, TestError>, TestError>()
    let first = TestPublisher<Int, TestError>()
    let second = TestPublisher<Int, TestError>()
    let recorder = upstream.switchToLatest().record()

    upstream.send(first)
    first.send(1)
    upstream.send(second)
    first.send(2)
    second.send(3)
    upstream.send(completion: .finished)
    #expect(!recorder.isCompleted)
    second.send(completion: .finished)

    #expect(recorder.events == [.subscription, .value(1), .value(3), .finished])
    #expect(first.cancellations == 1)
  }

  @Test func finishesWhenTheUpstreamFinishesWithoutAnInner() {
    let recorder = Empty<Just<Int>, Never>().switchToLatest().record()
    #expect(recorder.events == [.subscription, .finished])
  }

  @Test func flattensSynchronousInnerPublishers() {
    let recorder = [Just(1), Just(2)].publisher.switchToLatest().record()
    #expect(recorder.events == [.subscription, .value(1), .value(2), .finished])
  }

  @Test func requestsUnlimitedFromUpstreamAndTheOutstandingDemandFromEachInner() {
    let upstream = TestPublisher<TestPublisher<Int, Never>, Never>()
    let first = TestPublisher<Int, Never>()
    let second = TestPublisher<Int, Never>()
    let recorder = upstream.switchToLatest().record(demand: .max(3))
    #expect(upstream.requests == [.unlimited])

    upstream.send(first)
    first.send(1)
    recorder.request(.max(1))
    upstream.send(second)

    #expect(first.requests == [.max(3), .max(1)])
    #expect(second.requests == [.max(3)])
  }

  @Test func returnsTheDemandDownstreamReturnsToTheInnerThatSentTheValue() {
    let upstream = TestPublisher<TestPublisher<Int, Never>, Never>()
    let inner = TestPublisher<Int, Never>()
    _ = upstream.switchToLatest().record(demand: .max(1)) { _, _ in .max(2) }
    upstream.send(inner)

    let returned = inner.send(1)

    // As in Combine: the inner's receive(_:) returns the demand; nothing more is requested.
    #expect(returned == .max(2))
    #expect(inner.requests == [.max(1)])
  }

  @Test func requestsTheDemandReturnedForAValueThatWaitedForDemand() {
    let upstream = TestPublisher<TestPublisher<Int, Never>, Never>()
    let inner = TestPublisher<Int, Never>()
    let recorder = upstream.switchToLatest().record(demand: .none) { _, _ in .max(2) }
    upstream.send(inner)
    #expect(inner.send(1) == .none)  // sent without demand: it waits

    recorder.request(.max(1))

    #expect(recorder.values == [1])
    #expect(inner.requests == [.max(1), .max(2)])
  }

  @Test func neverDeliversMoreThanDemandedWhenAnInnerIgnoresDemand() {
    let upstream = TestPublisher<TestPublisher<Int, Never>, Never>()
    let inner = TestPublisher<Int, Never>()
    let recorder = upstream.switchToLatest().record(demand: .max(1))
    upstream.send(inner)

    expectNeverDeliversMoreThanDemanded(from: inner, to: recorder)
  }

  @Test func anInnerFailureCancelsTheUpstreamAndFails() {
    let upstream = TestPublisher<TestPublisher<Int, TestError>, TestError>()
    let inner = TestPublisher<Int, TestError>()
    let recorder = upstream.switchToLatest().record()
    upstream.send(inner)

    inner.send(completion: .failure(TestError(code: 1)))

    #expect(recorder.events == [.subscription, .failure(TestError(code: 1))])
    #expect(upstream.cancellations == 1)
    #expect(inner.cancellations == 0)  // it is over: no cancel
  }

  @Test func aFailureOfACancelledInnerIsIgnored() {
    let upstream = TestPublisher<TestPublisher<Int, TestError>, TestError>()
    let first = TestPublisher<Int, TestError>()
    let second = TestPublisher<Int, TestError>()
    let recorder = upstream.switchToLatest().record()
    upstream.send(first)
    upstream.send(second)

    first.send(completion: .failure(TestError(code: 1)))

    #expect(recorder.events == [.subscription])
  }

  @Test func anUpstreamFailureCancelsTheInnerAndFails() {
    let upstream = TestPublisher<TestPublisher<Int, TestError>, TestError>()
    let inner = TestPublisher<Int, TestError>()
    let recorder = upstream.switchToLatest().record()
    upstream.send(inner)

    upstream.send(completion: .failure(TestError(code: 2)))

    #expect(recorder.events == [.subscription, .failure(TestError(code: 2))])
    #expect(inner.cancellations == 1)
    #expect(upstream.cancellations == 0)  // it is over: no cancel
  }

  @Test func anInnerSubscriptionArrivingAfterTheUpstreamFinishedGetsTheDemandAsInCombine() {
    let upstream = TestPublisher<LatePublisher<Int, Never>, Never>()
    let inner = LatePublisher<Int, Never>("inner", log: EventLog())
    let recorder = upstream.switchToLatest().record()
    upstream.send(inner)
    upstream.send(completion: .finished)

    inner.giveSubscription()

    #expect(recorder.events == [.subscription])
    #expect(inner.subscription.calls == [.request(.unlimited)])
  }

  @Test func cancelsAnInnerSubscriptionArrivingAfterTheResultFailed() {
    // Combine requests .unlimited from it, and the inner then runs with no
    // way left to cancel it: the result is over, its cancel does nothing.
    let upstream = TestPublisher<LatePublisher<Int, TestError>, TestError>()
    let inner = LatePublisher<Int, TestError>("inner", log: EventLog())
    let recorder = upstream.switchToLatest().record()
    upstream.send(inner)
    upstream.send(completion: .failure(TestError(code: 2)))

    inner.giveSubscription()

    #expect(recorder.events == [.subscription, .failure(TestError(code: 2))])
    #expect(inner.subscription.calls == [.cancel])
  }

  @Test func anInnerFinishingAfterTheUpstreamGetsNoCancel() {
    let upstream = TestPublisher<TestPublisher<Int, Never>, Never>()
    let inner = TestPublisher<Int, Never>()
    let recorder = upstream.switchToLatest().record()
    upstream.send(inner)
    upstream.send(completion: .finished)

    inner.send(completion: .finished)
    recorder.cancel()

    #expect(recorder.events == [.subscription, .finished])
    #expect(upstream.cancellations == 0)
    #expect(inner.cancellations == 0)
  }

  @Test func cancelReachesTheUpstreamAndTheInner() {
    let upstream = TestPublisher<TestPublisher<Int, Never>, Never>()
    let inner = TestPublisher<Int, Never>()
    let recorder = upstream.switchToLatest().record()
    upstream.send(inner)

    recorder.cancel()
    inner.send(1)

    #expect(recorder.events == [.subscription])
    #expect(upstream.cancellations == 1)
    #expect(inner.cancellations == 1)
  }

  @Test func cancelsTheInnerBeforeTheUpstream() {
    let log = EventLog()
    let upstream = TestPublisher<TestPublisher<Int, Never>, Never>()
    let recorder =
      upstream
      .handleEvents(receiveCancel: { log.append("upstream") })
      .map { $0.handleEvents(receiveCancel: { log.append("inner") }) }
      .switchToLatest()
      .record()
    upstream.send(TestPublisher())

    recorder.cancel()

    #expect(log.all == ["inner", "upstream"])
  }

  @Test func anInnerFailureCancelsOnlyTheUpstreamThenFails() {
    let log = EventLog()
    let upstream = TestPublisher<TestPublisher<Int, TestError>, TestError>()
    let inner = TestPublisher<Int, TestError>()
    let cancellable =
      upstream
      .handleEvents(receiveCancel: { log.append("upstream") })
      .map { $0.handleEvents(receiveCancel: { log.append("inner") }) }
      .switchToLatest()
      .sink(receiveCompletion: { _ in log.append("failure") }, receiveValue: { _ in })
    upstream.send(inner)

    inner.send(completion: .failure(TestError(code: 1)))

    #expect(log.all == ["upstream", "failure"])
    cancellable.cancel()
  }

  @Test func toleratesRequestAndCancelFromInsideReceive() {
    let requesting = [[1, 2, 3].publisher].publisher.switchToLatest().record(demand: .max(1)) { _, recorder in
      recorder.request(.max(1))
      return .none
    }
    #expect(requesting.events == [.subscription, .value(1), .value(2), .value(3), .finished])

    let cancelling = [[1, 2, 3].publisher].publisher.switchToLatest().record { _, recorder in
      recorder.cancel()
      return .none
    }
    #expect(cancelling.events == [.subscription, .value(1)])
  }

  @Test func releasesTheSubscriberAfterCompletionAndOnCancel() throws {
    let upstream = TestPublisher<Just<Int>, Never>()
    try expectReleasesAfterCompletionAndOnCancel(
      completing: [Just(1)].publisher.switchToLatest(),
      cancelled: upstream.switchToLatest()
    )
  }

  /// An inner publisher that sends a value to its subscriber before any subscription.
  private struct ValueFirst: Publisher {
    typealias Output = Int
    typealias Failure = Never

    func receive<S: Subscriber>(subscriber: S) where S.Input == Int, S.Failure == Never {
      _ = subscriber.receive(1)
    }
  }

  /// An inner publisher that finishes its subscriber before any subscription.
  private struct CompletionFirst: Publisher {
    typealias Output = Int
    typealias Failure = Never

    func receive<S: Subscriber>(subscriber: S) where S.Input == Int, S.Failure == Never {
      subscriber.receive(completion: .finished)
    }
  }

  @Test func ignoresAnInnerValueBeforeItsSubscription() {
    // Combine does not trap; passing it on would break the contract downstream.
    let recorder = Just(ValueFirst()).switchToLatest().record()
    #expect(recorder.events == [.subscription])
  }

  @Test func finishesWhenItsUpstreamFinishesBeforeItsSubscriptionAsCombineDoes() {
    let upstream = LatePublisher<Just<Int>, Never>("upstream", log: EventLog())
    let recorder = upstream.switchToLatest().record()
    upstream.send(completion: .finished)
    #expect(recorder.events == [.subscription, .finished])
    // The subscription that comes after the end is cancelled.
    upstream.giveSubscription()
    #expect(upstream.subscription.calls == [.cancel])
    #expect(recorder.events == [.subscription, .finished])
  }

  @Test func anInnerCompletionBeforeItsSubscriptionTraps() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      _ = Just(CompletionFirst()).switchToLatest().record()
    }
    #expect(
      result.standardErrorText.contains(
        "API violation: SwitchToLatest received a completion from an inner publisher before its subscription"
      )
    )
  }

  @Test func switchesRacingInnerSendsDeliverWithinTheContract() {
    for round in 0..<150 {
      let upstream = PassthroughSubject<PassthroughSubject<Int, Never>, Never>()
      let inners = (0..<4).map { _ in PassthroughSubject<Int, Never>() }
      let stepByStep = round % 2 == 0
      let checker = ContractChecker<Int, Never>(
        initialDemand: stepByStep ? .max(1) : .unlimited,
        demandPerValue: stepByStep ? .max(1) : .none
      )
      upstream.switchToLatest().subscribe(checker)
      upstream.send(inners[0])

      Race(threads: 3).run { thread, race in
        if thread == 0 {
          for next in inners.dropFirst() {
            race.meet()
            upstream.send(next)
          }
        } else {
          for step in 0..<3 {
            race.meet()
            for value in 0..<10 {
              for inner in inners { inner.send(thread * 1_000 + step * 10 + value) }
            }
          }
        }
      }
      upstream.send(completion: .finished)
      inners[3].send(completion: .finished)

      #expect(checker.violations == [])
      #expect(checker.completions.count == 1)
    }
  }
}

@Suite struct SwitchToLatestFailureAdaptingTests {
  @Test func aNeverFailingUpstreamTakesTheInnerFailureType() {
    let publisher:
      Publishers.SwitchToLatest<Fail<Int, TestError>, Publishers.SetFailureType<Just<Fail<Int, TestError>>, TestError>> =
        Just(Fail<Int, TestError>(error: TestError(code: 1))).switchToLatest()
    #expect(publisher.record().events == [.subscription, .failure(TestError(code: 1))])
  }

  @Test func neverFailingInnersTakeTheUpstreamFailureType() {
    let upstream = TestPublisher<Just<Int>, TestError>()
    let recorder = upstream.switchToLatest().record()
    upstream.send(Just(1))
    upstream.send(completion: .failure(TestError(code: 2)))
    #expect(recorder.events == [.subscription, .value(1), .failure(TestError(code: 2))])
  }

  @Test func neverFailingOnBothSidesNeedsNoAdapter() {
    let publisher: Publishers.SwitchToLatest<Just<Int>, Just<Just<Int>>> = Just(Just(1)).switchToLatest()
    #expect(publisher.record().values == [1])
  }
}
