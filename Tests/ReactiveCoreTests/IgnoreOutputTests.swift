import ReactiveCore
import Testing
import TraitsTesting

@Suite struct IgnoreOutputTests {
  @Test func publishesOnlyTheCompletion() {
    let recorder = [1, 2, 3].unspecialisedPublisher.ignoreOutput().record()
    #expect(recorder.events == [.subscription, .finished])
  }

  @Test func passesAFailureThrough() {
    let upstream = TestPublisher<Int, TestError>()
    let recorder = upstream.ignoreOutput().record()

    upstream.send(1)
    upstream.send(completion: .failure(TestError(code: 2)))

    #expect(recorder.events == [.subscription, .failure(TestError(code: 2))])
  }

  @Test func asksUpstreamForUnlimitedDemandWhateverTheDownstreamAsks() {
    let upstream = TestPublisher<Int, Never>()
    let recorder = upstream.ignoreOutput().record(demand: .none)

    let returned = upstream.send(1)

    #expect(upstream.requests == [.unlimited])
    #expect(returned == .none)
    #expect(recorder.events == [.subscription])
  }

  @Test func cancellationReachesTheUpstream() {
    expectCancelReachesTheUpstream { (upstream: TestPublisher<Int, Never>) in upstream.ignoreOutput() }
  }

  @Test func cancelAfterCompletionDoesNotReachTheUpstream() {
    let recorder = expectCancelAfterTheUpstreamFinishedDoesNotReachIt { (upstream: TestPublisher<Int, Never>) in
      upstream.ignoreOutput()
    }
    #expect(recorder.events == [.subscription, .finished])
  }

  @Test func releasesTheDownstreamAfterCompletion() {
    let upstream = TestPublisher<Int, Never>()
    weak var weakRecorder: RecordingSubscriber<Never, Never>?
    do {
      let recorder = RecordingSubscriber<Never, Never>()
      weakRecorder = recorder
      upstream.ignoreOutput().subscribe(recorder)
    }
    #expect(weakRecorder != nil)

    upstream.send(completion: .finished)

    #expect(weakRecorder == nil)
  }

  @Test func isEquatableWhenItsUpstreamIs() {
    // Not `Just`: its specialised `ignoreOutput()` is an `Empty`.
    let one = Fail<Int, TestError>(error: TestError(code: 1))
    let two = Fail<Int, TestError>(error: TestError(code: 2))
    #expect(one.ignoreOutput() == one.ignoreOutput())
    #expect(one.ignoreOutput() != two.ignoreOutput())
  }

  @Test func describesItsSubscriberAsIgnoreOutput() {
    let upstream = SubscriberNameProbe<Int, Never>()
    _ = upstream.ignoreOutput().record()
    #expect(upstream.subscriberNames == ["IgnoreOutput"])
  }
}
