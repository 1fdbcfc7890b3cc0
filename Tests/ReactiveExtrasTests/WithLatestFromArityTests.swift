// OpenCombine 0.14.0 (AppleSwitch) has no combineLatest, which these operators are built on.
#if !REACTIVECORE_IS_OPENCOMBINE
import MaybeTraits
import ReactiveCore
import ReactiveExtras
import SingleTraits
import TestSupport
import Testing
import TraitsTesting

private func trait(of _: some SinglePublisher) -> String { "single" }
private func trait(of _: some MaybePublisher) -> String { "maybe" }
private func trait(of _: some Publisher) -> String { "publisher" }

@Suite struct WithLatestFromArityTests {
  // MARK: Two others

  @Test func combinesEachUpstreamValueWithTheLatestValuesOfTwoOthers() {
    let upstream = TestPublisher<String, TestError>()
    let other1 = TestPublisher<Int, TestError>()
    let other2 = TestPublisher<String, TestError>()
    let recorder = upstream.withLatestFrom(other1, other2) { value, latest in "\(value)\(latest.0)\(latest.1)" }
      .record()

    upstream.send("a")  // dropped: neither other has published
    other1.send(1)
    upstream.send("b")  // dropped: other2 has not published
    other2.send("u")
    upstream.send("c")
    other1.send(2)
    other2.send("v")
    upstream.send("d")
    upstream.send(completion: .finished)

    #expect(recorder.events == [.subscription, .value("c1u"), .value("d2v"), .finished])
  }

  @Test func withoutASelectorPublishesThePairOfLatestValues() {
    let taps = PassthroughSubject<Void, Never>()
    let units = CurrentValueSubject<String, Never>("metric")
    let language = CurrentValueSubject<String, Never>("en")
    let recorder = taps.withLatestFrom(units, language).map { "\($0.0)-\($0.1)" }.record()

    taps.send()
    units.send("imperial")
    taps.send()

    #expect(recorder.events == [.subscription, .value("metric-en"), .value("imperial-en")])
  }

  @Test func valuesTheOthersHaveAtHandAreLatestBeforeTheFirstUpstreamValue() {
    let recorder = Just("a").withLatestFrom(Just(1), Just("u")).map { "\($0.0)\($0.1)" }.record()
    #expect(recorder.events == [.subscription, .value("1u"), .finished])
  }

  @Test func aDroppedValueIsReplacedByARequestForOneMore() {
    let upstream = TestPublisher<Int, Never>()
    let other1 = TestPublisher<Int, Never>()
    let other2 = TestPublisher<Int, Never>()
    _ = upstream.withLatestFrom(other1, other2).record(demand: .max(1))

    upstream.send(0)  // dropped

    #expect(upstream.requests == [.max(1)])
    #expect(upstream.pendingDemand == .max(1))
    #expect(other1.requests == [.unlimited])
    #expect(other2.requests == [.unlimited])
  }

  @Test func theFailureOfAnOtherFailsTheResultAndCancelsTheRest() {
    let upstream = TestPublisher<Int, TestError>()
    let other1 = TestPublisher<Int, TestError>()
    let other2 = TestPublisher<Int, TestError>()
    let recorder = upstream.withLatestFrom(other1, other2).map { $0.0 + $0.1 }.record()

    other2.send(completion: .failure(TestError(code: 6)))

    #expect(recorder.events == [.subscription, .failure(TestError(code: 6))])
    #expect(upstream.cancellations == 1)
    #expect(other1.cancellations == 1)
  }

  @Test func theUpstreamsFinishFinishesTheResultAndCancelsTheOthers() {
    let upstream = TestPublisher<Int, Never>()
    let other1 = TestPublisher<Int, Never>()
    let other2 = TestPublisher<Int, Never>()
    let recorder = upstream.withLatestFrom(other1, other2).map { $0.0 + $0.1 }.record()

    upstream.send(completion: .finished)

    #expect(recorder.events == [.subscription, .finished])
    #expect(other1.cancellations == 1)
    #expect(other2.cancellations == 1)
  }

  @Test func cancelReachesTheUpstreamAndBothOthers() {
    let upstream = TestPublisher<Int, Never>()
    let other1 = TestPublisher<Int, Never>()
    let other2 = TestPublisher<Int, Never>()
    let recorder = upstream.withLatestFrom(other1, other2).record()

    recorder.cancel()

    #expect(upstream.cancellations == 1)
    #expect(other1.cancellations == 1)
    #expect(other2.cancellations == 1)
  }

  // MARK: Three others

  @Test func combinesEachUpstreamValueWithTheLatestValuesOfThreeOthers() {
    let upstream = TestPublisher<String, TestError>()
    let other1 = TestPublisher<Int, TestError>()
    let other2 = TestPublisher<String, TestError>()
    let other3 = TestPublisher<Bool, TestError>()
    let recorder = upstream.withLatestFrom(other1, other2, other3) { value, latest in
      "\(value)\(latest.0)\(latest.1)\(latest.2 ? "!" : "?")"
    }
    .record()

    other1.send(1)
    other2.send("u")
    upstream.send("a")  // dropped: other3 has not published
    other3.send(true)
    upstream.send("b")
    other1.send(2)
    other3.send(false)
    upstream.send("c")
    upstream.send(completion: .failure(TestError(code: 8)))

    #expect(recorder.events == [.subscription, .value("b1u!"), .value("c2u?"), .failure(TestError(code: 8))])
  }

  @Test func withoutASelectorPublishesTheTripleOfLatestValues() {
    let recorder = Just("a").withLatestFrom(Just(1), Just("u"), Just(true)).map { "\($0.0)\($0.1)\($0.2)" }.record()
    #expect(recorder.events == [.subscription, .value("1utrue"), .finished])
  }

  @Test func cancelReachesTheUpstreamAndTheThreeOthers() {
    let upstream = TestPublisher<Int, Never>()
    let others = (TestPublisher<Int, Never>(), TestPublisher<Int, Never>(), TestPublisher<Int, Never>())
    let recorder = upstream.withLatestFrom(others.0, others.1, others.2).record()

    recorder.cancel()

    #expect(upstream.cancellations == 1)
    #expect([others.0.cancellations, others.1.cancellations, others.2.cancellations] == [1, 1, 1])
  }

  // MARK: The contract

  @Test func passesTheDemandThroughToTheUpstream() {
    expectDemandPassedThrough(
      { (upstream: TestPublisher<Int, Never>) in upstream.withLatestFrom(Just(1), Just(2)) { $0 + $1.0 + $1.1 } },
      sending: 1
    )
  }

  @Test func toleratesARequestAndACancelFromInsideReceive() {
    let recorder = expectToleratesARequestAndACancelFromInsideReceive(
      { (upstream: TestPublisher<Int, Never>) in upstream.withLatestFrom(Just(10), Just(20), Just(30)) { $0 + $1.0 } },
      sending: [1, 2, 3]
    )
    #expect(recorder.events == [.subscription, .value(11), .value(12)])
  }

  @Test func releasesTheSelectorAndTheDownstreamOnEveryEnd() throws {
    try expectReleasesOnEveryEnd { (upstream: TestPublisher<Int, Never>, token) in
      upstream.withLatestFrom(Just(1), Just(2)) { value, _ in withExtendedLifetime(token) { value } }
    }
    try expectReleasesOnEveryEnd { (upstream: TestPublisher<Int, Never>, token) in
      upstream.withLatestFrom(Just(1), Just(2), Just(3)) { value, _ in withExtendedLifetime(token) { value } }
    }
  }

  @Test func describesItsSubscriptionAsWithLatestFrom() throws {
    #expect(try subscriptionDescription(of: Just(1).withLatestFrom(Just(2), Just(3))) == "WithLatestFrom")
  }

  // MARK: Traits

  @Test func isMaybeAfterAMaybePublisherAndNotSingleAfterASingle() {
    #expect(trait(of: Empty<Int, Never>().withLatestFrom(Just(1), Just(2))) == "maybe")
    #expect(trait(of: Just(0).withLatestFrom(Just(1), Just(2), Just(3))) == "maybe")
    #expect(trait(of: [0, 1].publisher.withLatestFrom(Just(1), Just(2))) == "publisher")
  }
}
#endif
