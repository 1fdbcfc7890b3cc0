import Dispatch
import ReactiveCore
import SharedMachinery
import Synchronization
import Testing
import TraitsTesting

@Suite struct RecordingSubscriberTests {
  // MARK: Recording core publishers

  @Test func recordsJustAsSubscriptionValueAndFinished() {
    let recorder = Just(1).record()

    #expect(recorder.events == [.subscription, .value(1), .finished])
    #expect(recorder.values == [1])
    #expect(recorder.completion == .finished)
    #expect(recorder.isCompleted)
    #expect(recorder.subscription)
    #expect(recorder.rejectedSubscriptions == 0)
  }

  @Test func recordsEmptyAsSubscriptionAndFinished() {
    let recorder = Empty<Int, TestError>().record()

    #expect(recorder.events == [.subscription, .finished])
    #expect(recorder.values == [])
  }

  @Test func recordsAnEmptyThatNeverCompletesAsSubscriptionOnly() {
    let recorder = Empty<Int, TestError>(completeImmediately: false).record()

    #expect(recorder.events == [.subscription])
    #expect(recorder.completion == nil)
    #expect(!recorder.isCompleted)
  }

  @Test func recordsFailAsSubscriptionAndFailure() {
    let recorder = Fail<Int, TestError>(error: .boom).record()

    #expect(recorder.events == [.subscription, .failure(.boom)])
    #expect(recorder.completion == .failure(.boom))
    #expect(recorder.isCompleted)
  }

  @Test func recordsASequenceInOrder() {
    let recorder = [1, 2, 3].publisher.record()

    #expect(recorder.events == [.subscription, .value(1), .value(2), .value(3), .finished])
  }

  @Test func recordsWhatAPassthroughSubjectSends() {
    let subject = PassthroughSubject<Int, TestError>()
    let recorder = subject.record()

    subject.send(1)
    subject.send(2)
    subject.send(completion: .failure(.boom))

    #expect(recorder.events == [.subscription, .value(1), .value(2), .failure(.boom)])
  }

  @Test func hasNoEventBeforeItIsSubscribed() {
    let recorder = RecordingSubscriber<Int, Never>()

    #expect(recorder.events == [])
    #expect(!recorder.subscription)
    #expect(recorder.completion == nil)
  }

  // MARK: Demand

  @Test func requestsTheInitialDemandOnSubscription() {
    let recorder = RecordingSubscriber<Int, Never>(demand: .max(2))
    let subscription = TestSubscription()

    recorder.receive(subscription: subscription)

    #expect(subscription.requests == [.max(2)])
  }

  @Test func requestsUnlimitedDemandByDefault() {
    let recorder = RecordingSubscriber<Int, Never>()
    let subscription = TestSubscription()

    recorder.receive(subscription: subscription)

    #expect(subscription.requests == [.unlimited])
  }

  @Test func requestsNothingOnSubscriptionWhenTheDemandIsNone() {
    let recorder = RecordingSubscriber<Int, Never>(demand: .none)
    let subscription = TestSubscription()

    recorder.receive(subscription: subscription)

    #expect(subscription.requests == [])
    #expect(recorder.events == [.subscription])
  }

  @Test func requestsValuesStepByStep() {
    let recorder = [1, 2, 3].publisher.record(demand: .none)
    #expect(recorder.events == [.subscription])

    recorder.request(.max(1))
    #expect(recorder.events == [.subscription, .value(1)])

    recorder.request(.max(2))
    #expect(recorder.events == [.subscription, .value(1), .value(2), .value(3), .finished])
  }

  @Test func forwardsEachRequestToTheSubscription() {
    let recorder = RecordingSubscriber<Int, Never>(demand: .max(1))
    let subscription = TestSubscription()
    recorder.receive(subscription: subscription)

    recorder.request(.max(2))
    recorder.request(.unlimited)

    #expect(subscription.requests == [.max(1), .max(2), .unlimited])
  }

  @Test func addsRequestsMadeBeforeTheSubscriptionToTheInitialDemand() {
    let recorder = RecordingSubscriber<Int, Never>(demand: .max(1))
    let subscription = TestSubscription()

    recorder.request(.max(2))
    recorder.receive(subscription: subscription)

    #expect(subscription.requests == [.max(3)])
  }

  @Test func returnsNoAdditionalDemandForAValueWithoutOnValue() {
    let recorder = RecordingSubscriber<Int, Never>()
    recorder.receive(subscription: TestSubscription())

    #expect(recorder.receive(1) == .none)
  }

  @Test func returnsWhatOnValueReturnsAsAdditionalDemand() {
    let recorder = RecordingSubscriber<Int, Never>(demand: .max(1)) { value, _ in .max(value) }
    recorder.receive(subscription: TestSubscription())

    #expect(recorder.receive(3) == .max(3))
  }

  @Test func getsEveryValueOfASequenceWhenOnValueAsksForOneMore() {
    let recorder = [1, 2, 3, 4].publisher.record(demand: .max(1)) { _, _ in .max(1) }

    #expect(recorder.events == [.subscription, .value(1), .value(2), .value(3), .value(4), .finished])
  }

  @Test func passesEachValueAndItselfToOnValue() {
    let seen = Lock<[Int]>([])
    var recorderSeen: RecordingSubscriber<Int, Never>?
    let recorder = [1, 2].publisher.record { value, recorder in
      seen.withLock { $0.append(value) }
      recorderSeen = recorder
      return .none
    }

    #expect(seen.withLock { $0 } == [1, 2])
    #expect(recorderSeen === recorder)
  }

  // MARK: Reentrancy

  @Test func cancelsReentrantlyFromOnValue() {
    let recorder = [1, 2, 3].publisher.record { value, recorder in
      if value == 2 {
        recorder.cancel()
      }
      return .none
    }

    #expect(recorder.events == [.subscription, .value(1), .value(2)])
  }

  @Test func requestsReentrantlyFromOnValue() {
    let recorder = [1, 2, 3].publisher.record(demand: .max(1)) { _, recorder in
      recorder.request(.max(1))
      return .none
    }

    #expect(recorder.events == [.subscription, .value(1), .value(2), .value(3), .finished])
  }

  @Test func readsItsOwnEventsReentrantlyFromOnValue() {
    let lengths = Lock<[Int]>([])
    _ = [1, 2].publisher.record { _, recorder in
      let count = recorder.events.count
      lengths.withLock { $0.append(count) }
      return .none
    }

    #expect(lengths.withLock { $0 } == [2, 3])
  }

  // MARK: Cancellation

  @Test func cancelStopsTheValues() {
    let recorder = [1, 2, 3].publisher.record(demand: .max(1))

    recorder.cancel()
    recorder.request(.max(5))

    #expect(recorder.events == [.subscription, .value(1)])
    #expect(!recorder.isCompleted)
  }

  @Test func cancelReachesTheSubscriptionOnce() {
    let recorder = RecordingSubscriber<Int, Never>()
    let subscription = TestSubscription()
    recorder.receive(subscription: subscription)

    recorder.cancel()
    recorder.cancel()

    #expect(subscription.cancelCount == 1)
  }

  @Test func requestAfterCancelDoesNotReachTheSubscription() {
    let recorder = RecordingSubscriber<Int, Never>(demand: .none)
    let subscription = TestSubscription()
    recorder.receive(subscription: subscription)

    recorder.cancel()
    recorder.request(.max(1))

    #expect(subscription.requests == [])
  }

  @Test func cancelAfterCompletionDoesNotReachTheSubscription() {
    let recorder = RecordingSubscriber<Int, Never>()
    let subscription = TestSubscription()
    recorder.receive(subscription: subscription)
    recorder.receive(completion: .finished)

    recorder.cancel()

    #expect(subscription.cancelCount == 0)
  }

  @Test func cancelsASubscriptionThatArrivesAfterCancel() {
    let recorder = RecordingSubscriber<Int, Never>()
    let subscription = TestSubscription()

    recorder.cancel()
    recorder.receive(subscription: subscription)

    #expect(subscription.requests == [])
    #expect(subscription.cancelCount == 1)
    #expect(recorder.events == [.subscription])
  }

  @Test func cancelReleasesTheSubscription() {
    let recorder = RecordingSubscriber<Int, Never>()
    let subscription = giveAWeakSubscription(to: recorder)
    #expect(subscription.object != nil)

    recorder.cancel()

    #expect(subscription.object == nil)
  }

  @Test func completionReleasesTheSubscription() {
    let recorder = RecordingSubscriber<Int, Never>()
    let subscription = giveAWeakSubscription(to: recorder)

    recorder.receive(completion: .finished)

    #expect(subscription.object == nil)
  }

  @Test func completionAndCancelReleaseOnValue() {
    for end in ["completion", "cancel"] {
      weak var weakToken: Token?
      let recorder: RecordingSubscriber<Int, Never>
      do {
        let token = Token()
        weakToken = token
        recorder = RecordingSubscriber { _, _ in
          _ = token
          return .none
        }
      }
      recorder.receive(subscription: TestSubscription())
      #expect(weakToken != nil)

      if end == "completion" {
        recorder.receive(completion: .finished)
      } else {
        recorder.cancel()
      }

      #expect(weakToken == nil, "after \(end)")
    }
  }

  // MARK: Contract violations are visible

  @Test func cancelsASecondSubscriptionWithoutRecordingIt() {
    let recorder = RecordingSubscriber<Int, Never>(demand: .max(1))
    let first = TestSubscription()
    let second = TestSubscription()

    recorder.receive(subscription: first)
    recorder.receive(subscription: second)

    #expect(recorder.events == [.subscription])
    #expect(recorder.rejectedSubscriptions == 1)
    #expect(second.cancelCount == 1)
    #expect(second.requests == [])
    #expect(first.cancelCount == 0)
  }

  @Test func keepsUsingTheFirstSubscriptionAfterRejectingASecondOne() {
    let recorder = RecordingSubscriber<Int, Never>(demand: .none)
    let first = TestSubscription()
    recorder.receive(subscription: first)
    recorder.receive(subscription: TestSubscription())

    recorder.request(.max(1))

    #expect(first.requests == [.max(1)])
  }

  @Test func recordsEventsAfterCompletion() {
    let recorder = RecordingSubscriber<Int, TestError>()
    recorder.receive(subscription: TestSubscription())

    recorder.receive(completion: .finished)
    _ = recorder.receive(1)
    recorder.receive(completion: .failure(.boom))

    #expect(recorder.events == [.subscription, .finished, .value(1), .failure(.boom)])
    #expect(recorder.values == [1])
    #expect(recorder.completion == .finished)
  }

  @Test func recordsValuesAfterCancel() {
    let recorder = RecordingSubscriber<Int, Never>()
    recorder.receive(subscription: TestSubscription())

    recorder.cancel()
    _ = recorder.receive(1)

    #expect(recorder.events == [.subscription, .value(1)])
  }

  @Test func recordsEventsBeforeTheSubscription() {
    let recorder = RecordingSubscriber<Int, Never>()

    _ = recorder.receive(1)
    recorder.receive(completion: .finished)
    recorder.receive(subscription: TestSubscription())

    #expect(recorder.events == [.value(1), .finished, .subscription])
  }

  // MARK: Descriptions

  @Test func describesEventsAsTheyReadInTests() {
    typealias Event = RecordingSubscriber<Int, TestError>.Event

    #expect(Event.subscription.description == "subscription")
    #expect(Event.value(1).description == "value(1)")
    #expect(Event.finished.description == "finished")
    #expect(Event.failure(.boom).description == "failure(boom)")
  }

  // MARK: Waiting for asynchronous publishers

  @Test func nextReturnsValuesAlreadyRecordedInOrder() async throws {
    let recorder = [1, 2, 3].publisher.record()

    #expect(try await recorder.next() == 1)
    #expect(try await recorder.next() == 2)
    #expect(try await recorder.next() == 3)
  }

  @Test func nextWaitsForAValueSentFromAnotherThread() async throws {
    let subject = PassthroughSubject<Int, Never>()
    let recorder = subject.record()

    async let value = recorder.next()
    try await waitUntilSuspended(recorder)
    DispatchQueue.global().async { subject.send(1) }

    #expect(try await value == 1)
    #expect(recorder.pendingWaiterCount == 0)
  }

  @Test func nextWaitsForAValueSentFromATask() async throws {
    let recorder = RecordingSubscriber<Int, Never>()
    recorder.receive(subscription: TestSubscription())

    async let value = recorder.next()
    try await waitUntilSuspended(recorder)
    Task.detached { _ = recorder.receive(42) }

    #expect(try await value == 42)
  }

  @Test func concurrentCallsToNextGetSuccessiveValues() async throws {
    let recorder = RecordingSubscriber<Int, Never>()
    recorder.receive(subscription: TestSubscription())

    async let first = recorder.next()
    async let second = recorder.next()
    try await waitUntilSuspended(recorder, count: 2)
    DispatchQueue.global().async {
      _ = recorder.receive(1)
      _ = recorder.receive(2)
    }

    let values = try await [first, second]
    #expect(values.sorted() == [1, 2])
  }

  @Test func nextThrowsWhenThePublisherFinishedBeforeANextValue() async throws {
    let recorder = Just(1).record()
    _ = try await recorder.next()

    let error = await #expect(throws: RecordingError.self) { try await recorder.next() }

    #expect(
      error
        == .completedBeforeNextValue(
          awaited: "value #2",
          completion: ".finished",
          recordedEvents: "[subscription, value(1), finished]"
        )
    )
    #expect(
      error?.description
        == "RecordingSubscriber completed with .finished before a next value (value #2); "
        + "recorded events: [subscription, value(1), finished]"
    )
  }

  @Test func nextThrowsWhenThePublisherFailsWhileItWaits() async throws {
    let subject = PassthroughSubject<Int, TestError>()
    let recorder = subject.record()

    let waiting = Task { try await recorder.next() }
    try await waitUntilSuspended(recorder)
    DispatchQueue.global().async { subject.send(completion: .failure(.boom)) }

    let error = await #expect(throws: RecordingError.self) { try await waiting.value }
    #expect(
      error
        == .completedBeforeNextValue(
          awaited: "value #1",
          completion: ".failure(boom)",
          recordedEvents: "[subscription, failure(boom)]"
        )
    )
  }

  @Test func awaitCompletionReturnsACompletionAlreadyRecorded() async throws {
    let recorder = Fail<Int, TestError>(error: .boom).record()

    #expect(try await recorder.awaitCompletion() == .failure(.boom))
  }

  @Test func awaitCompletionWaitsForACompletionSentFromAnotherThread() async throws {
    let subject = PassthroughSubject<Int, TestError>()
    let recorder = subject.record()

    async let completion = recorder.awaitCompletion()
    try await waitUntilSuspended(recorder)
    DispatchQueue.global().async {
      subject.send(1)
      subject.send(completion: .finished)
    }

    #expect(try await completion == .finished)
    #expect(recorder.events == [.subscription, .value(1), .finished])
  }

  @Test func nextTimesOutWithAMessageListingTheRecordedEvents() async throws {
    let recorder = RecordingSubscriber<Int, Never>()
    recorder.receive(subscription: TestSubscription())
    _ = recorder.receive(1)
    _ = try await recorder.next()

    let error = await #expect(throws: RecordingError.self) {
      try await recorder.next(timeout: .milliseconds(50))
    }

    #expect(
      error == .timeout(awaited: "value #2", timeout: .milliseconds(50), recordedEvents: "[subscription, value(1)]")
    )
    #expect(
      error?.description
        == "RecordingSubscriber timed out after 0.05 seconds awaiting value #2; "
        + "recorded events: [subscription, value(1)]"
    )
    #expect(recorder.pendingWaiterCount == 0)
  }

  @Test func awaitCompletionTimesOutWithAMessageListingTheRecordedEvents() async throws {
    let recorder = Empty<Int, Never>(completeImmediately: false).record()

    let error = await #expect(throws: RecordingError.self) {
      try await recorder.awaitCompletion(timeout: .milliseconds(50))
    }

    #expect(
      error?.description
        == "RecordingSubscriber timed out after 0.05 seconds awaiting completion; recorded events: [subscription]"
    )
  }

  @Test func aValueAfterATimeoutGoesToTheNextCallToNext() async throws {
    let recorder = RecordingSubscriber<Int, Never>()
    recorder.receive(subscription: TestSubscription())
    await #expect(throws: RecordingError.self) { try await recorder.next(timeout: .milliseconds(10)) }

    _ = recorder.receive(1)

    #expect(try await recorder.next() == 1)
  }

  @Test func cancellingTheWaitingTaskThrowsCancellationError() async throws {
    let recorder = RecordingSubscriber<Int, Never>()
    recorder.receive(subscription: TestSubscription())

    let waiting = Task { try await recorder.next() }
    try await waitUntilSuspended(recorder)
    waiting.cancel()

    await #expect(throws: CancellationError.self) { try await waiting.value }
    #expect(recorder.pendingWaiterCount == 0)
  }

  @Test func aCancelledTaskDoesNotWait() async throws {
    let recorder = RecordingSubscriber<Int, Never>()
    recorder.receive(subscription: TestSubscription())

    let waiting = Task {
      withUnsafeCurrentTask { $0?.cancel() }
      return try await recorder.next()
    }

    await #expect(throws: CancellationError.self) { try await waiting.value }
    #expect(recorder.pendingWaiterCount == 0)
  }

  @Test func nextFollowsValuesSentFromAnotherThreadInOrder() async throws {
    let count = 1_000
    let recorder = RecordingSubscriber<Int, Never>()
    recorder.receive(subscription: TestSubscription())

    DispatchQueue.global().async {
      for value in 0..<count {
        _ = recorder.receive(value)
      }
      recorder.receive(completion: .finished)
    }
    var received: [Int] = []
    for _ in 0..<count {
      received.append(try await recorder.next())
    }

    #expect(received == Array(0..<count))
    #expect(try await recorder.awaitCompletion() == .finished)
    #expect(recorder.values == received)
  }
}

// MARK: - Test doubles

enum TestError: Error, Equatable {
  case boom
}

final class Token {}

/// A subscription that logs what its subscriber asks of it. Tests drive the
/// recorder by hand with it, playing the publisher, well behaved or not.
final class TestSubscription: Subscription, @unchecked Sendable {
  // @unchecked Sendable: the only state is behind the lock.
  private let log = Lock<(requests: [Subscribers.Demand], cancelCount: Int)>(([], 0))

  var requests: [Subscribers.Demand] {
    log.withLock { $0.requests }
  }

  var cancelCount: Int {
    log.withLock { $0.cancelCount }
  }

  func request(_ demand: Subscribers.Demand) {
    log.withLock { $0.requests.append(demand) }
  }

  func cancel() {
    log.withLock { $0.cancelCount += 1 }
  }
}

/// Returns once `count` calls to `next` or `awaitCompletion` are suspended in `recorder`.
func waitUntilSuspended<Input, Failure>(
  _ recorder: RecordingSubscriber<Input, Failure>,
  count: Int = 1,
  sourceLocation: SourceLocation = #_sourceLocation
) async throws {
  let deadline = ContinuousClock.now.advanced(by: .seconds(5))
  while recorder.pendingWaiterCount < count {
    guard ContinuousClock.now < deadline else {
      Issue.record("No call to next or awaitCompletion suspended within 5 seconds", sourceLocation: sourceLocation)
      throw CancellationError()
    }
    await Task.yield()
  }
}

/// A weak reference to a subscription given to a recorder.
private struct WeakSubscription {
  weak var object: TestSubscription?
}

/// Gives `recorder` a new `TestSubscription`, of which the caller keeps
/// only a weak reference.
private func giveAWeakSubscription(to recorder: RecordingSubscriber<Int, Never>) -> WeakSubscription {
  let subscription = TestSubscription()
  recorder.receive(subscription: subscription)
  return WeakSubscription(object: subscription)
}
