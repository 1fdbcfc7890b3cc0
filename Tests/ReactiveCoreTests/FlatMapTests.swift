import ReactiveCore
import Synchronization
import Testing
import TraitsTesting

@Suite struct FlatMapTests {
  @Test func publishesTheValuesOfEachInnerPublisherThenFinishes() {
    let recorder = [1, 2].publisher.flatMap { [$0 * 10, $0 * 10 + 1].publisher }.record()
    #expect(recorder.events == [.subscription, .value(10), .value(11), .value(20), .value(21), .finished])
  }

  @Test func interleavesInnerValuesAsTheyArrive() {
    let (upstream, inners, recorder) = flatMapOverTwoInners(failing: TestError.self)
    inners[0].send(1)
    inners[1].send(2)
    inners[0].send(3)
    upstream.send(completion: .finished)
    inners[0].send(completion: .finished)
    #expect(!recorder.isCompleted)
    inners[1].send(completion: .finished)

    #expect(recorder.events == [.subscription, .value(1), .value(2), .value(3), .finished])
  }

  @Test func requestsMaxPublishersFromUpstreamAndOneMorePerFinishedInner() {
    let upstream = TestPublisher<Int, Never>()
    let inner = TestPublisher<Int, Never>()
    _ = upstream.flatMap(maxPublishers: .max(2)) { _ in inner }.record()
    #expect(upstream.requests == [.max(2)])

    upstream.send(0)
    upstream.send(1)
    inner.send(completion: .finished)

    #expect(upstream.requests == [.max(2), .max(1), .max(1)])
  }

  @Test func requestsUnlimitedFromUpstreamByDefault() {
    let upstream = TestPublisher<Int, Never>()
    _ = upstream.flatMap { Just($0) }.record(demand: .none)
    #expect(upstream.requests == [.unlimited])
  }

  @Test func asksEachInnerForOneValueAtATimeAndKeepsItUntilDemand() {
    let (_, inner, recorder) = flatMapOverOneInner(demand: .max(1))
    #expect(inner.requests == [.max(1)])

    // Delivered at once: the next value is asked for by the result, as in Combine.
    #expect(inner.send(1) == .max(1))
    #expect(inner.requests == [.max(1)])
    // No demand downstream: the value waits, and the next one is not asked for yet.
    #expect(inner.send(2) == .none)
    #expect(recorder.values == [1])
    #expect(inner.requests == [.max(1)])

    recorder.request(.max(1))

    #expect(recorder.values == [1, 2])
    #expect(inner.requests == [.max(1), .max(1)])
  }

  @Test func returnsNoDemandToAnInnerAskedForUnlimited() {
    let (_, inner, _) = flatMapOverOneInner()

    #expect(inner.send(1) == .none)
    #expect(inner.requests == [.unlimited])
  }

  @Test func neverDeliversMoreThanDemandedWhenAnInnerIgnoresDemand() {
    let (_, inner, recorder) = flatMapOverOneInner(demand: .max(1))

    expectNeverDeliversMoreThanDemanded(from: inner, to: recorder)
  }

  @Test func asksInnersForUnlimitedWhenDownstreamDemandIsUnlimited() {
    let upstream = TestPublisher<Int, Never>()
    let first = TestPublisher<Int, Never>()
    let second = TestPublisher<Int, Never>()
    let recorder = upstream.flatMap { $0 == 0 ? first : second }.record(demand: .max(1))
    upstream.send(0)
    #expect(first.requests == [.max(1)])

    recorder.request(.unlimited)
    upstream.send(1)

    #expect(first.requests == [.max(1), .unlimited])
    #expect(second.requests == [.unlimited])
  }

  @Test func anInnerFailureCancelsEverythingAndFails() {
    let (upstream, inners, recorder) = flatMapOverTwoInners(failing: TestError.self)

    inners[1].send(completion: .failure(TestError(code: 1)))
    inners[0].send(5)

    #expect(recorder.events == [.subscription, .failure(TestError(code: 1))])
    #expect(upstream.cancellations == 1)  // Combine leaves it subscribed: see Docs/ReactiveCore.md
    #expect(inners[0].cancellations == 1)
    #expect(inners[1].cancellations == 0)  // it is over: no cancel
  }

  @Test func anUpstreamFailureCancelsTheInnersAndFails() {
    let upstream = TestPublisher<Int, TestError>()
    let inner = TestPublisher<Int, TestError>()
    let recorder = upstream.flatMap { _ in inner }.record()
    upstream.send(0)

    upstream.send(completion: .failure(TestError(code: 2)))

    #expect(recorder.events == [.subscription, .failure(TestError(code: 2))])
    #expect(inner.cancellations == 1)
    #expect(upstream.cancellations == 0)  // it is over: no cancel
  }

  @Test func aFinishedUpstreamGetsNoCancel() {
    let (upstream, inner, recorder) = flatMapOverOneInner()
    upstream.send(completion: .finished)

    recorder.cancel()

    #expect(upstream.cancellations == 0)
    #expect(inner.cancellations == 1)
  }

  @Test func aFailureDropsTheValuesWaitingForDemand() {
    let upstream = TestPublisher<Int, TestError>()
    let inner = TestPublisher<Int, TestError>()
    let recorder = upstream.flatMap { _ in inner }.record(demand: .none)
    upstream.send(0)
    inner.send(1)

    upstream.send(completion: .failure(TestError(code: 3)))

    #expect(recorder.events == [.subscription, .failure(TestError(code: 3))])
  }

  @Test func finishesAfterTheValuesWaitingForDemand() {
    let upstream = TestPublisher<Int, Never>()
    let recorder = upstream.flatMap { Just($0) }.record(demand: .none)
    upstream.send(7)
    upstream.send(completion: .finished)
    #expect(recorder.events == [.subscription])

    recorder.request(.max(1))

    #expect(recorder.events == [.subscription, .value(7), .finished])
  }

  @Test func cancelReachesTheUpstreamAndEveryInner() {
    let (upstream, inners, recorder) = flatMapOverTwoInners(failing: Never.self)

    recorder.cancel()
    inners[0].send(1)

    #expect(recorder.events == [.subscription])
    #expect(upstream.cancellations == 1)
    #expect(inners.map(\.cancellations) == [1, 1])
  }

  @Test func cancelsTheInnersBeforeTheUpstream() {
    let log = EventLog()
    let upstream = TestPublisher<Int, Never>()
    let recorder =
      upstream
      .handleEvents(receiveCancel: { log.append("upstream") })
      .flatMap { _ in TestPublisher<Int, Never>().handleEvents(receiveCancel: { log.append("inner") }) }
      .record()
    upstream.send(0)
    upstream.send(1)

    recorder.cancel()

    #expect(log.all == ["inner", "inner", "upstream"])
  }

  @Test func toleratesRequestFromInsideReceive() {
    let upstream = TestPublisher<Int, Never>()
    let recorder = upstream.flatMap { [$0, $0 + 1, $0 + 2].publisher }.record(demand: .max(1)) { _, recorder in
      recorder.request(.max(1))
      return .none
    }
    upstream.send(10)
    #expect(recorder.values == [10, 11, 12])
  }

  @Test func toleratesCancelFromInsideReceive() {
    let upstream = TestPublisher<Int, Never>()
    let recorder = upstream.flatMap { [$0, $0 + 1].publisher }.record { _, recorder in
      recorder.cancel()
      return .none
    }
    upstream.send(10)
    upstream.send(20)
    #expect(recorder.events == [.subscription, .value(10)])
    #expect(upstream.cancellations == 1)
  }

  @Test func releasesTheTransformAndSubscriberAfterCompletion() throws {
    weak var weakToken: Token?
    weak var weakProbe: LifetimeProbe<Int, Never>?
    let subscription: any Subscription = try {
      let token = Token()
      weakToken = token
      let probe = LifetimeProbe<Int, Never>(demand: .unlimited)
      [1].publisher.flatMap { value in
        withExtendedLifetime(token) { Just(value) }
      }
      .subscribe(probe)
      weakProbe = probe
      #expect(probe.isCompleted)
      return try #require(probe.subscription)
    }()
    #expect(weakToken == nil)
    #expect(weakProbe == nil)
    _ = subscription
  }

  @Test func releasesTheTransformAndSubscriberOnCancel() throws {
    try expectReleases(
      { (upstream: TestPublisher<Int, Never>, token: Token) in
        upstream.flatMap { value in withExtendedLifetime(token) { Just(value) } }
      },
      end: cancelSubscription
    )
  }

  @Test func concurrentInnersDeliverEveryValueOnceWithinDemand() {
    for round in 0..<100 {
      let upstream = PassthroughSubject<Int, Never>()
      let inners = (0..<3).map { _ in PassthroughSubject<Int, Never>() }
      let stepByStep = round % 2 == 0
      let checker = ContractChecker<Int, Never>(
        initialDemand: stepByStep ? .max(1) : .unlimited,
        demandPerValue: stepByStep ? .max(1) : .none
      )
      upstream.flatMap(maxPublishers: .max(3)) { inners[$0] }.subscribe(checker)
      for index in 0..<3 { upstream.send(index) }

      Race(threads: 3).run { thread, race in
        for value in 0..<50 {
          if value % 10 == 0 { race.meet() }
          inners[thread].send(thread * 100 + value)
        }
        inners[thread].send(completion: .finished)
      }
      upstream.send(completion: .finished)

      #expect(checker.violations == [])
      #expect(checker.completions.count == 1)
      let values = checker.values
      #expect(Set(values).count == values.count)
      for thread in 0..<3 {
        let sent = values.filter { $0 / 100 == thread }
        #expect(sent == sent.sorted())
        if !stepByStep { #expect(sent.count == 50) }
      }
    }
  }

  @Test func anInnerThatFinishesAgainMakesRoomForNoOtherPublisher() {
    // Combine asks its upstream for one more publisher at each completion
    // the same inner publisher sends; what an inner sends after its end is
    // ignored here.
    let log = EventLog()
    let upstream = LatePublisher<LatePublisher<Int, Never>, Never>("upstream", log: log)
    let inner = LatePublisher<Int, Never>("inner", log: log)
    let recorder = upstream.flatMap(maxPublishers: .max(1)) { $0 }.record(demand: .none)
    upstream.giveSubscription()
    _ = upstream.send(inner)
    inner.giveSubscription()

    inner.send(completion: .finished)
    inner.send(completion: .finished)
    inner.send(completion: .finished)

    #expect(upstream.subscription.calls == [.request(.max(1)), .request(.max(1))])
    #expect(recorder.events == [.subscription])
  }

  @Test func aValueSentWhileAnotherIsDeliveredGetsItsDemandReturnedAsCombineDoes() {
    let log = EventLog()
    let first = LatePublisher<Int, Never>("first", log: log)
    let second = LatePublisher<Int, Never>("second", log: log)
    let upstream = PassthroughSubject<LatePublisher<Int, Never>, Never>()
    let returnedInside = Shared<Subscribers.Demand?>(nil)
    let recorder = upstream.flatMap { $0 }.record(demand: .max(2)) { value, _ in
      if value == 1 {
        returnedInside.value = second.send(2)  // from inside the delivery of 1
      }
      return .none
    }
    upstream.send(first)
    first.giveSubscription()
    upstream.send(second)
    second.giveSubscription()

    #expect(first.send(1) == .max(1))
    #expect(returnedInside.value == .max(1))
    #expect(recorder.events == [.subscription, .value(1), .value(2)])
    // Each child asked for one value at a time: the next one as the result
    // of its receive, never also by a request.
    #expect(first.subscription.calls == [.request(.max(1))])
    #expect(second.subscription.calls == [.request(.max(1))])
  }

  @Test func finishesWhenItsUpstreamFinishesBeforeItsSubscriptionAsCombineDoes() {
    let upstream = LatePublisher<Int, Never>("upstream", log: EventLog())
    let recorder = upstream.flatMap { Just($0) }.record()
    upstream.send(completion: .finished)
    #expect(recorder.events == [.subscription, .finished])
    // The subscription that comes after the end is cancelled.
    upstream.giveSubscription()
    #expect(upstream.subscription.calls == [.cancel])
    #expect(recorder.events == [.subscription, .finished])
  }

  @Test func maxPublishersNoneRequestsNothingFromItsUpstream() {
    // Combine requests `.max(0)`, on which its own `Just` traps.
    let upstream = LatePublisher<Int, Never>("upstream", log: EventLog())
    let recorder = upstream.flatMap(maxPublishers: .none) { Just($0) }.record()
    upstream.giveSubscription()
    #expect(upstream.subscription.calls == [])
    #expect(recorder.events == [.subscription])
    // A value sent anyway is flattened: `maxPublishers` limits what is asked.
    #expect(upstream.send(1) == .none)
    #expect(recorder.events == [.subscription, .value(1)])
    let overJust = Just(1).flatMap(maxPublishers: .none) { Just($0) }.record()
    #expect(overJust.events == [.subscription])
  }
}

@Suite struct FlatMapFailureAdaptingTests {
  @Test func aNeverFailingUpstreamTakesTheInnerFailureType() {
    let publisher: Publishers.FlatMap<Fail<Int, TestError>, Publishers.SetFailureType<Just<Int>, TestError>> =
      Just(1).flatMap { _ in Fail<Int, TestError>(error: TestError(code: 1)) }
    #expect(publisher.record().events == [.subscription, .failure(TestError(code: 1))])
  }

  @Test func neverFailingInnersTakeTheUpstreamFailureType() {
    let upstream = TestPublisher<Int, TestError>()
    let publisher: Publishers.FlatMap<Publishers.SetFailureType<Just<Int>, TestError>, TestPublisher<Int, TestError>> =
      upstream.flatMap { Just($0) }
    let recorder = publisher.record()
    upstream.send(1)
    upstream.send(completion: .failure(TestError(code: 2)))
    #expect(recorder.events == [.subscription, .value(1), .failure(TestError(code: 2))])
  }

  @Test func neverFailingOnBothSidesNeedsNoAdapter() {
    let publisher: Publishers.FlatMap<Just<Int>, Just<Int>> = Just(1).flatMap { Just($0 + 1) }
    #expect(publisher.record().values == [2])
  }
}

/// An upstream flat-mapped to one inner publisher, recorded asking for
/// `demand`, once the upstream has sent a value (so the inner is subscribed).
private func flatMapOverOneInner(
  demand: Subscribers.Demand = .unlimited
) -> (upstream: TestPublisher<Int, Never>, inner: TestPublisher<Int, Never>, recorder: RecordingSubscriber<Int, Never>)
{
  let upstream = TestPublisher<Int, Never>()
  let inner = TestPublisher<Int, Never>()
  let recorder = upstream.flatMap { _ in inner }.record(demand: demand)
  upstream.send(0)
  return (upstream, inner, recorder)
}

/// An upstream flat-mapped to two inner publishers (the upstream's values
/// 0 and 1 pick them), recorded, once the upstream has sent both values (so
/// both inners are subscribed).
private func flatMapOverTwoInners<Failure: Error>(
  failing: Failure.Type
) -> (
  upstream: TestPublisher<Int, Failure>, inners: [TestPublisher<Int, Failure>],
  recorder: RecordingSubscriber<Int, Failure>
) {
  let upstream = TestPublisher<Int, Failure>()
  let inners = [TestPublisher<Int, Failure>(), TestPublisher<Int, Failure>()]
  let recorder = upstream.flatMap { inners[$0] }.record()
  upstream.send(0)
  upstream.send(1)
  return (upstream, inners, recorder)
}
