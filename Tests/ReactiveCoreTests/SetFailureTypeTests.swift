import ReactiveCore
import Testing
import TraitsTesting

@Suite struct SetFailureTypeTests {
  @Test func passesValuesAndFinishedThroughWithTheNewFailureType() {
    let recorder: RecordingSubscriber<Int, TestError> = [1, 2].unspecialisedPublisher.setFailureType(to: TestError.self)
      .record()
    #expect(recorder.events == [.subscription, .value(1), .value(2), .finished])
  }

  @Test func asksUpstreamForExactlyTheDownstreamDemand() {
    let recorder = expectDemandPassedThrough(
      { (upstream: TestPublisher<Int, Never>) in upstream.setFailureType(to: TestError.self) },
      sending: 1
    )
    #expect(recorder.events == [.subscription, .value(1)])
  }

  @Test func cancellationReachesTheUpstream() {
    expectCancelReachesTheUpstream { (upstream: TestPublisher<Int, Never>) in
      upstream.setFailureType(to: TestError.self)
    }
  }

  @Test func toleratesARequestAndACancelFromInsideReceive() {
    let recorder = expectToleratesARequestAndACancelFromInsideReceive(
      { (upstream: TestPublisher<Int, Never>) in upstream.setFailureType(to: TestError.self) },
      sending: [1, 2, 3]
    )
    #expect(recorder.events == [.subscription, .value(1), .value(2)])
  }

  @Test func releasesTheDownstreamAfterCompletion() {
    let upstream = TestPublisher<Int, Never>()
    weak var weakRecorder: RecordingSubscriber<Int, TestError>?
    do {
      let recorder = RecordingSubscriber<Int, TestError>()
      weakRecorder = recorder
      upstream.setFailureType(to: TestError.self).subscribe(recorder)
    }
    #expect(weakRecorder != nil)

    upstream.send(completion: .finished)

    #expect(weakRecorder == nil)
  }

  @Test func setFailureTypeTwiceDeclaresTheLastType() {
    let twice: Publishers.SetFailureType<Just<Int>, TestError> = Just(1)
      .setFailureType(to: CancellationError.self)
      .setFailureType(to: TestError.self)
    #expect(twice.record().events == [.subscription, .value(1), .finished])
  }

  @Test func isEquatableWhenItsUpstreamIs() {
    // Not `Just`: its specialised `setFailureType(to:)` is a `Result.Publisher`.
    let finishing = Empty<Int, Never>()
    let silent = Empty<Int, Never>(completeImmediately: false)
    #expect(finishing.setFailureType(to: TestError.self) == finishing.setFailureType(to: TestError.self))
    #expect(finishing.setFailureType(to: TestError.self) != silent.setFailureType(to: TestError.self))
  }

  @Test func describesItsSubscriberAsSetFailureType() {
    let upstream = SubscriberNameProbe<Int, Never>()
    _ = upstream.setFailureType(to: TestError.self).record()
    #expect(upstream.subscriberNames == ["SetFailureType"])
  }
}
