import ReactiveCore
import Testing
import TraitsTesting

@Suite struct ShareTests {
  @Test func sharesOneUpstreamSubscriptionAmongSubscribers() {
    let upstream = TestPublisher<Int, TestError>()
    let shared = upstream.share()
    let first = shared.record()
    upstream.send(1)
    let second = shared.record()

    upstream.send(2)
    upstream.send(completion: .failure(TestError(code: 3)))

    #expect(first.events == [.subscription, .value(1), .value(2), .failure(TestError(code: 3))])
    #expect(second.events == [.subscription, .value(2), .failure(TestError(code: 3))])
    #expect(upstream.subscriptionCount == 1)
    #expect(upstream.requests == [.unlimited])
  }

  @Test func givesALateSubscriberJustTheCompletion() {
    let shared = [1, 2].publisher.share()
    let first = shared.record()

    let late = shared.record()

    #expect(first.events == [.subscription, .value(1), .value(2), .finished])
    #expect(late.events == [.subscription, .finished])
  }

  @Test func ignoresACompletionBeforeItsUpstreamsSubscriptionAsCombineDoes() {
    let upstream = LatePublisher<Int, Never>("upstream", log: EventLog())
    let recorder = upstream.share().record()

    upstream.send(completion: .finished)
    #expect(recorder.events == [.subscription])
    upstream.giveSubscription()
    #expect(upstream.subscription.calls == [.request(.unlimited)])
    #expect(upstream.send(1) == .none)
    #expect(recorder.events == [.subscription, .value(1)])
  }

  @Test func dropsValuesForASubscriberWithoutDemand() {
    let upstream = TestPublisher<Int, Never>()
    let shared = upstream.share()
    let eager = shared.record()
    let limited = shared.record(demand: .max(1))

    upstream.send(1)
    upstream.send(2)

    #expect(eager.events == [.subscription, .value(1), .value(2)])
    #expect(limited.events == [.subscription, .value(1)])
  }

  @Test func cancelsTheUpstreamOnceEverySubscriberHasCancelled() {
    let upstream = TestPublisher<Int, Never>()
    let shared = upstream.share()
    let first = shared.record()
    let second = shared.record()

    first.cancel()
    #expect(upstream.cancellations == 0)
    second.cancel()

    #expect(upstream.cancellations == 1)
  }

  @Test func subscribesAgainAfterEverySubscriberCancelled() {
    let upstream = TestPublisher<Int, Never>()
    let shared = upstream.share()
    shared.record().cancel()

    let recorder = shared.record()
    upstream.send(1)

    #expect(upstream.subscriptionCount == 2)
    #expect(recorder.events == [.subscription, .value(1)])
  }

  @Test func isEqualOnlyToItself() {
    let upstream = Just(1)
    let shared = upstream.share()
    #expect(shared == shared)
    #expect(shared != upstream.share())
  }

  @Test func toleratesACancelFromInsideReceive() {
    let recorder = expectToleratesACancelFromInsideReceive(
      { (upstream: TestPublisher<Int, Never>) in upstream.share() },
      sending: [1, 2]
    )
    #expect(recorder.events == [.subscription, .value(1)])
  }

  @Test func toleratesARequestFromInsideReceive() {
    let upstream = TestPublisher<Int, Never>()
    let recorder = upstream.share().record(demand: .max(1)) { _, recorder in
      recorder.request(.max(1))
      return .none
    }

    upstream.send(1)
    upstream.send(2)

    #expect(recorder.events == [.subscription, .value(1), .value(2)])
  }

  // MARK: Lifetimes

  @Test func releasesTheSubscriberAfterCompletion() throws {
    let upstream = TestPublisher<Int, Never>()
    try expectReleasesTheSubscriber(of: upstream.share(), end: { _ in upstream.send(completion: .finished) })
  }

  @Test func releasesTheSubscriberAndTheUpstreamSubscriptionOnCancel() throws {
    let upstream = TestPublisher<Int, Never>()
    let shared = upstream.share()
    try expectReleasesTheSubscriber(of: shared, end: { $0.cancel() })
    #expect(upstream.hasSubscribers == false)
    _ = shared
  }

  @Test func keepsTheContractWhileSubscribersComeAndGoDuringSends() {
    for _ in 0..<200 {
      let upstream = TestPublisher<Int, Never>()
      let shared = UncheckedSendable(upstream.share())
      let checkers = (0..<2).map { _ in ContractChecker<Int, Never>() }
      Race(threads: 3).run { thread, _ in
        if thread == 2 {
          for value in 0..<20 { upstream.send(value) }
        } else {
          shared.value.subscribe(checkers[thread])
          checkers[thread].cancel()
        }
      }
      for checker in checkers {
        #expect(checker.violations == [])
        #expect(checker.values == checker.values.sorted())
      }
    }
  }

  @Test func cancelsEveryUpstreamSubscriptionItMadeWhenSubscribersRace() {
    for _ in 0..<200 {
      let upstream = TestPublisher<Int, Never>()
      let shared = UncheckedSendable(upstream.share())
      Race(threads: 3).run { thread, race in
        let recorder = RecordingSubscriber<Int, Never>(demand: .unlimited)
        shared.value.subscribe(recorder)
        race.meet()
        upstream.send(thread)
        recorder.cancel()
      }
      #expect(upstream.hasSubscribers == false)
      #expect(upstream.cancellations == upstream.subscriptionCount)
    }
  }
}
