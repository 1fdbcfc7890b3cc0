import ReactiveCore
import Testing
import TraitsTesting

@Suite struct FilterTests {
  @Test func republishesMatchingValuesThenFinishes() {
    let recorder = [1, 2, 3, 4].unspecialisedPublisher.filter { $0.isMultiple(of: 2) }.record()
    #expect(recorder.events == [.subscription, .value(2), .value(4), .finished])
  }

  @Test func passesAFailureThrough() {
    let upstream = TestPublisher<Int, TestError>()
    let recorder = upstream.filter { _ in true }.record()

    upstream.send(completion: .failure(TestError(code: 3)))

    #expect(recorder.events == [.subscription, .failure(TestError(code: 3))])
  }

  @Test func asksUpstreamForOneMoreValueForEachDroppedValue() {
    let upstream = TestPublisher<Int, Never>()
    let recorder = upstream.filter { $0 > 10 }.record(demand: .max(1))

    let afterDropped = upstream.send(1)
    let afterKept = upstream.send(11)

    #expect(afterDropped == .max(1))
    #expect(afterKept == .none)
    #expect(upstream.requests == [.max(1)])
    #expect(upstream.pendingDemand == .none)
    #expect(recorder.events == [.subscription, .value(11)])
  }

  @Test func asksUpstreamForExactlyTheDownstreamRequests() {
    let upstream = TestPublisher<Int, Never>()
    let recorder = upstream.filter { _ in true }.record(demand: .max(2))

    recorder.request(.max(3))

    #expect(upstream.requests == [.max(2), .max(3)])
  }

  @Test func cancellationReachesTheUpstream() {
    expectCancelReachesTheUpstream { (upstream: TestPublisher<Int, Never>) in upstream.filter { _ in true } }
  }

  @Test func toleratesARequestFromInsideReceive() {
    let recorder = expectToleratesARequestFromInsideReceive(
      { (upstream: TestPublisher<Int, Never>) in upstream.filter { $0 != 2 } },
      sending: [1, 2, 3],
      requests: [.max(1), .max(1), .max(1)]
    )
    #expect(recorder.events == [.subscription, .value(1), .value(3)])
  }

  @Test func toleratesACancelFromInsideReceive() {
    let recorder = expectToleratesACancelFromInsideReceive(
      { (upstream: TestPublisher<Int, Never>) in upstream.filter { _ in true } },
      sending: [1, 2]
    )
    #expect(recorder.events == [.subscription, .value(1)])
  }

  @Test func filterAfterFilterFusesIntoOneOperator() {
    let fused: Publishers.Filter<Publishers.Sequence<[Int], Never>> = (1...12).map { $0 }.publisher
      .filter { $0.isMultiple(of: 2) }
      .filter { $0.isMultiple(of: 3) }
    #expect(fused.record().events == [.subscription, .value(6), .value(12), .finished])
  }

  @Test func tryFilterAfterFilterFusesIntoOneOperator() {
    let fused: Publishers.TryFilter<Publishers.Sequence<[Int], Never>> = [1, 2, 3, 4].publisher
      .filter { $0 != 1 }
      .tryFilter { value in
        guard value < 4 else { throw TestError(code: value) }
        return value != 2
      }
    #expect(fused.record().testEvents == [.subscription, .value(3), .failure(TestError(code: 4))])
  }

  @Test func releasesTheDownstreamAndThePredicate() throws {
    try expectReleasesOnEveryEnd { (upstream: TestPublisher<Int, Never>, token: Token) in
      upstream.filter { _ in withExtendedLifetime(token) { true } }
    }
  }

  @Test func describesItsSubscriberAsFilter() {
    let upstream = SubscriberNameProbe<Int, Never>()
    _ = upstream.filter { _ in true }.record()
    #expect(upstream.subscriberNames == ["Filter"])
  }
}
