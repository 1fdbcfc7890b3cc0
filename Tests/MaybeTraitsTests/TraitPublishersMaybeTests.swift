import Dispatch
import MaybeTraits
import ReactiveCore
import SharedMachinery
import Synchronization
import Testing
import TraitsTesting

@Suite struct TraitPublishersMaybeTests {
  typealias Maybe = TraitPublishers.Maybe<Int, TestError>

  /// Holds the promise a job received, so that a test can call it later or from another thread.
  final class PromiseBox: @unchecked Sendable {
    // @unchecked Sendable: the promise itself is thread-safe; the box is written before it is shared.
    struct Promises: @unchecked Sendable {
      var list: [Maybe.Promise] = []
    }
    let promises = Lock(Promises())
    func add(_ promise: @escaping Maybe.Promise) { promises.withLock { $0.list.append(promise) } }
    func callAll(_ result: MaybeResult<Int, TestError>) {
      for promise in promises.withLock({ $0 }).list { promise(result) }
    }
  }

  final class Counter: Sendable {
    let count = Atomic(0)
    func increment() { count.add(1, ordering: .relaxed) }
    var value: Int { count.load(ordering: .relaxed) }
  }

  /// A `Maybe` whose job keeps its promise in `box` and returns a
  /// cancellable that counts its cancels in `cancels`, recorded.
  static func recordedJob(
    keepingPromiseIn box: PromiseBox,
    countingCancelsIn cancels: Counter
  ) -> RecordingSubscriber<
    Int, TestError
  > {
    Maybe {
      box.add($0)
      return AnyCancellable { cancels.increment() }
    }.record()
  }

  /// How many times a promise of `TraitPublishers.Maybe` has been reported
  /// called again, since the process started recording: other tests may
  /// report meanwhile, so a test expects at least its own reports.
  static func secondResultReports() -> Int {
    MisuseDiagnostics.startRecording()
    return MisuseDiagnostics.recorded.count {
      $0 == "CombineTraits misuse: TraitPublishers.Maybe received a second result, which is ignored: "
        + "call the promise once per subscription"
    }
  }

  @Test func publishesEachResult() {
    #expect(
      Maybe {
        $0(.finished)
        return AnyCancellable {}
      }.record().events == [.subscription, .finished]
    )
    #expect(
      Maybe {
        $0(.success(1))
        return AnyCancellable {}
      }.record().events == [.subscription, .value(1), .finished]
    )
    #expect(
      Maybe {
        $0(.failure(TestError(code: 1)))
        return AnyCancellable {}
      }.record().events
        == [.subscription, .failure(TestError(code: 1))]
    )
  }

  @Test func runsItsClosureOnFirstDemandOncePerSubscriber() {
    let runs = Counter()
    let publisher = Maybe { promise in
      runs.increment()
      return AnyCancellable {}
    }

    let recorder = publisher.record(demand: .none)
    #expect(runs.value == 0)
    recorder.request(.max(1))
    recorder.request(.max(1))
    #expect(runs.value == 1)

    _ = publisher.record()
    #expect(runs.value == 2)
  }

  @Test func publishesALaterResult() {
    let box = PromiseBox()
    let recorder = Maybe {
      box.add($0)
      return AnyCancellable {}
    }.record()
    #expect(recorder.events == [.subscription])

    box.callAll(.success(1))

    #expect(recorder.events == [.subscription, .value(1), .finished])
  }

  @Test func countsOnlyTheFirstPromiseCallAndReportsTheOthers() {
    let reports = Self.secondResultReports()
    let box = PromiseBox()
    let recorder = Maybe {
      box.add($0)
      return AnyCancellable {}
    }.record()

    box.callAll(.finished)
    box.callAll(.success(1))
    box.callAll(.failure(TestError()))

    #expect(recorder.events == [.subscription, .finished])
    #expect(Self.secondResultReports() >= reports + 2)
  }

  @Test func aSecondPromiseCallInsideTheClosureIsIgnoredAndReported() {
    let reports = Self.secondResultReports()
    let recorder = Maybe { promise in
      promise(.finished)
      promise(.success(1))
      return AnyCancellable {}
    }.record()

    #expect(recorder.events == [.subscription, .finished])
    #expect(Self.secondResultReports() >= reports + 1)
  }

  @Test func cancelsItsCancellableOnCancel() {
    let cancels = Counter()
    let box = PromiseBox()
    let recorder = Self.recordedJob(keepingPromiseIn: box, countingCancelsIn: cancels)

    recorder.cancel()
    box.callAll(.success(1))

    #expect(cancels.value == 1)
    #expect(recorder.events == [.subscription])
  }

  @Test func cancelsItsCancellableAfterCompletion() {
    let cancels = Counter()
    let box = PromiseBox()
    let recorder = Self.recordedJob(keepingPromiseIn: box, countingCancelsIn: cancels)

    box.callAll(.success(1))

    #expect(cancels.value == 1)
    #expect(recorder.events == [.subscription, .value(1), .finished])
  }

  @Test func cancelsItsCancellableWhenThePromiseIsCalledInsideTheClosure() {
    let cancels = Counter()
    let recorder = Maybe { promise in
      promise(.success(1))
      return AnyCancellable { cancels.increment() }
    }.record()

    #expect(cancels.value == 1)
    #expect(recorder.events == [.subscription, .value(1), .finished])
  }

  @Test func cancellingBeforeDemandNeverRunsTheClosure() {
    let runs = Counter()
    let recorder = Maybe { _ in
      runs.increment()
      return AnyCancellable {}
    }.record(demand: .none)

    recorder.cancel()
    recorder.request(.max(1))

    #expect(runs.value == 0)
  }

  @Test func forwardsAnotherMaybePublisher() {
    let upstream = TestPublisher<Int, TestError>()
    let recorder = Maybe { promise in
      upstream.uncheckedMaybe().sinkMaybe(receive: promise)
    }.record()
    _ = upstream.send(1)
    upstream.send(completion: .finished)
    #expect(recorder.events == [.subscription, .value(1), .finished])

    let cancelled = Maybe { upstream.uncheckedMaybe().sinkMaybe(receive: $0) }.record()
    cancelled.cancel()
    #expect(upstream.cancellations == 1)
  }

  @Test func theOlderNameStillWorks() {
    // `PublisherTraits.Maybe` is deprecated (renamed `TraitPublishers`); the
    // build treats warnings as errors, so this only checks the name's target.
    #expect(TraitPublishers.self == TraitPublishers.self)
  }

  // MARK: Lifetimes

  @Test func completionAndCancelReleaseTheDownstreamAndTheCancellable() {
    let box = PromiseBox()
    weak var weakRecorder: RecordingSubscriber<Int, TestError>?
    weak var weakToken: Token?
    let publisher = Maybe { promise in
      box.add(promise)
      let token = Token()
      weakToken = token
      return AnyCancellable { withExtendedLifetime(token) {} }
    }

    do {
      let recorder = publisher.record()
      weakRecorder = recorder
    }
    #expect(weakToken != nil)
    box.callAll(.finished)
    #expect(weakRecorder == nil)
    #expect(weakToken == nil)

    do {
      let recorder = publisher.record()
      weakRecorder = recorder
      recorder.cancel()
    }
    #expect(weakRecorder == nil)
    #expect(weakToken == nil)
  }

  // MARK: Concurrency

  @Test func racingThePromiseAndCancelDeliversAtMostOnceAndCancelsOnce() async {
    for _ in 0..<500 {
      let cancels = Counter()
      let box = PromiseBox()
      let recorder = Self.recordedJob(keepingPromiseIn: box, countingCancelsIn: cancels)
      await withTaskGroup(of: Void.self) { group in
        group.addTask { box.callAll(.success(1)) }
        group.addTask { recorder.cancel() }
      }
      #expect(cancels.value == 1)
      let events = recorder.events
      #expect(events == [.subscription] || events == [.subscription, .value(1), .finished])
    }
  }

  @Test func aPromiseFromAnotherThreadIsDelivered() async throws {
    let recorder = Maybe { promise in
      let box = PromiseBox()
      box.add(promise)
      DispatchQueue.global().async { box.callAll(.success(1)) }
      return AnyCancellable {}
    }.record()

    let completion = try await recorder.awaitCompletion()

    #expect(completion == .finished)
    #expect(recorder.values == [1])
  }
}
