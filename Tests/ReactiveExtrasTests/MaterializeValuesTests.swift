import ReactiveCore
import ReactiveExtras
import TestSupport
import Testing
import TraitsTesting

@Suite struct MaterializeValuesTests {
  // MARK: values()

  @Test func valuesPublishesTheValuesOnlyThenFinishes() {
    let upstream = TestPublisher<Int, TestError>()
    let recorder = upstream.materialize().values().record()

    upstream.send(1)
    upstream.send(2)
    upstream.send(completion: .failure(TestError(code: 1)))

    #expect(recorder.events == [.subscription, .value(1), .value(2), .finished])
  }

  @Test func valuesSkipsTheSignalsThatCarryNoValue() {
    let signals = [Signal<Int, TestError>.value(1), .failure(TestError()), .finished, .value(2)].publisher
    #expect(signals.values().record().events == [.subscription, .value(1), .value(2), .finished])
  }

  @Test func valuesFinishesAtOnceWhenDemandIsLeftForTheCompletionSignal() {
    let upstream = TestPublisher<Int, TestError>()
    let recorder = upstream.materialize().values().record(demand: .max(2))
    upstream.send(1)
    upstream.send(completion: .finished)
    #expect(recorder.events == [.subscription, .value(1), .finished])
  }

  @Test func valuesFinishesOnTheNextRequestWhenTheCompletionSignalWaitsForDemand() {
    let upstream = TestPublisher<Int, TestError>()
    let recorder = upstream.materialize().values().record(demand: .max(1))
    upstream.send(1)
    upstream.send(completion: .finished)
    #expect(recorder.events == [.subscription, .value(1)])

    recorder.request(.max(1))

    #expect(recorder.events == [.subscription, .value(1), .finished])
  }

  @Test func valuesPassesTheDemandThroughToTheUpstream() {
    expectDemandPassedThrough(
      { (upstream: TestPublisher<Int, TestError>) in upstream.materialize().values() },
      sending: 1
    )
  }

  @Test func valuesCancelReachesTheUpstream() {
    expectCancelReachesTheUpstream { (upstream: TestPublisher<Int, TestError>) in upstream.materialize().values() }
  }

  @Test func valuesToleratesARequestAndACancelFromInsideReceive() {
    let recorder = expectToleratesARequestAndACancelFromInsideReceive(
      { (upstream: TestPublisher<Int, TestError>) in upstream.materialize().values() },
      sending: [1, 2, 3]
    )
    #expect(recorder.events == [.subscription, .value(1), .value(2)])
  }

  @Test func valuesReleasesTheDownstreamOnEveryEnd() throws {
    try expectReleasesOnEveryEnd { (upstream: TestPublisher<Token, TestError>, token) in
      upstream.materialize().values().map { _ in withExtendedLifetime(token) {} }
    }
  }

  // MARK: failures()

  @Test func failuresPublishesTheFailureOnlyThenFinishes() {
    let upstream = TestPublisher<Int, TestError>()
    let recorder = upstream.materialize().failures().record()

    upstream.send(1)
    upstream.send(2)
    upstream.send(completion: .failure(TestError(code: 3)))

    #expect(recorder.events == [.subscription, .value(TestError(code: 3)), .finished])
  }

  @Test func failuresOfAnUpstreamThatFinishesPublishesNothingThenFinishes() {
    let upstream = TestPublisher<Int, TestError>()
    let recorder = upstream.materialize().failures().record()
    upstream.send(1)
    upstream.send(completion: .finished)
    #expect(recorder.events == [.subscription, .finished])
  }

  @Test func failuresReplacesEachDroppedValueWithARequestForOneMore() {
    let upstream = TestPublisher<Int, TestError>()
    let recorder = upstream.materialize().failures().record(demand: .max(1))

    upstream.send(1)
    upstream.send(2)
    upstream.send(3)
    #expect(upstream.requests == [.max(1)])
    #expect(upstream.pendingDemand == .max(1))  // three values dropped, three replaced

    upstream.send(completion: .failure(TestError(code: 5)))

    #expect(recorder.events == [.subscription, .value(TestError(code: 5)), .finished])
  }

  @Test func failuresCancelReachesTheUpstream() {
    expectCancelReachesTheUpstream { (upstream: TestPublisher<Int, TestError>) in upstream.materialize().failures() }
  }

  @Test func failuresReleasesTheDownstreamOnEveryEnd() throws {
    try expectReleasesOnEveryEnd { (upstream: TestPublisher<Int, TestError>, token) in
      upstream.materialize().failures().map { _ in withExtendedLifetime(token) {} }
    }
  }

  // MARK: Spelling

  @Test func combineExtsChainCompilesAndReadsTheSame() {
    let upstream = PassthroughSubject<String, TestError>()
    let values = upstream.materialize().values().record()
    let failures = upstream.materialize().failures().record()

    upstream.send("Hello")
    upstream.send(completion: .failure(TestError(code: 7)))

    #expect(values.events == [.subscription, .value("Hello"), .finished])
    #expect(failures.events == [.subscription, .value(TestError(code: 7)), .finished])
  }
}
