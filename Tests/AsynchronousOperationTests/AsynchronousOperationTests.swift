import AsynchronousOperation
import Dispatch
import Foundation
import Testing
import TraitsTesting

@Suite struct AsynchronousOperationTests {
  @Test func staysExecutingAfterMainReturnsUntilItIsFinished() {
    let finish = Shared<(@Sendable (Result<Int, TestError>) -> Void)?>(nil)
    let operation = AsynchronousOperation<Int, TestError>.blockOperation { operation in
      finish.value = { operation.finish(with: $0) }
    }
    #expect(operation.isAsynchronous && !operation.isExecuting && !operation.isFinished)

    operation.start()
    #expect(operation.isExecuting && !operation.isFinished)
    #expect(operation.result == nil)

    finish.value?(.success(1))
    #expect(!operation.isExecuting && operation.isFinished && !operation.isCancelled)
    #expect(operation.result == .success(1))
  }

  @Test func aQueueRunsItAndMovesOnWhenAnotherThreadFinishesIt() {
    let queue = OperationQueue()
    let operation = AsynchronousOperation<Int, TestError>.blockOperation { operation in
      DispatchQueue.global().async { operation.finish(with: .failure(TestError(code: 3))) }
    }
    let order = Collector<String>()
    let dependent = BlockOperation { order.append("dependent saw \(String(describing: operation.result))") }
    dependent.addDependency(operation)

    queue.addOperations([operation, dependent], waitUntilFinished: true)

    #expect(operation.result == .failure(TestError(code: 3)))
    #expect(
      order.all == [
        "dependent saw Optional(Swift.Result<Swift.Int, TestSupport.TestError>.failure(TestError(code: 3)))"
      ]
    )
  }

  @Test func cancelFromAnotherThreadFinishesARunningOperationWithoutResult() {
    let queue = OperationQueue()
    let started = DispatchSemaphore(value: 0)
    let handled = DispatchSemaphore(value: 0)
    let operation = AsynchronousOperation<Int, Never>.blockOperation { _ in started.signal() }  // never finishes
    let outcomes = Collector<String>()
    operation.handleCompletion(onQueue: nil) { result in
      outcomes.append("\(String(describing: result))")
      handled.signal()
    }
    queue.addOperation(operation)
    started.wait()
    #expect(operation.isExecuting)

    let canceller = Thread { operation.cancel() }
    canceller.start()
    queue.waitUntilAllOperationsAreFinished()

    #expect(operation.isFinished && operation.isCancelled && !operation.isExecuting)
    #expect(operation.result == nil)
    handled.wait()
    #expect(outcomes.all == ["nil"])
  }

  @Test func cancelledBeforeStartItFinishesWithoutRunningMain() {
    let runs = Collector<String>()
    let operation = Recorder()
    operation.cancel()
    #expect(operation.isCancelled && !operation.isFinished)

    operation.start()

    #expect(operation.isFinished && !operation.isExecuting)
    #expect(operation.events.all == ["didComplete nil"])
    #expect(runs.all == [])
  }

  @Test func aQueueSkipsAnOperationCancelledWhileItWaits() {
    let queue = OperationQueue()
    queue.isSuspended = true
    let operation = Recorder()
    queue.addOperation(operation)
    operation.cancel()
    queue.isSuspended = false
    queue.waitUntilAllOperationsAreFinished()
    #expect(operation.isFinished && operation.isCancelled)
    #expect(operation.events.all == ["didComplete nil"])
  }

  @Test func finishedBeforeStartItKeepsTheResultAndFinishesOnStart() {
    let operation = Recorder()
    operation.finish(with: .success(7))
    #expect(operation.result == .success(7))
    #expect(!operation.isFinished)

    operation.start()

    #expect(operation.isFinished && !operation.isCancelled)
    #expect(operation.events.all == ["didComplete Optional(Swift.Result<Swift.Int, Swift.Never>.success(7))"])
  }

  @Test func onlyTheFirstEndCounts() {
    let operation = Recorder()
    operation.start()
    operation.finish(with: .success(1))
    operation.cancel()
    operation.finish(with: .success(2))
    #expect(operation.result == .success(1))
    #expect(!operation.isCancelled)
    #expect(operation.events.all == ["main", "didComplete Optional(Swift.Result<Swift.Int, Swift.Never>.success(1))"])

    let cancelled = Recorder()
    cancelled.start()
    cancelled.cancel()
    cancelled.finish(with: .success(3))
    #expect(cancelled.result == nil && cancelled.isCancelled)
    #expect(cancelled.events.all == ["main", "didComplete nil"])
  }

  @Test func handleCompletionRunsOnTheQueueItNames() async throws {
    let key = DispatchSpecificKey<String>()
    let target = DispatchQueue(label: "handler")
    target.setSpecific(key: key, value: "handler")
    let outcomes = Collector<String>()
    let operation = AsynchronousOperation<Int, Never>.blockOperation { $0.finish(with: .success(5)) }
    operation.handleCompletion(onQueue: target) { result in
      outcomes.append("\(DispatchQueue.getSpecific(key: key) ?? "elsewhere"): \(String(describing: result))")
    }

    OperationQueue().addOperation(operation)

    try await waitUntil { !outcomes.all.isEmpty }
    #expect(outcomes.all == ["handler: Optional(Swift.Result<Swift.Int, Swift.Never>.success(5))"])
  }

  @Test func aHandlerThatCapturesTheOperationDoesNotKeepItAlive() async throws {
    weak var weakOperation: AsynchronousOperation<Int, Never>?
    let outcomes = Collector<String>()
    do {
      let operation = AsynchronousOperation<Int, Never>.blockOperation { $0.finish(with: .success(1)) }
      weakOperation = operation
      operation.handleCompletion(onQueue: nil) { _ in outcomes.append("\(operation.isFinished)") }
      OperationQueue().addOperation(operation)
    }
    try await waitUntil { outcomes.all == ["true"] }
    try await waitUntil { weakOperation == nil }
  }

  @Test func aQueueOfOneRunsOperationsOneAfterTheOther() {
    let queue = OperationQueue(name: "serial", qualityOfService: .utility, maxConcurrentOperationCount: 1)
    let order = Collector<String>()
    let operations = (1...3).map { index in
      AsynchronousOperation<Int, Never>.blockOperation { operation in
        order.append("start \(index)")
        DispatchQueue.global().async {
          order.append("end \(index)")
          operation.finish(with: .success(index))
        }
      }
    }
    queue.addOperations(operations, waitUntilFinished: true)
    #expect(order.all == ["start 1", "end 1", "start 2", "end 2", "start 3", "end 3"])
  }

  @Test func theQueueInitializerSetsEachProperty() {
    let queue = OperationQueue(name: "downloads", qualityOfService: .background, maxConcurrentOperationCount: 2)
    #expect(queue.name == "downloads")
    #expect(queue.qualityOfService == .background)
    #expect(queue.maxConcurrentOperationCount == 2)
    let unnamed = OperationQueue(qualityOfService: .userInitiated)
    #expect(unnamed.maxConcurrentOperationCount == OperationQueue.defaultMaxConcurrentOperationCount)
  }

  @Test func theBlockIsReleasedOnceTheOperationIsOver() {
    weak var weakToken: Token?
    let operation: AsynchronousOperation<Int, Never>
    do {
      let token = Token()
      weakToken = token
      operation = .blockOperation { [token] operation in
        withExtendedLifetime(token) { operation.finish(with: .success(1)) }
      }
    }
    #expect(weakToken != nil)
    operation.start()
    #expect(weakToken == nil)
  }

  @Test func startCancelAndFinishRacingEndOnce() async {
    for _ in 0..<200 {
      let operation = Recorder()
      await withTaskGroup(of: Void.self) { group in
        group.addTask { operation.start() }
        group.addTask { operation.cancel() }
        group.addTask { operation.finish(with: .success(1)) }
      }
      #expect(operation.isFinished)
      #expect(operation.events.all.filter { $0.hasPrefix("didComplete") }.count == 1)
      #expect(operation.isCancelled == (operation.result == nil))
    }
  }
}

/// A subclass as a user writes one: it records `main()` and `didComplete()`.
/// (Swift 6 asks every subclass of `Operation` to restate `@unchecked
/// Sendable`; its only state is a Sendable collector.)
private final class Recorder: AsynchronousOperation<Int, Never>, @unchecked Sendable {
  let events = Collector<String>()

  override func main() {
    events.append("main")
  }

  override func didComplete() {
    events.append("didComplete \(String(describing: result))")
  }
}
