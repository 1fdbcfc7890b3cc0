import ReactiveCore
import SingleTraits
import Testing
import TraitsTesting

@Suite struct CheckSingleTests {
  typealias Checked = RecordingSubscriber<Int, SingleError<TestError>>

  @Test func oneValueThenFinishedPassesWhenTheUpstreamFinishes() {
    let upstream = TestPublisher<Int, TestError>()
    let recording = upstream.checkSingle().record()

    _ = upstream.send(1)
    #expect(recording.events == [.subscription])  // a second value may still come
    upstream.send(completion: .finished)

    #expect(recording.events == [.subscription, .value(1), .finished])
  }

  @Test func theValueWaitsForDemand() {
    let upstream = TestPublisher<Int, TestError>()
    let recording = upstream.checkSingle().record(demand: .none)
    #expect(upstream.requests.isEmpty)

    recording.request(.max(1))
    #expect(upstream.requests == [.unlimited])  // so that a second value shows
    _ = upstream.send(1)
    upstream.send(completion: .finished)
    #expect(recording.events == [.subscription, .value(1), .finished])
  }

  @Test func aValueThatArrivesBeforeDemandIsDeliveredOnDemand() {
    // A single upstream, checked anyway (checkSingle() on a single is deprecated: it checks nothing).
    let recording = Publishers.CheckSingle(upstream: Just(1).setFailureType(to: TestError.self)).record(demand: .none)
    #expect(recording.events == [.subscription])
    recording.request(.max(1))
    #expect(recording.events == [.subscription, .value(1), .finished])
  }

  @Test func noElementFailsWithMissingElement() {
    let recording = Empty<Int, TestError>().checkSingle().record()
    #expect(recording.events == [.subscription, .failure(.missingElement)])
  }

  @Test func twoElementsFailWithTooManyElementsAndCancelTheUpstream() {
    let upstream = TestPublisher<Int, TestError>()
    let recording = upstream.checkSingle().record()

    _ = upstream.send(1)
    _ = upstream.send(2)

    #expect(recording.events == [.subscription, .failure(.tooManyElements)])
    #expect(upstream.cancellations == 1)
  }

  @Test func anElementThenAnErrorFailsWithElementThenFailure() {
    let upstream = TestPublisher<Int, TestError>()
    let recording = upstream.checkSingle().record()

    _ = upstream.send(1)
    upstream.send(completion: .failure(TestError(code: 1)))

    #expect(recording.events == [.subscription, .failure(.bothElementAndError(TestError(code: 1)))])
  }

  @Test func anUpstreamErrorIsPassedOnAsUpstream() {
    let upstream = Fail<Int, TestError>(error: TestError(code: 2))
    let recording = Publishers.CheckSingle(upstream: upstream).record(demand: .none)
    #expect(recording.events == [.subscription, .failure(.upstream(TestError(code: 2)))])
  }

  @Test func cancellingReachesTheUpstream() {
    let upstream = TestPublisher<Int, TestError>()
    let recording = upstream.checkSingle().record()
    recording.cancel()
    #expect(upstream.cancellations == 1)
  }

  @Test func cancellingWhileHoldingTheValueReachesTheUpstreamAndDeliversNothing() {
    let upstream = TestPublisher<Int, TestError>()
    let recording = upstream.checkSingle().record()
    _ = upstream.send(1)
    recording.cancel()
    upstream.send(completion: .finished)
    #expect(recording.events == [.subscription])
    #expect(upstream.cancellations == 1)
  }

  @Test func cancellingFromInsideReceiveValueIsAllowed() {
    let upstream = TestPublisher<Int, TestError>()
    let recording = upstream.checkSingle().record { _, recording in
      recording.cancel()
      return .none
    }
    _ = upstream.send(1)
    upstream.send(completion: .finished)
    #expect(recording.events == [.subscription, .value(1), .finished])
  }

  @Test func theDownstreamIsReleasedAfterCompletionAndCancel() {
    let upstream = TestPublisher<Int, TestError>()
    weak var weakRecording: Checked?
    do {
      let recording = upstream.checkSingle().record()
      weakRecording = recording
      _ = upstream.send(1)
      upstream.send(completion: .finished)
    }
    #expect(weakRecording == nil)

    do {
      let recording = upstream.checkSingle().record()
      weakRecording = recording
      recording.cancel()
    }
    #expect(weakRecording == nil)
  }

  @Test func singleErrorIsEquatable() {
    #expect(SingleError<TestError>.missingElement == .missingElement)
    #expect(SingleError<TestError>.upstream(TestError(code: 1)) != .bothElementAndError(TestError(code: 1)))
  }
}
