import ReactiveCore
import ReactiveExtras
import TestSupport
import Testing
import TraitsTesting

@Suite struct MaterializeTests {
  @Test func publishesEachValueThenTheFinishAsSignalsThenFinishes() {
    let recorder = [1, 2].publisher.setFailureType(to: TestError.self).materialize().record()
    #expect(recorder.events == [.subscription, .value(.value(1)), .value(.value(2)), .value(.finished), .finished])
  }

  @Test func publishesAFailureAsASignalThenFinishes() {
    let upstream = TestPublisher<Int, TestError>()
    let recorder = upstream.materialize().record()
    upstream.send(1)
    upstream.send(completion: .failure(TestError(code: 5)))
    #expect(
      recorder.events == [.subscription, .value(.value(1)), .value(.failure(TestError(code: 5))), .finished]
    )
  }

  @Test func theCompletionSignalWaitsForDemand() {
    let upstream = TestPublisher<Int, TestError>()
    let recorder = upstream.materialize().record(demand: .max(1))
    upstream.send(1)
    upstream.send(completion: .finished)
    #expect(recorder.events == [.subscription, .value(.value(1))])

    recorder.request(.max(1))

    #expect(recorder.events == [.subscription, .value(.value(1)), .value(.finished), .finished])
  }

  @Test func demandReturnedByReceiveCountsForTheCompletionSignal() {
    let upstream = TestPublisher<Int, Never>()
    let recorder = upstream.materialize().record(demand: .max(1)) { _, _ in .max(1) }
    upstream.send(1)
    upstream.send(completion: .finished)
    #expect(recorder.events == [.subscription, .value(.value(1)), .value(.finished), .finished])
  }

  @Test func passesTheDemandThroughToTheUpstream() {
    expectDemandPassedThrough({ (upstream: TestPublisher<Int, Never>) in upstream.materialize() }, sending: 1)
  }

  @Test func cancelReachesTheUpstream() {
    expectCancelReachesTheUpstream { (upstream: TestPublisher<Int, TestError>) in upstream.materialize() }
  }

  @Test func cancelWhileTheCompletionSignalWaitsPublishesNothing() {
    let upstream = TestPublisher<Int, TestError>()
    let recorder = upstream.materialize().record(demand: .none)
    upstream.send(completion: .finished)
    recorder.cancel()
    recorder.request(.max(1))
    #expect(recorder.events == [.subscription])
  }

  @Test func toleratesARequestAndACancelFromInsideReceive() {
    let recorder = expectToleratesARequestAndACancelFromInsideReceive(
      { (upstream: TestPublisher<Int, Never>) in upstream.materialize() },
      sending: [1, 2, 3]
    )
    #expect(recorder.events == [.subscription, .value(.value(1)), .value(.value(2))])
  }

  @Test func releasesTheDownstreamOnEveryEnd() throws {
    try expectReleasesOnEveryEnd { (upstream: TestPublisher<Token, Never>, token) in
      upstream.materialize().map { _ in withExtendedLifetime(token) {} }
    }
    try expectReleases(
      demand: .none,
      { (upstream: TestPublisher<Int, Never>, token) in upstream.materialize().map { _ in token } },
      holding: finishUpstream,
      end: cancelSubscription
    )
  }

  @Test func signalsAreEquatableAndHashable() {
    let signal: Signal<Int, TestError> = .value(1)
    #expect(signal == .value(1))
    #expect(signal != .finished)
    #expect(Set<Signal<Int, TestError>>([.finished, .finished, .failure(TestError())]).count == 2)
  }

  @Test func describesItsSubscriptionAsMaterialize() throws {
    #expect(try subscriptionDescription(of: Just(1).materialize()) == "Materialize")
  }

  @Test func aRequestOfNoDemandTraps() async {
    await #expect(processExitsWith: .failure) {
      requestNoDemand(from: Just(1).materialize())
    }
  }
}
