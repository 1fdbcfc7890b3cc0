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
final class AsyncDemandSubscriber<Input, Failure: Error>: Subscriber, Cancellable, CustomStringConvertible,
  @unchecked Sendable
{
  // @unchecked Sendable: every mutable field is in `state`, under its lock.

  typealias Machine = AsyncWaiterMachine<Input, Failure, any Subscription, Waiter>

  /// A waiting task.
  typealias Waiter = UnsafeContinuation<AsyncWaiterOutcome<Input, Failure>, Never>

  /// What a waiting task receives.
  typealias Outcome = Machine.Outcome

  private let state = Lock(Machine(policy: .perWait))

  var description: String { "AsyncDemandSubscriber" }

  /// Waits for the next value, the end, or the failure.
  ///
  /// - Parameter cancellable: when true, cancelling the awaiting task cancels
  ///   the subscription and the wait ends with `.cancelled`.
  func next(cancellable: Bool) async -> Outcome {
    guard cancellable else { return await wait() }
    return await withTaskCancellationHandler {
      await wait()
    } onCancel: {
      cancel()
    }
  }

  private func wait() async -> Outcome {
    await withUnsafeContinuation { (waiter: Waiter) in
      perform(state.withLock { $0.wait(waiter) })
    }
  }

  private func perform(_ action: consuming Machine.Action) {
    Machine.perform(action, request: { $0.request($1.limit.map { .max($0) } ?? .unlimited) }, cancel: { $0.cancel() })
  }

  func receive(subscription: any Subscription) {
    perform(state.withLock { $0.subscribed(subscription) })
  }

  func receive(_ input: Input) -> Subscribers.Demand {
    perform(state.withLock { $0.receive(input) })
    return .none  // each wait requests its own value
  }

  func receive(completion: Subscribers.Completion<Failure>) {
    let outcome: Outcome
    switch completion {
    case .finished: outcome = .finished
    case let .failure(error): outcome = .failure(error)
    }
    perform(state.withLock { $0.complete(outcome) })
  }

  func cancel() {
    perform(state.withLock { $0.cancel() })
  }
}

/// Owned by an iterator and its copies: when the last copy goes away (a
/// `for await` loop that breaks, say), the subscription is cancelled.
final class AsyncIteratorToken<Input, Failure: Error>: Sendable {
  let subscriber: AsyncDemandSubscriber<Input, Failure>

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
  var customMirror: Mirror {
    let status = state.withLock { machine -> SubscriptionStatus in
      if machine.isWaitingForSubscription { return .awaitingSubscription }
      return machine.upstream.map { .subscribed($0) } ?? .terminal
    }
    return Mirror(self, children: ["status": status])
  }
}
