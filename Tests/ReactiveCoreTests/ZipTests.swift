import ReactiveCore
import Testing
import TraitsTesting

@Suite struct ZipTests {
  @Test func givesItsSubscriberASubscriptionOnceEveryUpstreamGaveItsOwn() {
    // As in Combine: both upstreams are subscribed first, and the last
    // one's subscription gives the subscriber its own.
    let log = EventLog()
    let a = LatePublisher<Int, Never>("a", log: log)
    let b = LatePublisher<Int, Never>("b", log: log)
    let recorder = a.zip(b).map { $0 + $1 }
      .handleEvents(receiveSubscription: { _ in log.append("downstream subscription") })
      .record()

    a.giveSubscription()
    #expect(recorder.events == [])
    b.giveSubscription()
    _ = a.send(1)
    _ = b.send(10)

    #expect(log.all == ["subscribe a", "subscribe b", "subscription a", "subscription b", "downstream subscription"])
    #expect(recorder.events == [.subscription, .value(11)])
    #expect(a.subscription.requests == [.unlimited])
    #expect(b.subscription.requests == [.unlimited])
  }

  @Test func givesItsSubscriberASubscriptionBeforeAnEndThatComesFirst() {
    let log = EventLog()
    let a = LatePublisher<Int, Never>("a", log: log)
    let b = LatePublisher<Int, Never>("b", log: log)
    let recorder = a.zip(b).map { $0 + $1 }.record()

    a.giveSubscription()
    a.send(completion: .finished)
    b.giveSubscription()

    #expect(recorder.events == [.subscription, .finished])
    #expect(a.subscription.cancels == 0)
    #expect(b.subscription.cancels == 1)
  }

  @Test func pairsTheNthValueOfEachUpstream() {
    let a = TestPublisher<Int, TestError>()
    let b = TestPublisher<String, TestError>()
    let recorder = a.zip(b).map { "\($0)\($1)" }.record()

    a.send(1)
    a.send(2)
    b.send("a")
    b.send("b")
    b.send("c")
    a.send(3)

    #expect(recorder.values == ["1a", "2b", "3c"])
  }

  @Test func zipsThreeAndFourPublishersWithOrWithoutATransform() {
    let three: [(Int, Int, Int)] = Just(1).zip(Just(2), Just(3)).record().values
    #expect(three.map { [$0.0, $0.1, $0.2] } == [[1, 2, 3]])
    let four: [(Int, Int, Int, Int)] = Just(1).zip(Just(2), Just(3), Just(4)).record().values
    #expect(four.map { [$0.0, $0.1, $0.2, $0.3] } == [[1, 2, 3, 4]])
    #expect(Just(1).zip(Just(2)) { $0 + $1 }.record().values == [3])
    #expect(Just(1).zip(Just(2), Just(3)) { $0 + $1 + $2 }.record().values == [6])
    let sum: (Int, Int, Int, Int) -> Int = { $0 + $1 + $2 + $3 }
    #expect(Just(1).zip(Just(2), Just(3), Just(4), sum).record().values == [10])
    #expect(Publishers.Zip(Just(1), Just(2)) == Publishers.Zip(Just(1), Just(2)))
  }

  @Test func finishesWhenAnUpstreamFinishesWithAnEmptyBuffer() {
    let a = TestPublisher<Int, Never>()
    let b = TestPublisher<Int, Never>()
    let recorder = a.zip(b) { $0 * 10 + $1 }.record()

    a.send(1)
    a.send(2)
    a.send(completion: .finished)
    #expect(!recorder.isCompleted)
    b.send(1)
    #expect(!recorder.isCompleted)
    b.send(2)

    #expect(recorder.events == [.subscription, .value(11), .value(22), .finished])
    #expect(b.cancellations == 1)
  }

  @Test func finishesAtOnceWhenAnUpstreamFinishesWithNothingBuffered() {
    let a = TestPublisher<Int, Never>()
    let b = TestPublisher<Int, Never>()
    let recorder = a.zip(b).map { $0 + $1 }.record()
    b.send(5)

    a.send(completion: .finished)

    #expect(recorder.events == [.subscription, .finished])
    #expect(b.cancellations == 1)
  }

  @Test func passesEachRequestToEveryUpstream() {
    let a = TestPublisher<Int, Never>()
    let b = TestPublisher<Int, Never>()
    let recorder = a.zip(b).map { $0 + $1 }.record(demand: .max(2)) { _, _ in .max(1) }
    #expect(a.requests == [.max(2)])
    #expect(b.requests == [.max(2)])

    #expect(a.send(1) == .none)
    let returned = b.send(1)
    recorder.request(.max(3))

    // The tuple's additional demand goes back to b, whose value completed
    // it, as receive(_:)'s result (as in Combine); a is asked for it.
    #expect(returned == .max(1))
    #expect(a.requests == [.max(2), .max(1), .max(3)])
    #expect(b.requests == [.max(2), .max(3)])
  }

  @Test func returnsARequestMadeDuringADeliveryToTheUpstreamThatCompletedTheTuple() {
    // As in Combine: a request from inside receive(_:) goes to the other
    // upstreams by request, and to the one whose value is being delivered
    // as its receive(_:)'s result.
    let a = TestPublisher<Int, Never>()
    let b = TestPublisher<Int, Never>()
    let recorder = a.zip(b).map { $0 + $1 }.record(demand: .max(1)) { _, recorder in
      recorder.request(.max(1))
      return .none
    }

    #expect(a.send(1) == .none)
    #expect(b.send(10) == .max(1))
    #expect(a.send(2) == .none)
    #expect(b.send(20) == .max(1))

    #expect(recorder.values == [11, 22])
    #expect(a.requests == [.max(1), .max(1), .max(1)])
    #expect(b.requests == [.max(1)])
  }

  @Test func requestsTheDemandReturnedForATupleThatWaitedForDemand() {
    let a = TestPublisher<Int, Never>()
    let b = TestPublisher<Int, Never>()
    let recorder = a.zip(b).map { $0 + $1 }.record(demand: .none) { _, _ in .max(1) }
    a.send(1)
    #expect(b.send(1) == .none)  // sent without demand: the tuple waits

    recorder.request(.max(1))

    #expect(recorder.values == [2])
    #expect(a.requests == [.max(1), .max(1)])
    #expect(b.requests == [.max(1), .max(1)])
  }

  @Test func neverDeliversMoreThanDemandedWhenUpstreamsIgnoreDemand() {
    let a = TestPublisher<Int, Never>()
    let b = TestPublisher<Int, Never>()
    let recorder = a.zip(b).map { $0 * 10 + $1 }.record(demand: .max(1))

    a.send(1)
    a.send(2)
    b.send(1)
    b.send(2)
    #expect(recorder.values == [11])  // Combine would deliver 22 too

    recorder.request(.max(1))
    #expect(recorder.values == [11, 22])
  }

  @Test func keepsTuplesUntilDemandThenFinishes() {
    let recorder = [1, 2].publisher.zip([3, 4].publisher).map { $0 * 10 + $1 }.record(demand: .max(1))
    #expect(recorder.events == [.subscription, .value(13)])

    recorder.request(.max(1))

    #expect(recorder.events == [.subscription, .value(13), .value(24), .finished])
  }

  @Test func aFailureCancelsTheOtherUpstreamsAndFailsAtOnce() {
    // Combine also cancels the upstream that failed; nothing reaches an
    // upstream after its completion here.
    expectAFailureCancelsTheOtherUpstreamsAndFailsAtOnce { a, b, c in a.zip(b, c).map { $0 + $1 + $2 } }
  }

  @Test func deliversTheFailureBeforeCancellingTheOtherUpstreams() {
    let log = EventLog()
    let a = TestPublisher<Int, TestError>()
    let b = TestPublisher<Int, TestError>()
    let cancellable =
      a
      .zip(b.handleEvents(receiveCancel: { log.append("cancel b") }))
      .sink(receiveCompletion: { _ in log.append("failure") }, receiveValue: { _ in })

    a.send(completion: .failure(TestError(code: 1)))

    #expect(log.all == ["failure", "cancel b"])
    cancellable.cancel()
  }

  @Test func anUpstreamFinishingDuringADeliveryCancelsTheOthersAfterTheFinish() {
    let log = EventLog()
    let a = TestPublisher<Int, Never>()
    let b = TestPublisher<Int, Never>()
    let cancellable =
      a
      .zip(b.handleEvents(receiveCancel: { log.append("cancel b") }))
      .sink(
        receiveCompletion: { _ in log.append("finished") },
        receiveValue: { _ in
          a.send(completion: .finished)  // a has nothing buffered: the result is over
          log.append("value delivered")
        }
      )

    _ = a.send(1)
    _ = b.send(10)

    #expect(log.all == ["value delivered", "finished", "cancel b"])
    cancellable.cancel()
  }

  @Test func deliversTheFinishBeforeCancellingTheOtherUpstreams() {
    let log = EventLog()
    let a = TestPublisher<Int, Never>()
    let b = TestPublisher<Int, Never>()
    let cancellable =
      a
      .zip(b.handleEvents(receiveCancel: { log.append("cancel b") }))
      .sink(receiveCompletion: { _ in log.append("finished") }, receiveValue: { _ in })

    a.send(completion: .finished)

    #expect(log.all == ["finished", "cancel b"])
    cancellable.cancel()
  }

  @Test func cancelReachesEveryUpstream() {
    expectCancelReachesEveryUpstream { a, b in a.zip(b).map { $0 + $1 } }
  }

  @Test func toleratesRequestAndCancelFromInsideReceive() {
    let requesting = [1, 2, 3].publisher.zip([1, 2, 3].publisher).map { $0 + $1 }.record(demand: .max(1)) {
      _,
      recorder in
      recorder.request(.max(1))
      return .none
    }
    #expect(requesting.events == [.subscription, .value(2), .value(4), .value(6), .finished])

    expectACancelFromInsideReceiveIsTolerated { b in Just(1).zip(b).map { $0 + $1 } }
  }

  @Test func releasesTheSubscriberAfterCompletionAndOnCancel() throws {
    let b = TestPublisher<Int, Never>()
    try expectReleasesAfterCompletionAndOnCancel(
      completing: Just(1).zip(Just(2)),
      cancelled: Just(1).zip(b)
    )
  }

  @Test func concurrentUpstreamsProduceTuplesInOrderWithinTheContract() {
    raceThreeUpstreams(count: 40, meetEvery: 10) { subjects in
      subjects[0].zip(subjects[1], subjects[2]) { $0 * 10_000 + $1 * 100 + $2 }
    } check: { values, stepByStep in
      if !stepByStep {
        #expect(values == (0..<40).map { $0 * 10_000 + $0 * 100 + $0 })
      }
    }
  }
}
