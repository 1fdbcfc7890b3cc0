/// The subscriber behind ``Publisher/values`` and `Future.value`: it asks
/// its upstream for one value each time an asynchronous caller awaits one.
///
/// Its logic is the package's one waiter bridge, `AsyncWaiterMachine`
/// (SharedMachinery), with the `.perWait` policy: each wait requests one
/// value (the waits made before the subscription are requested for when it
/// comes), a value resumes the oldest waiting task, and a value nobody
/// waits for came without demand and is dropped. A completion resumes the
/// oldest task with the completion (nil, or the failure: thrown once) and
/// every other one with nil. Cancelling (any waiting task, or the
/// iterator's release) resumes every waiting task with nil.
///
/// The lock is never held while resuming a task or calling the subscription.
///
/// Inlinable, like the waiter machine: `values` and the iterator's `next()`
/// then run specialised where they are awaited (unspecialised, each element
/// asked the runtime for the metadata of the machine, its queues and its
/// actions: about 48,000 instructions per element).
@usableFromInline
final class AsyncDemandSubscriber<Input, Failure: Error>: Subscriber, Cancellable, CustomStringConvertible,
  @unchecked Sendable
{
  // @unchecked Sendable: the only mutable state, `machine`, is under `lock`.

  @usableFromInline
  typealias Machine = AsyncWaiterMachine<Input, Failure, any Subscription, Waiter>

  /// A waiting task.
  @usableFromInline
  typealias Waiter = UnsafeContinuation<AsyncWaiterOutcome<Input, Failure>, Never>

  /// What a waiting task receives.
  @usableFromInline
  typealias Outcome = Machine.Outcome

  /// The lock of `machine`, beside it (see `StateLock`).
  @usableFromInline
  let lock = StateLock()
  @usableFromInline
  @exclusivity(unchecked) var machine: Machine

  /// Calls `body` with the machine, under the lock.
  @inlinable
  func withState<Result: ~Copyable>(_ body: (inout Machine) -> Result) -> Result {
    lock.withLock { body(&machine) }
  }

  /// Formed here, not as the property's initial value (which would run
  /// unspecialised).
  @inlinable
  init() {
    machine = Machine(policy: .perWait)
  }

  @usableFromInline
  var description: String { "AsyncDemandSubscriber" }

  /// Waits for the next value, the end, or the failure.
  ///
  /// - Parameter cancellable: when true, cancelling the awaiting task cancels
  ///   the subscription and the wait ends with `.cancelled`.
  @inlinable
  func next(cancellable: Bool) async -> Outcome {
    guard cancellable else { return await wait() }
    return await withTaskCancellationHandler {
      await wait()
    } onCancel: {
      cancel()
    }
  }

  @inlinable
  func wait() async -> Outcome {
    await withUnsafeContinuation { (waiter: Waiter) in
      perform(withState { $0.wait(waiter) })
    }
  }

  @inlinable
  func perform(_ action: consuming Machine.Action) {
    Machine.perform(action, request: { $0.request($1.limit.map { .max($0) } ?? .unlimited) }, cancel: { $0.cancel() })
  }

  @inlinable
  func receive(subscription: any Subscription) {
    perform(withState { $0.subscribed(subscription) })
  }

  @inlinable
  func receive(_ input: Input) -> Subscribers.Demand {
    perform(withState { $0.receive(input) })
    return .none  // each wait requests its own value
  }

  @inlinable
  func receive(completion: Subscribers.Completion<Failure>) {
    let outcome: Outcome
    switch completion {
    case .finished: outcome = .finished
    case let .failure(error): outcome = .failure(error)
    }
    perform(withState { $0.complete(outcome) })
  }

  @inlinable
  func cancel() {
    perform(withState { $0.cancel() })
  }
}

/// Owned by an iterator and its copies: when the last copy goes away (a
/// `for await` loop that breaks, say), the subscription is cancelled.
@usableFromInline
final class AsyncIteratorToken<Input, Failure: Error>: Sendable {
  @usableFromInline
  let subscriber: AsyncDemandSubscriber<Input, Failure>

  @inlinable
  init<Upstream: Publisher>(_ upstream: Upstream) where Upstream.Output == Input, Upstream.Failure == Failure {
    subscriber = AsyncDemandSubscriber()
    upstream.subscribe(subscriber)
  }

  deinit {
    subscriber.cancel()
  }
}

extension AsyncDemandSubscriber: CombineReflectable {
  /// Shows the subscription status.
  @usableFromInline
  var customMirror: Mirror {
    let status = withState { machine -> SubscriptionStatus in
      if machine.isWaitingForSubscription { return .awaitingSubscription }
      return machine.upstream.map { .subscribed($0) } ?? .terminal
    }
    return Mirror(self, children: ["status": status])
  }
}
