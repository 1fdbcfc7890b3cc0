import Dispatch
import ReactiveCore
import Testing

@Suite("Future.value")
struct FutureValueTests {
  @Test("a future that never fails gives its value")
  func nonThrowingValue() async {
    let future = Future<Int, Never> { promise in promise(.success(42)) }
    #expect(await future.value == 42)
    #expect(await future.value == 42)  // every await gets the result
  }

  @Test("a value promised later, on another thread, is awaited")
  func valueFromAnotherThread() async {
    let future = Future<String, Never> { promise in
      let promise = UncheckedSendable(promise)
      DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(20)) { promise.value(.success("late")) }
    }
    #expect(await future.value == "late")
  }

  @Test("a throwing future gives its value")
  func throwingValue() async throws {
    let future = Future<Int, TestError> { promise in
      let promise = UncheckedSendable(promise)
      DispatchQueue.global().async { promise.value(.success(7)) }
    }
    #expect(try await future.value == 7)
  }

  @Test("a throwing future throws its failure")
  func throwingFailure() async {
    let future = Future<Int, TestError> { promise in
      let promise = UncheckedSendable(promise)
      DispatchQueue.global().async { promise.value(.failure(TestError(code: 9))) }
    }
    await #expect(throws: TestError(code: 9)) { try await future.value }
  }

  @Test("a future already fulfilled gives its result at once, to every await, without subscribing again")
  func resolvedFuture() async throws {
    let failed = Future<Int, TestError> { promise in promise(.failure(TestError(code: 4))) }
    await #expect(throws: TestError(code: 4)) { try await failed.value }
    await #expect(throws: TestError(code: 4)) { try await failed.value }
    let succeeded = Future<Int, TestError> { promise in promise(.success(5)) }
    #expect(try await succeeded.value == 5)
    // In a cancelled task too, as for a pending future.
    let task = Task {
      withUnsafeCurrentTask { $0?.cancel() }
      return try await succeeded.value
    }
    #expect(try await task.value == 5)
  }

  @Test("cancelling the awaiting task does not end the wait: the result still arrives, as in Combine")
  func cancellationDoesNotInterrupt() async throws {
    let promiseBox = PromiseBox<Int, TestError>()
    let future = Future<Int, TestError> { promise in promiseBox.store(promise) }
    let task = Task { try await future.value }
    task.cancel()
    try await Task.sleep(nanoseconds: 10_000_000)
    promiseBox.fulfill(.success(3))
    #expect(try await task.value == 3)
  }
}

/// Keeps a promise so that a test fulfils it later.
private final class PromiseBox<Output, Failure: Error>: @unchecked Sendable {
  private let queue = DispatchQueue(label: "PromiseBox")
  private var promise: Future<Output, Failure>.Promise?

  func store(_ promise: @escaping Future<Output, Failure>.Promise) {
    queue.sync { self.promise = promise }
  }

  func fulfill(_ result: Result<Output, Failure>) {
    let promise = queue.sync { self.promise }
    promise?(result)
  }
}
