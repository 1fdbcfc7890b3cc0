import ReactiveCore
import Testing
import TraitsTesting

@Suite struct ReplaceNilTests {
  @Test func replacesEachNilWithTheOutput() {
    let replaced: Publishers.Map<Publishers.Sequence<[Int?], Never>, Int> = [1, nil, 3, nil].publisher.replaceNil(
      with: 0
    )
    #expect(replaced.record().events == [.subscription, .value(1), .value(0), .value(3), .value(0), .finished])
  }

  @Test func passesAFailureThrough() {
    let upstream = TestPublisher<Int?, TestError>()
    let recorder = upstream.replaceNil(with: 0).record()

    upstream.send(nil)
    upstream.send(completion: .failure(TestError(code: 1)))

    #expect(recorder.events == [.subscription, .value(0), .failure(TestError(code: 1))])
  }

  @Test func asksUpstreamForExactlyTheDownstreamDemand() {
    let upstream = TestPublisher<Int?, Never>()
    let recorder = upstream.replaceNil(with: 0).record(demand: .max(1))

    upstream.send(nil)
    recorder.request(.max(2))

    #expect(upstream.requests == [.max(1), .max(2)])
    #expect(recorder.events == [.subscription, .value(0)])
  }

  @Test func cancellationReachesTheUpstream() {
    let recorder = expectToleratesACancelFromInsideReceive(
      { (upstream: TestPublisher<Int?, Never>) in upstream.replaceNil(with: 0) },
      sending: [nil, 2]
    )
    #expect(recorder.events == [.subscription, .value(0)])
  }

  @Test func mapAfterReplaceNilFusesIntoOneOperator() {
    let fused: Publishers.Map<Publishers.Sequence<[Int?], Never>, String> = [nil, 2].publisher
      .replaceNil(with: 1)
      .map { "\($0)" }
    #expect(fused.record().events == [.subscription, .value("1"), .value("2"), .finished])
  }

  @Test func releasesTheOutputAfterCompletion() {
    let upstream = TestPublisher<Token?, Never>()
    weak var weakToken: Token?
    let recorder: RecordingSubscriber<Token, Never> = {
      let token = Token()
      weakToken = token
      return upstream.replaceNil(with: token).record()
    }()
    #expect(weakToken != nil)

    upstream.send(completion: .finished)

    #expect(weakToken == nil)
    #expect(recorder.isCompleted)
  }
}
