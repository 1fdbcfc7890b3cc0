import MaybeTraits
import ReactiveCore
import Testing
import TraitsTesting

@Suite struct CheckMaybeTests {
  @Test func isAMaybePublisher() {
    func requiresMaybe<P: MaybePublisher>(_ publisher: P) -> P { publisher }
    let checked = requiresMaybe([1].publisher.checkMaybe())
    #expect(checked.record().events == [.subscription, .value(1), .finished])
  }

  @Test func noElementIsFine() {
    let events = Empty<Int, TestError>().checkMaybe().record().events
    #expect(events == [.subscription, .finished])
  }

  @Test func oneElementIsFine() {
    let events = Just(1).setFailureType(to: TestError.self).checkMaybe().record().events
    #expect(events == [.subscription, .value(1), .finished])
  }

  @Test func twoElementsFailWithTooManyElementsAndCancelTheUpstream() {
    let upstream = TestPublisher<Int, TestError>()
    let recorder = upstream.checkMaybe().record()

    _ = upstream.send(1)
    _ = upstream.send(2)

    #expect(recorder.events == [.subscription, .failure(.tooManyElements)])
    #expect(upstream.cancellations == 1)
  }

  @Test func anElementThenAnErrorFailsWithElementThenFailure() {
    let upstream = TestPublisher<Int, TestError>()
    let recorder = upstream.checkMaybe().record()

    _ = upstream.send(1)
    upstream.send(completion: .failure(TestError(code: 1)))

    #expect(recorder.events == [.subscription, .failure(.bothElementAndError(TestError(code: 1)))])
  }

  @Test func anUpstreamErrorPassesAsUpstream() {
    let events = Fail<Int, TestError>(error: TestError(code: 2)).checkMaybe().record().events
    #expect(events == [.subscription, .failure(.upstream(TestError(code: 2)))])
  }

  @Test func holdsTheValueUntilTheUpstreamFinishes() {
    let upstream = TestPublisher<Int, TestError>()
    let recorder = upstream.checkMaybe().record()

    _ = upstream.send(1)
    #expect(recorder.events == [.subscription])
    upstream.send(completion: .finished)

    #expect(recorder.events == [.subscription, .value(1), .finished])
  }

  @Test func requestsTheUpstreamOnTheFirstDemandOnly() {
    let upstream = TestPublisher<Int, TestError>()
    let recorder = upstream.checkMaybe().record(demand: .none)
    #expect(upstream.requests == [])

    recorder.request(.max(1))
    recorder.request(.max(1))

    #expect(upstream.requests == [.unlimited])
  }

  @Test func aValueWaitsForDemand() {
    // The upstream (misbehaving: it ignores demand) finishes with a value
    // before the downstream asks: the value is held until it does.
    let upstream = TestPublisher<Int, TestError>()
    let recorder = upstream.checkMaybe().record(demand: .none)
    _ = upstream.send(1)
    upstream.send(completion: .finished)
    #expect(recorder.events == [.subscription])

    recorder.request(.max(1))

    #expect(recorder.events == [.subscription, .value(1), .finished])
  }

  @Test func aFailureDoesNotWaitForDemand() {
    let upstream = TestPublisher<Int, TestError>()
    let recorder = upstream.checkMaybe().record(demand: .none)

    upstream.send(completion: .failure(TestError()))

    #expect(recorder.events == [.subscription, .failure(.upstream(TestError()))])
  }

  @Test func cancelReachesTheUpstream() {
    let upstream = TestPublisher<Int, TestError>()
    let recorder = upstream.checkMaybe().record()

    recorder.cancel()
    _ = upstream.send(1)
    upstream.send(completion: .finished)

    #expect(upstream.cancellations == 1)
    #expect(recorder.events == [.subscription])
  }

  @Test func completionAndCancelReleaseTheDownstream() {
    let upstream = TestPublisher<Int, TestError>()
    weak var weakRecorder: RecordingSubscriber<Int, MaybeError<TestError>>?
    do {
      let recorder = upstream.checkMaybe().record()
      weakRecorder = recorder
      upstream.send(completion: .finished)
    }
    #expect(weakRecorder == nil)

    do {
      let recorder = upstream.checkMaybe().record()
      weakRecorder = recorder
      recorder.cancel()
    }
    #expect(weakRecorder == nil)
  }

  @Test func errorIsEquatableWhenTheUpstreamFailureIs() {
    #expect(MaybeError<TestError>.tooManyElements == .tooManyElements)
    #expect(MaybeError<TestError>.upstream(TestError()) != .bothElementAndError(TestError()))
    #expect(Set<MaybeError<TestError>>([.tooManyElements, .tooManyElements]).count == 1)
  }
}
