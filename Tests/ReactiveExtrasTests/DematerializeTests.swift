import ReactiveCore
import ReactiveExtras
import TestSupport
import Testing
import TraitsTesting

@Suite struct DematerializeTests {
  @Test func publishesTheValuesThenTheCompletionTheSignalsCarry() {
    let signals: [Signal<Int, TestError>] = [.value(1), .value(2), .failure(TestError(code: 6))]
    #expect(
      signals.publisher.dematerialize().record().events == [
        .subscription, .value(1), .value(2), .failure(TestError(code: 6)),
      ]
    )
  }

  @Test func ignoresWhatFollowsACompletionSignalAndCancelsTheUpstream() {
    let upstream = TestPublisher<Signal<Int, TestError>, Never>()
    let recorder = upstream.dematerialize().record()
    upstream.send(.value(1))
    upstream.send(.finished)
    upstream.send(.value(2))
    upstream.send(completion: .finished)
    #expect(recorder.events == [.subscription, .value(1), .finished])
    #expect(upstream.cancellations == 1)
  }

  @Test func finishesWhenTheUpstreamFinishes() {
    let upstream = TestPublisher<Signal<Int, TestError>, Never>()
    let recorder = upstream.dematerialize().record()
    upstream.send(.value(1))
    upstream.send(completion: .finished)
    #expect(recorder.events == [.subscription, .value(1), .finished])
  }

  @Test func undoesMaterialize() {
    let upstream = TestPublisher<Int, TestError>()
    let recorder = upstream.materialize().dematerialize().record()
    upstream.send(1)
    upstream.send(completion: .failure(TestError(code: 7)))
    #expect(recorder.events == [.subscription, .value(1), .failure(TestError(code: 7))])
  }

  @Test func passesTheDemandThroughToTheUpstream() {
    expectDemandPassedThrough(
      { (upstream: TestPublisher<Signal<Int, Never>, Never>) in upstream.dematerialize() },
      sending: .value(1)
    )
  }

  @Test func cancelReachesTheUpstream() {
    expectCancelReachesTheUpstream { (upstream: TestPublisher<Signal<Int, Never>, Never>) in upstream.dematerialize() }
  }

  @Test func toleratesARequestAndACancelFromInsideReceive() {
    let recorder = expectToleratesARequestAndACancelFromInsideReceive(
      { (upstream: TestPublisher<Signal<Int, Never>, Never>) in upstream.dematerialize() },
      sending: [.value(1), .value(2), .value(3)]
    )
    #expect(recorder.events == [.subscription, .value(1), .value(2)])
  }

  @Test func releasesTheDownstreamOnEveryEnd() throws {
    try expectReleasesOnEveryEnd(sending: [.finished, .failure(TestError())]) {
      (upstream: TestPublisher<Signal<Int, TestError>, Never>, token) in
      upstream.dematerialize().map { _ in token }
    }
  }

  @Test func describesItsSubscriptionAsDematerialize() throws {
    let signals: [Signal<Int, Never>] = [.value(1)]
    #expect(try subscriptionDescription(of: signals.publisher.dematerialize()) == "Dematerialize")
  }

  @Test func aRequestOfNoDemandTraps() async {
    await #expect(processExitsWith: .failure) {
      requestNoDemand(from: Just(Signal<Int, Never>.finished).dematerialize())
    }
  }
}
