import ReactiveCore
import Testing
import TraitsTesting

@Suite struct ScanTests {
  @Test func publishesEachRunningResultThenFinishes() {
    let recorder = [1, 2, 3].unspecialisedPublisher.scan(10, +).record()
    #expect(recorder.events == [.subscription, .value(11), .value(13), .value(16), .finished])
  }

  @Test func finishesWithoutAValueWhenUpstreamIsEmpty() {
    let recorder = Empty<Int, Never>().scan(0, +).record()
    #expect(recorder.events == [.subscription, .finished])
  }

  @Test func passesAFailureThrough() {
    let upstream = TestPublisher<Int, TestError>()
    let recorder = upstream.scan(0, +).record()

    upstream.send(1)
    upstream.send(completion: .failure(TestError(code: 6)))

    #expect(recorder.events == [.subscription, .value(1), .failure(TestError(code: 6))])
  }

  @Test func eachSubscriptionStartsFromTheInitialResult() {
    let scan = [1, 2].unspecialisedPublisher.scan(0, +)
    #expect(scan.record().values == [1, 3])
    #expect(scan.record().values == [1, 3])
  }

  @Test func asksUpstreamForExactlyTheDownstreamDemand() {
    expectDemandPassedThrough(
      { (upstream: TestPublisher<Int, Never>) in upstream.scan(0, +) },
      sending: 1
    )
  }

  @Test func cancellationReachesTheUpstreamOnce() {
    let upstream = TestPublisher<Int, Never>()
    let recorder = upstream.scan(0, +).record()

    recorder.cancel()
    recorder.cancel()

    #expect(upstream.cancellations == 1)
  }

  @Test func toleratesARequestFromInsideReceive() {
    let recorder = expectToleratesARequestFromInsideReceive(
      { (upstream: TestPublisher<Int, Never>) in upstream.scan(0, +) },
      sending: [1, 2],
      requests: [.max(1), .max(1), .max(1)]
    )
    #expect(recorder.events == [.subscription, .value(1), .value(3)])
  }

  @Test func toleratesACancelFromInsideReceive() {
    let recorder = expectToleratesACancelFromInsideReceive(
      { (upstream: TestPublisher<Int, Never>) in upstream.scan(0, +) },
      sending: [1, 2]
    )
    #expect(recorder.events == [.subscription, .value(1)])
  }

  @Test func handsTheUpstreamsOwnSubscriptionToTheSubscriber() throws {
    // As in Combine: the subscriber gets the upstream's subscription, and
    // only the subscriber that scan attaches upstream is called Scan.
    let subject = PassthroughSubject<Int, Never>()
    #expect(try subscriptionDescription(of: subject.scan(0, +)) == "PassthroughSubject")
  }

  @Test func releasesTheDownstreamTheClosureAndTheResultAfterCompletion() throws {
    let upstream = TestPublisher<Token, Never>()
    weak var weakProbe: LifetimeProbe<Token, Never>?
    weak var weakClosureToken: Token?
    weak var weakResult: Token?
    let subscription: any Subscription = try {
      let closureToken = Token()
      let initial = Token()
      weakClosureToken = closureToken
      weakResult = initial
      let probe = LifetimeProbe<Token, Never>(demand: .unlimited)
      weakProbe = probe
      upstream.scan(initial) { _, next in withExtendedLifetime(closureToken) { next } }.subscribe(probe)
      return try #require(probe.subscription)
    }()
    #expect(weakResult != nil)

    upstream.send(completion: .finished)

    #expect(weakProbe == nil)
    #expect(weakClosureToken == nil)
    #expect(weakResult == nil)
    _ = subscription
  }

  @Test func releasesTheDownstreamTheClosureAndTheResultOnCancel() throws {
    try expectReleasesTheValueItKeeps({ $0.scan(Token()) { _, next in next } }, end: cancelReachingTheUpstream)
  }

  @Test func requestingNoDemandGoesToTheUpstreamAsIs() {
    // In Combine, scan hands the downstream's demand to the upstream: the upstream decides.
    let upstream = TestPublisher<Int, TestError>()
    let recorder = upstream.scan(0, +).record(demand: .none)

    recorder.request(.none)

    #expect(upstream.requests == [.none])
    #expect(recorder.events == [.subscription])
  }

  @Test func ignoresAValueBeforeTheSubscription() {
    // Combine does not trap; it hands the value to a downstream that has no
    // subscription yet. Ignored, and the fold does not see it.
    let upstream = EarlyEventPublisher<Int, TestError>(.value(1))
    #expect(upstream.scan(0, +).record().events == [.subscription])
  }

  @Test func ignoresACompletionBeforeTheSubscription() {
    // Combine passes it to a subscriber that has no subscription yet.
    let recorder = EarlyEventPublisher<Int, TestError>(.completion(.finished)).scan(0, +).record()
    #expect(recorder.events == [.subscription])
  }
}
