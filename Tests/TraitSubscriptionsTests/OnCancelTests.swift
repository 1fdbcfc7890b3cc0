import MaybeTraits
import ReactiveCore
import SharedMachinery
import SingleTraits
import Testing
import TraitSubscriptions
import TraitsTesting

/// What the job subscription below does in `start(with:)`, and counts.
private final class Job: Sendable {
  enum Script: Sendable {
    /// Register the job's cancellation, as a subclass should.
    case register
    /// The downstream cancels while start is running, before the registration.
    case cancelThenRegister
    /// The job completes at once, then start registers its cancellation.
    case completeThenRegister
    /// Register twice (two handles).
    case registerTwice
  }

  let script: Script
  private let cancels = Lock(0)
  private let starts = Lock(0)

  init(_ script: Script) { self.script = script }

  var cancelCount: Int { cancels.withLock { $0 } }
  var startCount: Int { starts.withLock { $0 } }
  func cancel() { cancels.withLock { $0 += 1 } }
  func start() { starts.withLock { $0 += 1 } }
}

private final class JobSubscription<Downstream: Subscriber>: TraitSubscriptions.Single<Downstream, Job>
where Downstream.Input == Int, Downstream.Failure == Never {
  override func start(with job: Job) {
    job.start()
    switch job.script {
    case .register:
      onCancel { job.cancel() }
    case .cancelThenRegister:
      cancel()  // as if another thread had cancelled here
      onCancel { job.cancel() }
    case .completeThenRegister:
      receive(.success(1))
      onCancel { job.cancel() }
    case .registerTwice:
      onCancel { job.cancel() }
      onCancel { job.cancel() }
    }
  }
}

private struct JobPublisher: SinglePublisher {
  typealias Output = Int
  typealias Failure = Never
  let job: Job

  func receive<S: Subscriber>(subscriber: S) where S.Input == Int, S.Failure == Never {
    subscriber.receive(subscription: JobSubscription(downstream: subscriber, context: job))
  }
}

@Suite struct OnCancelTests {
  @Test func aCancelAfterTheRegistrationReachesTheJobOnce() {
    let job = Job(.register)
    let recorder = JobPublisher(job: job).record()
    #expect(job.cancelCount == 0)
    recorder.cancel()
    recorder.cancel()
    #expect(job.cancelCount == 1)
    #expect(recorder.events == [.subscription])
  }

  @Test func aCancelDuringStartBeforeTheRegistrationRunsItAtOnce() {
    let job = Job(.cancelThenRegister)
    let recorder = JobPublisher(job: job).record()
    #expect(job.cancelCount == 1)
    recorder.cancel()
    #expect(job.cancelCount == 1)
    #expect(recorder.events == [.subscription])
  }

  @Test func aRegistrationAfterTheCompletionNeverRuns() {
    let job = Job(.completeThenRegister)
    let recorder = JobPublisher(job: job).record()
    recorder.cancel()
    #expect(job.cancelCount == 0)
    #expect(recorder.events == [.subscription, .value(1), .finished])
  }

  @Test func aCancelBeforeStartNeverReachesAJobThatNeverStarted() {
    let job = Job(.register)
    let recorder = JobPublisher(job: job).record(demand: .none)
    recorder.cancel()
    #expect(job.cancelCount == 0)
  }

  @Test func everyRegistrationRuns() {
    let job = Job(.registerTwice)
    let recorder = JobPublisher(job: job).record()
    recorder.cancel()
    #expect(job.cancelCount == 2)
  }

  @Test func theRegisteredClosureIsReleasedAfterTheCompletion() {
    weak var weakToken: Token?
    let job = Job(.register)
    let subscription = JobSubscription(downstream: RecordingSubscriber<Int, Never>(), context: job)
    do {
      let token = Token()
      weakToken = token
      subscription.request(.max(1))
      subscription.onCancel { _ = token }
    }
    #expect(weakToken != nil)
    subscription.receive(.success(1))
    #expect(weakToken == nil)
  }

  @Test func racingCancelsReachAStartedJobExactlyOnceAndAJobNeverStartedNever() async {
    for _ in 0..<300 {
      let job = Job(.register)
      let recorder = JobPublisher(job: job).record(demand: .none)
      await withTaskGroup(of: Void.self) { group in
        group.addTask { recorder.request(.max(1)) }
        group.addTask { recorder.cancel() }
      }
      // The job never completes here: once started, only the cancel ends it,
      // exactly once, wherever the cancel fell; not started, nothing to stop.
      #expect(job.startCount <= 1)
      #expect(job.cancelCount == job.startCount)
      #expect(recorder.events == [.subscription])
    }
  }

  @Test func registeringBeforeStartTraps() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      let subscription = JobSubscription(downstream: RecordingSubscriber<Int, Never>(), context: Job(.register))
      subscription.onCancel {}
    }
    #expect(result.standardErrorText.contains("API misuse: onCancel(_:) called before start(with:)"))
    #expect(result.standardErrorText.contains("OnCancelTests.swift"))
  }

  @Test func aSecondResultIsIgnoredAndReported() {
    MisuseDiagnostics.startRecording()
    let job = Job(.register)
    let subscription = JobSubscription(downstream: RecordingSubscriber<Int, Never>(), context: job)
    subscription.request(.max(1))
    subscription.receive(.success(1))
    subscription.promise(.success(2))
    #expect(
      MisuseDiagnostics.recorded.contains {
        $0.contains("TraitSubscriptions.Single received a second result, which is ignored")
      }
    )
  }
}
