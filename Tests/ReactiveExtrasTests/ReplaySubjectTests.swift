import ReactiveCore
import ReactiveExtras
import SharedMachinery
import TestSupport
import Testing
import TraitsTesting

@Suite struct ReplaySubjectTests {
  // MARK: Replay

  @Test func replaysTheLastValuesToANewSubscriberThenPublishesTheNextOnes() {
    let subject = ReplaySubject<Int, TestError>(bufferSize: 2)
    subject.send(1)
    subject.send(2)
    subject.send(3)

    let recorder = subject.record()
    subject.send(4)

    #expect(recorder.events == [.subscription, .value(2), .value(3), .value(4)])
  }

  @Test func aSubscriberBeforeAnySendReceivesEveryValueThenTheCompletion() {
    let subject = ReplaySubject<Int, TestError>(bufferSize: 1)
    let recorder = subject.record()

    subject.send(1)
    subject.send(2)
    subject.send(completion: .failure(TestError(code: 1)))

    #expect(recorder.events == [.subscription, .value(1), .value(2), .failure(TestError(code: 1))])
  }

  @Test func aSubscriberAfterTheCompletionReceivesTheKeptValuesThenTheCompletion() {
    let subject = ReplaySubject<Int, TestError>(bufferSize: 2)
    subject.send(1)
    subject.send(2)
    subject.send(3)
    subject.send(completion: .finished)
    subject.send(4)  // ignored
    subject.send(completion: .failure(TestError()))  // ignored

    #expect(subject.record().events == [.subscription, .value(2), .value(3), .finished])
  }

  @Test func aSubscriberAfterAnEmptyCompletionReceivesTheCompletionAtOnce() {
    let subject = ReplaySubject<Int, Never>(bufferSize: 3)
    subject.send(completion: .finished)
    #expect(subject.record(demand: .none).events == [.subscription, .finished])
  }

  // MARK: Demand and loss

  @Test func theReplayWaitsForDemand() {
    let subject = ReplaySubject<Int, Never>(bufferSize: 3)
    subject.send(1)
    subject.send(2)
    let recorder = subject.record(demand: .none)
    #expect(recorder.events == [.subscription])

    recorder.request(.max(1))
    #expect(recorder.events == [.subscription, .value(1)])
    recorder.request(.max(5))
    subject.send(3)
    #expect(recorder.events == [.subscription, .value(1), .value(2), .value(3)])
  }

  @Test func aSubscriberWithoutDemandLosesTheOldestValuesBeyondTheBufferSize() {
    let subject = ReplaySubject<Int, Never>(bufferSize: 2)
    let recorder = subject.record(demand: .max(1))

    for value in 1...5 {
      subject.send(value)
    }
    recorder.request(.unlimited)

    // 1 was delivered; of 2...5 the queue kept the last two.
    #expect(recorder.events == [.subscription, .value(1), .value(4), .value(5)])
  }

  @Test func theCompletionWaitsBehindTheQueuedValuesWithoutNeedingDemand() {
    let subject = ReplaySubject<Int, Never>(bufferSize: 2)
    let recorder = subject.record(demand: .none)
    subject.send(1)
    subject.send(completion: .finished)
    #expect(recorder.events == [.subscription])

    recorder.request(.max(1))

    #expect(recorder.events == [.subscription, .value(1), .finished])
  }

  @Test func eachSubscriberHasItsOwnDemand() {
    let subject = ReplaySubject<Int, Never>(bufferSize: 1)
    let eager = subject.record()
    let lazy = subject.record(demand: .none)

    subject.send(1)
    subject.send(2)
    lazy.request(.max(1))

    #expect(eager.values == [1, 2])
    #expect(lazy.values == [2])
  }

  // MARK: Reentrancy

  @Test func aSendFromInsideReceiveIsDeliveredAfterItInOrder() {
    let subject = ReplaySubject<Int, Never>(bufferSize: 4)
    let recorder = subject.record { value, _ in
      if value == 1 { subject.send(2) }
      return .none
    }
    subject.send(1)
    subject.send(3)
    #expect(recorder.events == [.subscription, .value(1), .value(2), .value(3)])
  }

  @Test func toleratesARequestAndACancelFromInsideReceive() {
    let subject = ReplaySubject<Int, Never>(bufferSize: 4)
    subject.send(1)
    subject.send(2)
    subject.send(3)
    let recorder = subject.record(demand: .max(1)) { value, recorder in
      if value == 1 { recorder.request(.max(1)) } else { recorder.cancel() }
      return .none
    }
    subject.send(4)
    #expect(recorder.events == [.subscription, .value(1), .value(2)])
  }

  @Test func theDemandReturnedByReceiveIsAdded() {
    let subject = ReplaySubject<Int, Never>(bufferSize: 4)
    let recorder = subject.record(demand: .max(1)) { _, _ in .max(1) }
    subject.send(1)
    subject.send(2)
    #expect(recorder.values == [1, 2])
  }

  // MARK: Upstreams

  #if !REACTIVECORE_IS_OPENCOMBINE
  // OpenCombine's subject subscriber holds its subject weakly and ignores a
  // cancel once that reference is nil, which it is while the subject's deinit
  // runs: there, the upstream of a released subject is not cancelled.
  @Test func requestsUnlimitedFromAnUpstreamAtOnceAndCancelsItWhenDeallocated() {
    let upstream = TestPublisher<Int, Never>()
    var subject: ReplaySubject<Int, Never>? = ReplaySubject(bufferSize: 1)
    let cancellable = upstream.subscribe(subject!)
    #expect(upstream.requests == [.unlimited])

    upstream.send(7)
    let recorder = subject?.record()
    #expect(recorder?.values == [7])
    recorder?.cancel()  // a live subscription keeps the subject, as in Combine

    subject = nil
    #expect(upstream.cancellations == 1)
    withExtendedLifetime(cancellable) {}
  }
  #endif

  // MARK: Cancel and lifetimes

  @Test func aCancelledSubscriberReceivesNothingMore() {
    let subject = ReplaySubject<Int, Never>(bufferSize: 1)
    #expect(recordCancelledAfterTheFirstValue(subject).events == [.subscription, .value(1)])
  }

  @Test func releasesTheSubscriberOnCompletionAndOnCancel() throws {
    let completed = ReplaySubject<Int, Never>(bufferSize: 1)
    completed.send(1)
    completed.send(completion: .finished)
    try expectReleasesAfterCompletionAndOnCancel(
      completing: completed,
      cancelled: ReplaySubject<Int, Never>(bufferSize: 1)
    )
  }

  @Test func releasesTheSubscriberWhenTheSubjectCompletesLater() throws {
    let subject = ReplaySubject<Int, Never>(bufferSize: 1)
    try expectReleasesTheSubscriber(of: subject, end: { _ in subject.send(completion: .finished) })
  }

  @Test func describesItsSubscriptionAsReplaySubject() throws {
    #expect(try subscriptionDescription(of: ReplaySubject<Int, Never>(bufferSize: 1)) == "ReplaySubject")
  }

  // MARK: Threads

  @Test func concurrentSendsAndSubscribersLoseNothingThatFitsTheBuffer() {
    for _ in 0..<20 {
      let subject = ReplaySubject<Int, Never>(bufferSize: 1_000)
      let recorders = Lock<[RecordingSubscriber<Int, Never>]>([])
      Race(threads: 4).run { thread, _ in
        if thread < 2 {
          for value in 0..<100 {
            subject.send(thread * 1_000 + value)
          }
        } else {
          let recorder = subject.record()
          recorders.withLock { $0.append(recorder) }
        }
      }
      subject.send(completion: .finished)
      for recorder in recorders.withLock({ $0 }) {
        // Subscribed at any time, each saw the replay then the rest: all 200, each once.
        #expect(recorder.values.sorted() == (0..<100).map { $0 } + (1_000..<1_100).map { $0 })
        #expect(recorder.completion == .finished)
      }
    }
  }

  @Test func racingSendsAndRequestsKeepTheContract() {
    for _ in 0..<20 {
      let subject = ReplaySubject<Int, Never>(bufferSize: 4)
      let checker = ContractChecker<Int, Never>(initialDemand: .max(1), demandPerValue: .none)
      subject.subscribe(checker)
      Race(threads: 3).run { thread, _ in
        for value in 0..<100 {
          if thread < 2 { subject.send(value) } else { checker.request(.max(1)) }
        }
      }
      subject.send(completion: .finished)
      checker.request(.unlimited)
      #expect(checker.problems() == [])
      #expect(checker.completions == [.finished])
    }
  }

  // MARK: Traps

  @Test func aBufferSizeBelowOneTraps() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      _ = ReplaySubject<Int, Never>(bufferSize: 0)
    }
    #expect(result.standardErrorText.contains("API violation: ReplaySubject needs a buffer size of at least 1"))
  }

  @Test func aRequestOfNoDemandTraps() async {
    await #expect(processExitsWith: .failure) {
      requestNoDemand(from: ReplaySubject<Int, Never>(bufferSize: 1))
    }
  }
}
