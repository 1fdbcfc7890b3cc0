import MaybeTraits
import ReactiveCore
import SingleTraits
import Testing
import TraitsTesting

@Suite struct PreventCancellationTests {
  @Test func passesTheValueAndTheCompletionOn() {
    let upstream = TestPublisher<Int, TestError>()
    let recording = ForwardSingle(upstream: upstream).preventCancellation().record()

    _ = upstream.send(1)
    upstream.send(completion: .finished)

    #expect(recording.events == [.subscription, .value(1), .finished])
  }

  @Test func passesAFailureOn() {
    let recording = AnySinglePublisher<Int, TestError>.fail(TestError(code: 1)).preventCancellation().record()
    #expect(recording.events == [.subscription, .failure(TestError(code: 1))])
  }

  @Test func passesAnEmptyMaybeOn() {
    let recording = AnyMaybePublisher<Int, TestError>.empty().preventCancellation().record()
    #expect(recording.events == [.subscription, .finished])
  }

  @Test func startsTheUpstreamAtOnceAndTheValueWaitsForDemand() {
    let upstream = TestPublisher<Int, TestError>()
    let recording = ForwardSingle(upstream: upstream).preventCancellation().record(demand: .none)
    #expect(upstream.requests == [.unlimited])

    _ = upstream.send(1)
    upstream.send(completion: .finished)
    #expect(recording.events == [.subscription])

    recording.request(.max(1))
    #expect(recording.events == [.subscription, .value(1), .finished])
  }

  @Test func cancellingDoesNotReachTheUpstream() {
    let upstream = TestPublisher<Int, TestError>()
    let recording = ForwardSingle(upstream: upstream).preventCancellation().record()

    recording.cancel()
    _ = upstream.send(1)
    upstream.send(completion: .finished)

    #expect(upstream.cancellations == 0)
    #expect(recording.events == [.subscription])
  }

  @Test func theUpstreamRunsToCompletionAfterTheSinkIsGone() {
    let started = Collector<Int>()
    let promises = Collector<Int>()
    nonisolated(unsafe) var promise: ((Int) -> Void)?
    let job = TraitPublishers.Maybe<Int, Never> { complete in
      started.append(1)
      promise = { complete(.success($0)) }
      return AnyCancellable {}
    }
    do {
      let cancellable = job.preventCancellation().sink { promises.append($0) }
      cancellable.cancel()
    }
    #expect(started.all == [1])
    promise?(1)  // the job still completes, and nobody is told
    #expect(promises.all.isEmpty)
    promise = nil
  }

  @Test func theDownstreamIsReleasedOnCancelAndTheRestAfterCompletion() {
    let upstream = TestPublisher<Int, TestError>()
    weak var weakRecording: RecordingSubscriber<Int, TestError>?
    do {
      let recording = ForwardSingle(upstream: upstream).preventCancellation().record()
      weakRecording = recording
      recording.cancel()
    }
    #expect(weakRecording == nil)
    #expect(upstream.hasSubscribers)  // still running
    upstream.send(completion: .finished)
    #expect(!upstream.hasSubscribers)
  }

  @Test func cancellingFromInsideReceiveValueIsAllowed() {
    let upstream = TestPublisher<Int, TestError>()
    let recording = ForwardSingle(upstream: upstream).preventCancellation().record { _, recording in
      recording.cancel()
      return .none
    }
    _ = upstream.send(1)
    upstream.send(completion: .finished)
    #expect(recording.events == [.subscription, .value(1), .finished])
    #expect(upstream.cancellations == 0)
  }

  @Test func keepsTheTrait() {
    let single: AnySinglePublisher<Int, Never> = AnySinglePublisher.just(1).preventCancellation()
      .eraseToAnySinglePublisher()
    let maybe: AnyMaybePublisher<Int, Never> = AnyMaybePublisher.just(1).preventCancellation()
      .eraseToAnyMaybePublisher()
    #expect(single.record().values == [1])
    #expect(maybe.record().values == [1])
  }
}
