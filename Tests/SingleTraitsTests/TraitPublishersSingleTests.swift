import Dispatch
import MaybeTraits
import ReactiveCore
import SharedMachinery
import SingleTraits
import Synchronization
import Testing
import TraitsTesting

@Suite struct TraitPublishersSingleTests {
  /// A job the test completes by hand; it counts starts and cleanups.
  final class Job: Sendable {
    let starts = Atomic<Int>(0)
    let cleanups = Atomic<Int>(0)
    private let promises = Lock<[@Sendable (Result<Int, TestError>) -> Void]>([])

    var publisher: TraitPublishers.Single<Int, TestError> {
      TraitPublishers.Single { promise in
        self.starts.add(1, ordering: .relaxed)
        self.promises.withLock { $0.append { promise($0) } }
        return AnyCancellable { self.cleanups.add(1, ordering: .relaxed) }
      }
    }

    func complete(_ result: Result<Int, TestError>, job index: Int = 0) {
      let promise = promises.withLock { $0[index] }
      promise(result)
    }

    func releasePromises() { promises.withLock { $0 = [] } }
  }

  /// How many times a promise of `TraitPublishers.Single` has been reported
  /// called again, since the process started recording: other tests may
  /// report meanwhile, so a test expects at least its own reports.
  static func secondResultReports() -> Int {
    MisuseDiagnostics.startRecording()
    return MisuseDiagnostics.recorded.count {
      $0 == "CombineTraits misuse: TraitPublishers.Single received a second result, which is ignored: "
        + "call the promise once per subscription"
    }
  }

  @Test func aSuccessPublishesTheValueThenFinishes() {
    let job = Job()
    let recording = job.publisher.record()
    job.complete(.success(1))
    #expect(recording.events == [.subscription, .value(1), .finished])
  }

  @Test func aFailureFails() {
    let job = Job()
    let recording = job.publisher.record()
    job.complete(.failure(TestError(code: 1)))
    #expect(recording.events == [.subscription, .failure(TestError(code: 1))])
  }

  @Test func theJobStartsOnTheFirstDemand() {
    let job = Job()
    let recording = job.publisher.record(demand: .none)
    #expect(job.starts.load(ordering: .relaxed) == 0)

    recording.request(.max(1))
    recording.request(.max(1))

    #expect(job.starts.load(ordering: .relaxed) == 1)
  }

  @Test func eachSubscriptionRunsItsOwnJob() {
    let job = Job()
    let publisher = job.publisher
    let first = publisher.record()
    let second = publisher.record()
    #expect(job.starts.load(ordering: .relaxed) == 2)

    job.complete(.success(2), job: 1)

    #expect(first.events == [.subscription])
    #expect(second.events == [.subscription, .value(2), .finished])
  }

  @Test func aSynchronousPromiseCompletesAtOnce() {
    let publisher = TraitPublishers.Single<Int, TestError> { promise in
      promise(.success(1))
      return AnyCancellable {}
    }
    #expect(publisher.record().events == [.subscription, .value(1), .finished])
  }

  @Test func callsAfterTheFirstAreIgnoredAndReported() {
    let reports = Self.secondResultReports()
    let job = Job()
    let recording = job.publisher.record()
    job.complete(.success(1))
    job.complete(.success(2))
    job.complete(.failure(TestError()))
    #expect(recording.events == [.subscription, .value(1), .finished])
    #expect(Self.secondResultReports() >= reports + 2)
  }

  @Test func aSecondCallAfterAFailureIsIgnoredAndReported() {
    let reports = Self.secondResultReports()
    let job = Job()
    let recording = job.publisher.record()
    job.complete(.failure(TestError(code: 1)))
    job.complete(.success(2))
    #expect(recording.events == [.subscription, .failure(TestError(code: 1))])
    #expect(Self.secondResultReports() >= reports + 1)
  }

  @Test func theCancellableIsCancelledAfterCompletion() {
    let job = Job()
    let recording = job.publisher.record()
    job.complete(.success(1))
    #expect(job.cleanups.load(ordering: .relaxed) == 1)
    withExtendedLifetime(recording) {}
  }

  @Test func theCancellableIsCancelledOnCancelAndThePromiseIsThenIgnored() {
    let job = Job()
    let recording = job.publisher.record()

    recording.cancel()
    #expect(job.cleanups.load(ordering: .relaxed) == 1)
    job.complete(.success(1))

    #expect(recording.events == [.subscription])
  }

  @Test func forwardingAnotherSingleWorks() {
    let upstream = TestPublisher<Int, TestError>()
    let publisher = TraitPublishers.Single<Int, TestError> { promise in
      ForwardSingle(upstream: upstream).sinkSingle(receive: promise)
    }
    let recording = publisher.record()
    _ = upstream.send(1)
    upstream.send(completion: .finished)
    #expect(recording.events == [.subscription, .value(1), .finished])
  }

  @Test func cancellingForwardsTheCancelToTheForwardedSingle() {
    let upstream = TestPublisher<Int, TestError>()
    let publisher = TraitPublishers.Single<Int, TestError> { promise in
      ForwardSingle(upstream: upstream).sinkSingle(receive: promise)
    }
    let recording = publisher.record()
    recording.cancel()
    #expect(upstream.cancellations == 1)
  }

  @Test func thePromiseMayBeCalledFromAnotherThread() async throws {
    let job = Job()
    let recording = job.publisher.record()
    DispatchQueue.global().async { job.complete(.success(1)) }
    _ = try await recording.awaitCompletion(timeout: .seconds(5))
    #expect(recording.events == [.subscription, .value(1), .finished])
  }

  @Test func theDownstreamIsReleasedAfterCompletionAndCancel() {
    let job = Job()
    weak var weakRecording: RecordingSubscriber<Int, TestError>?
    do {
      let recording = job.publisher.record()
      weakRecording = recording
      job.complete(.success(1), job: 0)
    }
    #expect(weakRecording == nil)

    do {
      let recording = job.publisher.record()
      weakRecording = recording
      recording.cancel()
    }
    #expect(weakRecording == nil)
    job.releasePromises()
  }

  @Test func theClosureOfTheJobIsReleasedWithThePublisher() {
    weak var weakToken: Token?
    do {
      let token = Token()
      weakToken = token
      let publisher = TraitPublishers.Single<Int, Never> { promise in
        withExtendedLifetime(token) {}
        promise(.success(1))
        return AnyCancellable {}
      }
      #expect(publisher.record().values == [1])
    }
    #expect(weakToken == nil)
  }

  @Test func aPromiseRacingACancelDeliversAllOrNothing() {
    for _ in 0..<500 {
      let job = Job()
      let recording = job.publisher.record()
      DispatchQueue.concurrentPerform(iterations: 2) { index in
        if index == 0 {
          job.complete(.success(1))
        } else {
          recording.cancel()
        }
      }
      let events = recording.events
      #expect(events == [.subscription] || events == [.subscription, .value(1), .finished])
      #expect(job.cleanups.load(ordering: .relaxed) == 1)
      job.releasePromises()
    }
  }

  @Test func racingPromisesDeliverOneResult() {
    let reports = Self.secondResultReports()
    for _ in 0..<500 {
      let job = Job()
      let recording = job.publisher.record()
      DispatchQueue.concurrentPerform(iterations: 2) { index in
        job.complete(.success(index))
      }
      let events = recording.events
      #expect(events == [.subscription, .value(0), .finished] || events == [.subscription, .value(1), .finished])
      job.releasePromises()
    }
    #expect(Self.secondResultReports() >= reports + 500)  // the loser of each race
  }
}
