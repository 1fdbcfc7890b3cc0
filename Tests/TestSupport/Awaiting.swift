public import ReactiveCore
public import Testing
public import TraitsTesting

/// Checks that cancelling `task`, which awaits the value (or the result) of
/// a trait publisher subscribed to `upstream`, cancels the subscription and
/// throws `CancellationError`: waits until the upstream is asked for a
/// value, cancels the task, then checks what it threw and that the upstream
/// was cancelled once.
public func expectCancellingTheTaskCancelsTheUpstream<Output, Failure: Error, Success: Sendable, TaskFailure: Error>(
  _ task: Task<Success, TaskFailure>,
  awaiting upstream: TestPublisher<Output, Failure>,
  sourceLocation: SourceLocation = #_sourceLocation
) async throws {
  try await waitUntil { upstream.requests.count == 1 }
  task.cancel()
  await #expect(throws: CancellationError.self, sourceLocation: sourceLocation) { try await task.value }
  #expect(upstream.cancellations == 1, sourceLocation: sourceLocation)
}

/// Awaits `value` (the value of a trait publisher subscribed to `upstream`)
/// while another task waits until the upstream has seen the requests that
/// `asked` accepts, then has `send` send it what the test awaits. Returns
/// what `value` gave, once the feeding task is over.
public func valueFed<Output, Failure: Error, Value>(
  by upstream: TestPublisher<Output, Failure>,
  once asked: @escaping @Sendable ([Subscribers.Demand]) -> Bool,
  sending send: @escaping @Sendable (TestPublisher<Output, Failure>) -> Void,
  _ value: () async throws -> Value
) async throws -> Value {
  let feeder = Task {
    try await waitUntil { asked(upstream.requests) }
    send(upstream)
  }
  let result = try await value()
  try await feeder.value
  return result
}
