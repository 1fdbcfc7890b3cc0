import ReactiveCore
import Testing
import TraitsTesting

private struct WrappedError: Error, Equatable {
  var inner: TestError
}

@Suite struct MapErrorTests {
  @Test func convertsTheFailure() {
    let upstream = TestPublisher<Int, TestError>()
    let recorder = upstream.mapError { WrappedError(inner: $0) }.record()

    upstream.send(1)
    upstream.send(completion: .failure(TestError(code: 5)))

    #expect(recorder.events == [.subscription, .value(1), .failure(WrappedError(inner: TestError(code: 5)))])
  }

  @Test func passesValuesAndFinishedThrough() {
    let recorder = [1, 2].unspecialisedPublisher.setFailureType(to: TestError.self).mapError { WrappedError(inner: $0) }
      .record()
    #expect(recorder.events == [.subscription, .value(1), .value(2), .finished])
  }

  @Test func asksUpstreamForExactlyTheDownstreamDemand() {
    expectDemandPassedThrough(
      { (upstream: TestPublisher<Int, TestError>) in upstream.mapError { WrappedError(inner: $0) } },
      sending: 1
    )
  }

  @Test func cancellationReachesTheUpstream() {
    expectCancelReachesTheUpstream { (upstream: TestPublisher<Int, TestError>) in
      upstream.mapError { WrappedError(inner: $0) }
    }
  }

  @Test func toleratesARequestAndACancelFromInsideReceive() {
    let recorder = expectToleratesARequestAndACancelFromInsideReceive(
      { (upstream: TestPublisher<Int, TestError>) in upstream.mapError { WrappedError(inner: $0) } },
      sending: [1, 2, 3]
    )
    #expect(recorder.events == [.subscription, .value(1), .value(2)])
  }

  @Test func releasesTheTransformAfterCompletionAndOnCancel() {
    let upstream = TestPublisher<Int, TestError>()
    weak var completedToken: Token?
    weak var cancelledToken: Token?
    let (completed, cancelled): (RecordingSubscriber<Int, WrappedError>, RecordingSubscriber<Int, WrappedError>) = {
      let first = Token()
      let second = Token()
      completedToken = first
      cancelledToken = second
      return (
        upstream.mapError { error in withExtendedLifetime(first) { WrappedError(inner: error) } }.record(),
        upstream.mapError { error in withExtendedLifetime(second) { WrappedError(inner: error) } }.record()
      )
    }()

    cancelled.cancel()
    #expect(cancelledToken == nil)
    #expect(completedToken != nil)

    upstream.send(completion: .finished)
    #expect(completedToken == nil)
    #expect(completed.events == [.subscription, .finished])
  }

  @Test func offersBothInitializers() {
    let labelled = Publishers.MapError(upstream: Fail<Int, TestError>(error: TestError()), transform: WrappedError.init)
    let unlabelled = Publishers.MapError(upstream: Fail<Int, TestError>(error: TestError()), WrappedError.init)
    #expect(labelled.record().events == [.subscription, .failure(WrappedError(inner: TestError()))])
    #expect(unlabelled.record().events == [.subscription, .failure(WrappedError(inner: TestError()))])
  }

  @Test func describesItsSubscriberAsMapError() {
    let upstream = SubscriberNameProbe<Int, TestError>()
    _ = upstream.mapError { WrappedError(inner: $0) }.record()
    #expect(upstream.subscriberNames == ["MapError"])
  }
}
