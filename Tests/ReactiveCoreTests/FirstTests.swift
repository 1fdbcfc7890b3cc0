import ReactiveCore
import Testing
import TraitsTesting

@Suite struct FirstTests {
  @Test func publishesTheFirstValueThenFinishes() {
    let recorder = [1, 2, 3].unspecialisedPublisher.first().record()
    #expect(recorder.events == [.subscription, .value(1), .finished])
  }

  @Test func finishesEmptyWhenTheUpstreamFinishesEmpty() {
    let recorder = Empty<Int, Never>().first().record()
    #expect(recorder.events == [.subscription, .finished])
  }

  @Test func passesAFailureThroughWithoutDemand() {
    let upstream = ReducingUpstream()
    let recorder = upstream.first().record(demand: .none)

    upstream.send(completion: .failure(TestError(code: 1)))

    #expect(recorder.events == [.subscription, .failure(TestError(code: 1))])
  }

  @Test func requestsUnlimitedAndCancelsTheUpstreamOnTheFirstValue() {
    let upstream = ReducingUpstream()
    let recorder = upstream.first().record()
    #expect(upstream.requests == [.unlimited])

    upstream.send(7)
    upstream.send(8)

    #expect(upstream.cancellations == 1)
    #expect(recorder.events == [.subscription, .value(7), .finished])
  }

  @Test func keepsTheValueUntilTheDownstreamRequests() {
    let upstream = ReducingUpstream()
    let recorder = upstream.first().record(demand: .none)
    #expect(upstream.requests == [.unlimited])

    upstream.send(7)
    #expect(upstream.cancellations == 1)
    #expect(recorder.events == [.subscription])

    recorder.request(.max(1))
    recorder.request(.max(1))

    #expect(recorder.events == [.subscription, .value(7), .finished])
  }

  @Test func keepsAnEmptyFinishUntilTheDownstreamRequests() {
    let upstream = ReducingUpstream()
    let recorder = upstream.first().record(demand: .none)

    upstream.send(completion: .finished)
    #expect(recorder.events == [.subscription])

    recorder.request(.max(1))

    #expect(recorder.events == [.subscription, .finished])
  }

  @Test func cancelReachesTheUpstreamAndSilencesTheResult() {
    let upstream = ReducingUpstream()
    let recorder = upstream.first().record(demand: .none)

    recorder.cancel()
    upstream.send(1)

    #expect(upstream.cancellations == 1)
    #expect(recorder.events == [.subscription])
  }

  @Test func cancelAfterTheResultIsKnownDropsIt() {
    let upstream = ReducingUpstream()
    let recorder = upstream.first().record(demand: .none)
    upstream.send(1)

    recorder.cancel()
    recorder.request(.max(1))

    #expect(upstream.cancellations == 1)
    #expect(recorder.events == [.subscription])
  }

  @Test func toleratesACancelFromInsideReceive() {
    let upstream = ReducingUpstream()
    let recorder = upstream.first().record { _, recorder in
      recorder.cancel()
      recorder.request(.max(1))
      return .none
    }

    upstream.send(1)

    #expect(recorder.events == [.subscription, .value(1), .finished])
    #expect(upstream.cancellations == 1)
  }

  @Test func aCancelFromInsideReceiveSubscriptionSkipsTheUpstreamRequest() {
    let upstream = ReducingUpstream()
    var subscription: (any Subscription)?
    upstream.first().subscribe(
      AnySubscriber<Int, TestError>(
        receiveSubscription: {
          subscription = $0
          $0.cancel()
        },
        receiveValue: { _ in .none },
        receiveCompletion: { _ in }
      )
    )
    #expect(subscription != nil)
    #expect(upstream.requests == [])
    #expect(upstream.cancellations == 1)
  }

  @Test func cancelsASecondSubscription() {
    let second = SubscriptionProbe()
    let recorder = DoubleSubscriptionPublisher(second: second).first().record()
    #expect(second.cancels == 1)
    #expect(recorder.events == [.subscription])
  }

  @Test func releasesTheDownstreamAfterCompletionAndOnCancel() throws {
    try expectReleasesOnEveryEnd(sending: [1]) { (upstream: ReducingUpstream, _: Token) in upstream.first() }
  }
}

@Suite struct FirstWhereTests {
  @Test func publishesTheFirstMatchingValueThenFinishes() {
    let recorder = [1, 2, 3, 4].unspecialisedPublisher.first { $0.isMultiple(of: 2) }.record()
    #expect(recorder.events == [.subscription, .value(2), .finished])
  }

  @Test func finishesEmptyWithoutAMatch() {
    let recorder = [1, 3].unspecialisedPublisher.first { $0.isMultiple(of: 2) }.record()
    #expect(recorder.events == [.subscription, .finished])
  }

  @Test func requestsUnlimitedAndCancelsTheUpstreamOnAMatch() {
    let upstream = ReducingUpstream()
    let recorder = upstream.first { $0 > 1 }.record(demand: .none)
    #expect(upstream.requests == [.unlimited])

    upstream.send(1)
    #expect(upstream.cancellations == 0)
    upstream.send(2)
    #expect(upstream.cancellations == 1)
    recorder.request(.max(1))

    #expect(recorder.events == [.subscription, .value(2), .finished])
  }

  @Test func aCancelReachesTheUpstream() {
    let upstream = ReducingUpstream()
    let recorder = upstream.first { $0 > 1 }.record()
    recorder.cancel()
    #expect(upstream.cancellations == 1)
  }

  @Test func releasesThePredicateAndTheDownstream() throws {
    try expectReleasesOnEveryEnd(sending: [2]) { (upstream: ReducingUpstream, token: Token) in
      upstream.first(where: predicate(capturing: token) { $0 > 1 })
    }
  }
}

@Suite struct TryFirstTests {
  @Test func publishesTheFirstMatchingValueThenFinishes() {
    let recorder = [1, 2, 3, 4].publisher.tryFirst { $0.isMultiple(of: 2) }.record()
    #expect(recorder.events.map(\.description) == ["subscription", "value(2)", "finished"])
  }

  @Test func aThrownErrorCancelsTheUpstreamAndFailsWithoutDemand() {
    let (recorder, _) = expectAThrownErrorCancelsTheUpstream(otherwise: { _ in false }) { upstream, predicate in
      upstream.tryFirst(where: predicate)
    }
    #expect(recorder.events.map(\.description) == ["subscription", "failure(TestError(code: 2))"])
  }

  @Test func passesAnUpstreamFailureThrough() {
    let upstream = ReducingUpstream()
    let recorder = upstream.tryFirst { _ in false }.record()

    upstream.send(completion: .failure(TestError(code: 1)))

    #expect(recorder.events.map(\.description) == ["subscription", "failure(TestError(code: 1))"])
  }

  @Test func releasesThePredicateAndTheDownstream() throws {
    try expectThePredicateAndTheDownstreamReleased(otherwise: { $0 == 2 }, ending: [2]) { upstream, predicate in
      upstream.tryFirst(where: predicate)
    }
  }
}
