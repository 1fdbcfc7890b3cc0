import ReactiveCore
import Testing
import TraitsTesting

@Suite struct CompactMapTests {
  @Test func republishesTheNonNilResultsThenFinishes() {
    let recorder = ["1", "a", "3"].unspecialisedPublisher.compactMap { Int($0) }.record()
    #expect(recorder.events == [.subscription, .value(1), .value(3), .finished])
  }

  @Test func passesAFailureThrough() {
    let upstream = TestPublisher<String, TestError>()
    let recorder = upstream.compactMap { Int($0) }.record()

    upstream.send(completion: .failure(TestError(code: 4)))

    #expect(recorder.events == [.subscription, .failure(TestError(code: 4))])
  }

  @Test func asksUpstreamForOneMoreValueForEachNilResult() {
    let upstream = TestPublisher<String, Never>()
    let recorder = upstream.compactMap { Int($0) }.record(demand: .max(1))

    let afterNil = upstream.send("a")
    let afterValue = upstream.send("2")
    recorder.request(.max(3))

    #expect(afterNil == .max(1))
    #expect(afterValue == .none)
    #expect(upstream.requests == [.max(1), .max(3)])
    #expect(recorder.events == [.subscription, .value(2)])
  }

  @Test func cancellationReachesTheUpstream() {
    expectCancelReachesTheUpstream { (upstream: TestPublisher<String, Never>) in upstream.compactMap { Int($0) } }
  }

  @Test func toleratesARequestFromInsideReceive() {
    let recorder = expectToleratesARequestFromInsideReceive(
      { (upstream: TestPublisher<String, Never>) in upstream.compactMap { Int($0) } },
      sending: ["1", "2"],
      requests: [.max(1), .max(1), .max(1)]
    )
    #expect(recorder.events == [.subscription, .value(1), .value(2)])
  }

  @Test func toleratesACancelFromInsideReceive() {
    let recorder = expectToleratesACancelFromInsideReceive(
      { (upstream: TestPublisher<String, Never>) in upstream.compactMap { Int($0) } },
      sending: ["1", "2"]
    )
    #expect(recorder.events == [.subscription, .value(1)])
  }

  @Test func compactMapAfterCompactMapFusesIntoOneOperator() {
    let fused: Publishers.CompactMap<Publishers.Sequence<[String], Never>, Int> = ["1", "a", "20"].publisher
      .compactMap { Int($0) }
      .compactMap { $0 < 10 ? $0 * 100 : nil }
    #expect(fused.record().events == [.subscription, .value(100), .finished])
  }

  @Test func mapAfterCompactMapFusesIntoOneOperator() {
    let fused: Publishers.CompactMap<Publishers.Sequence<[String], Never>, String> = ["1", "a", "2"].publisher
      .compactMap { Int($0) }
      .map { "#\($0)" }
    #expect(fused.record().events == [.subscription, .value("#1"), .value("#2"), .finished])
  }

  @Test func releasesTheDownstreamAndTheTransform() throws {
    try expectReleasesOnEveryEnd { (upstream: TestPublisher<Int, Never>, token: Token) in
      upstream.compactMap { value in withExtendedLifetime(token) { value } }
    }
  }

  @Test func describesItsSubscriberAsCompactMap() {
    let upstream = SubscriberNameProbe<Int, Never>()
    _ = upstream.compactMap { $0 }.record()
    #expect(upstream.subscriberNames == ["CompactMap"])
  }
}
