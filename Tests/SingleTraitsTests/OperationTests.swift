import Foundation
import FoundationTraits
import MaybeTraits
import ReactiveCore
import SingleTraits
import Testing
import TraitsTesting

@Suite struct OperationTests {
  @Test func theOperationRunsThePublisherWhenItStartsAndKeepsTheResult() {
    let upstream = TestPublisher<Int, TestError>()
    let operation = ForwardSingle(upstream: upstream).makeOperation()
    #expect(upstream.subscriptionCount == 0)
    #expect(!operation.isExecuting && !operation.isFinished && operation.isAsynchronous)

    operation.start()
    #expect(upstream.subscriptionCount == 1)
    #expect(operation.isExecuting)
    #expect(operation.result == nil)

    _ = upstream.send(1)
    upstream.send(completion: .finished)

    #expect(operation.result == .success(1))
    #expect(operation.isFinished && !operation.isExecuting)
  }

  @Test func aFailureIsTheResult() {
    let operation = AnySinglePublisher<Int, TestError>.fail(TestError(code: 1)).makeOperation()
    operation.start()
    #expect(operation.result == .failure(TestError(code: 1)))
    #expect(operation.isFinished)
  }

  @Test func cancellingARunningOperationCancelsTheSubscriptionAndFinishes() {
    let upstream = TestPublisher<Int, TestError>()
    let operation = ForwardSingle(upstream: upstream).makeOperation()
    operation.start()

    operation.cancel()

    #expect(upstream.cancellations == 1)
    #expect(operation.isFinished && operation.isCancelled)
    #expect(operation.result == nil)
  }

  @Test func aCancelledOperationNeverSubscribes() {
    let upstream = TestPublisher<Int, TestError>()
    let operation = ForwardSingle(upstream: upstream).makeOperation()
    operation.cancel()
    operation.start()
    #expect(upstream.subscriptionCount == 0)
    #expect(operation.isFinished)
  }

  @Test func aQueueRunsItAndDependenciesWait() {
    let queue = OperationQueue()
    let operation = Just(1).delay(for: .milliseconds(5), scheduler: DispatchQueue.global()).makeOperation()
    let order = Collector<String>()
    let dependent = BlockOperation { order.append("dependent saw \(String(describing: operation.result))") }
    dependent.addDependency(operation)
    queue.addOperations([operation, dependent], waitUntilFinished: true)
    #expect(order.all == ["dependent saw Optional(Swift.Result<Swift.Int, Swift.Never>.success(1))"])
  }

  @Test func asOperationPublishesTheOutcomeFromTheQueue() async throws {
    let queue = OperationQueue()
    let recording = Just(2).setFailureType(to: TestError.self).asOperation(in: queue).record()
    _ = try await recording.awaitCompletion(timeout: .seconds(5))
    #expect(recording.events == [.subscription, .value(2), .finished])
  }

  @Test func asOperationAddsNothingBeforeDemandAndCancellingCancelsTheOperation() throws {
    let queue = OperationQueue()
    queue.isSuspended = true
    let upstream = TestPublisher<Int, TestError>()
    let recording = ForwardSingle(upstream: upstream).asOperation(in: queue, queuePriority: .high).record(demand: .none)
    #expect(queue.operationCount == 0)
    recording.request(.max(1))
    #expect(queue.operationCount == 1)
    let operation = try #require(queue.operations.first)
    #expect(operation.queuePriority == .high)

    recording.cancel()
    #expect(operation.isCancelled)
    queue.isSuspended = false
    queue.waitUntilAllOperationsAreFinished()
    #expect(upstream.subscriptionCount == 0)
    #expect(recording.events == [.subscription])
  }

  @Test func asOperationIsAPublicSingleTypeThatRunsEachSubscriptionAsAnOperation() async throws {
    let queue = OperationQueue()
    queue.isSuspended = true
    let upstream = TestPublisher<Int, TestError>()
    let publisher: TraitPublishers.AsOperation<ForwardSingle<TestPublisher<Int, TestError>>> =
      TraitPublishers.AsOperation(upstream: ForwardSingle(upstream: upstream), operationQueue: queue)
    let erased: AnySinglePublisher<Int, TestError> = publisher.eraseToAnySinglePublisher()  // compiles: a single
    #expect(publisher.queuePriority == .normal && publisher.operationQueue === queue)

    let first = erased.record()
    let second = publisher.record()
    #expect(queue.operationCount == 2)
    #expect(upstream.subscriptionCount == 0)
    queue.isSuspended = false
    // Their requests, not the subscription count: the count rises before a
    // subscriber has its subscription, and a value sent then is lost.
    try await waitUntil { upstream.requests.count == 2 }
    _ = upstream.send(1)
    upstream.send(completion: .finished)
    try await waitUntil { first.events.count == 3 && second.events.count == 3 }

    #expect(first.events == [.subscription, .value(1), .finished])
    #expect(second.events == [.subscription, .value(1), .finished])
  }

  @Test func aQueueOfOneRunsAsOperationPublishersOneAfterTheOther() async throws {
    let queue = OperationQueue(name: "serial", qualityOfService: .default, maxConcurrentOperationCount: 1)
    let first = TestPublisher<Int, TestError>()
    let second = TestPublisher<Int, TestError>()
    let firstRecording = ForwardSingle(upstream: first).asOperation(in: queue).record()
    let secondRecording = ForwardSingle(upstream: second).asOperation(in: queue).record()
    try await waitUntil { first.requests.count == 1 }  // subscribed, with its subscription
    #expect(second.subscriptionCount == 0)  // waits for the first operation

    _ = first.send(1)
    first.send(completion: .finished)
    try await waitUntil { second.requests.count == 1 }
    _ = second.send(2)
    second.send(completion: .finished)
    try await waitUntil { secondRecording.events.count == 3 }

    #expect(firstRecording.events == [.subscription, .value(1), .finished])
    #expect(secondRecording.events == [.subscription, .value(2), .finished])
  }

  @Test func releasesThePublisherAfterCompletion() {
    weak var weakToken: Token?
    let operation: SinglePublisherOperation<Publishers.Map<Deferred<Just<Int>>, Int>>
    do {
      let token = Token()
      weakToken = token
      // Not `Just(1).map`: it runs the closure at once and keeps only its result.
      operation = Deferred { Just(1) }.map { [token] value in withExtendedLifetime(token) { value } }.makeOperation()
    }
    #expect(weakToken != nil)
    operation.start()
    #expect(operation.result == .success(1))
    #expect(weakToken == nil)
  }

  @Test func startAndCancelRacingAlwaysFinishAndNeverLeaveASubscription() async {
    for _ in 0..<200 {
      let upstream = TestPublisher<Int, Never>()
      let operation = ForwardSingle(upstream: upstream).makeOperation()
      await withTaskGroup(of: Void.self) { group in
        group.addTask { operation.start() }
        group.addTask { operation.cancel() }
      }
      #expect(operation.isFinished)
      #expect(operation.result == nil)
      #expect(upstream.subscriptionCount == upstream.cancellations)
    }
  }
}
