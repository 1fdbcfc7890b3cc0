import ReactiveCore
import Testing
import TraitsTesting

@Suite struct MapTests {
  @Test func transformsEachValueThenFinishes() {
    let recorder = [1, 2, 3].unspecialisedPublisher.map { $0 * 10 }.record()
    #expect(recorder.events == [.subscription, .value(10), .value(20), .value(30), .finished])
  }

  @Test func passesAFailureThrough() {
    let upstream = TestPublisher<Int, TestError>()
    let recorder = upstream.map(String.init).record()

    upstream.send(1)
    upstream.send(completion: .failure(TestError(code: 7)))

    #expect(recorder.events == [.subscription, .value("1"), .failure(TestError(code: 7))])
  }

  @Test func asksUpstreamForExactlyTheDownstreamDemand() {
    let recorder = expectDemandPassedThrough(
      { (upstream: TestPublisher<Int, Never>) in upstream.map { $0 + 1 } },
      sending: 1,
      returning: .max(3),
      request: .max(5),
      requests: [.max(2), .max(5)],
      pendingDemand: .max(9)
    )
    #expect(recorder.events == [.subscription, .value(2)])
  }

  @Test func handsTheUpstreamSubscriptionToTheDownstream() throws {
    let upstream = TestPublisher<Int, Never>()
    let probe = LifetimeProbe<Int, Never>(demand: .none)
    upstream.map { $0 }.subscribe(probe)
    let subscription = try #require(probe.subscription)
    #expect(String(describing: subscription) == "TestPublisher")
  }

  @Test func cancellationReachesTheUpstream() {
    let upstream = TestPublisher<Int, Never>()
    let recorder = upstream.map { $0 }.record()

    recorder.cancel()

    #expect(upstream.cancellations == 1)
    #expect(!upstream.hasSubscribers)
  }

  @Test func toleratesARequestFromInsideReceive() {
    let recorder = expectToleratesARequestFromInsideReceive(
      { (upstream: TestPublisher<Int, Never>) in upstream.map { $0 * 2 } },
      sending: [1, 2],
      requests: [.max(1), .max(1), .max(1)]
    )
    #expect(recorder.events == [.subscription, .value(2), .value(4)])
  }

  @Test func toleratesACancelFromInsideReceive() {
    let recorder = expectToleratesACancelFromInsideReceive(
      { (upstream: TestPublisher<Int, Never>) in upstream.map { $0 * 2 } },
      sending: [1, 2]
    )
    #expect(recorder.events == [.subscription, .value(2)])
  }

  @Test func mapAfterMapFusesIntoOneOperator() {
    let fused: Publishers.Map<Publishers.Sequence<[Int], Never>, String> = [1, 2].publisher
      .map { $0 + 1 }
      .map { "\($0)" }
    #expect(fused.record().events == [.subscription, .value("2"), .value("3"), .finished])
  }

  @Test func tryMapAfterMapFusesIntoOneOperator() {
    let fused: Publishers.TryMap<Publishers.Sequence<[Int], Never>, Int> = [1, 2, 3].publisher
      .map { $0 * 10 }
      .tryMap { value in
        guard value < 30 else { throw TestError(code: value) }
        return value + 1
      }
    #expect(fused.record().testEvents == [.subscription, .value(11), .value(21), .failure(TestError(code: 30))])
  }

  @Test func releasesTheDownstreamAndTheTransform() throws {
    try expectReleasesOnEveryEnd { (upstream: TestPublisher<Int, Never>, token: Token) in
      upstream.map { value in withExtendedLifetime(token) { value } }
    }
  }

  @Test func describesItsSubscriberAsMap() {
    let upstream = SubscriberNameProbe<Int, Never>()
    _ = upstream.map { $0 }.record()
    #expect(upstream.subscriberNames == ["Map"])
  }
}
