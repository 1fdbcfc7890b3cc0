import ReactiveCore
package import SharedMachinery

/// The subscriber behind the `value` properties of the trait publishers: it
/// subscribes, requests one value, and resumes one waiting task with the
/// first thing that happens.
///
/// Its logic is the package's one waiter bridge, `AsyncWaiterMachine`
/// (SharedMachinery), with the `.perWait` policy and one wait: the task
/// waits first (its continuation stored), then the subscriber subscribes and
/// the one value is requested when the subscription comes. The value ends
/// the wait and cancels the subscription, as `first()` would, rather than
/// wait for the completion. A task cancelled before it waited never
/// subscribes.
///
/// The lock is never held while resuming the task or calling the
/// subscription.
package final class AsyncValueSubscriber<Input, Failure: Error>: Subscriber, Cancellable, CustomStringConvertible,
  @unchecked Sendable
{
  // @unchecked Sendable: the only mutable state is under `state`'s lock.

  package typealias Machine = AsyncWaiterMachine<Input, Failure, any Subscription, Waiter>

  /// A waiting task.
  package typealias Waiter = UnsafeContinuation<AsyncWaiterOutcome<Input, Failure>, Never>

  /// What the waiting task is resumed with: `.cancelled` when it was cancelled.
  package typealias Outcome = Machine.Outcome

  private let state = Lock(Machine(policy: .perWait))

  package var description: String { "AsyncValue" }

  private init() {}

  /// Subscribes to `publisher` and waits for its value, its completion, or
  /// the cancellation of the current task, which cancels the subscription
  /// and ends the wait at once. Runs on the caller's executor, so the
  /// publisher does not cross an isolation boundary.
  package nonisolated(nonsending) static func outcome<P: Publisher>(
    of publisher: P
  ) async -> Outcome where P.Output == Input, P.Failure == Failure {
    let subscriber = AsyncValueSubscriber()
    return await withTaskCancellationHandler {
      await withUnsafeContinuation { waiter in subscriber.start(waiter, publisher) }
    } onCancel: {
      subscriber.cancel()
    }
  }

  private func start<P: Publisher>(_ waiter: Waiter, _ publisher: P)
  where P.Output == Input, P.Failure == Failure {
    let action = state.withLock { $0.wait(waiter) }
    if case .resume = action {
      perform(action)  // cancelled before it waited: nothing subscribed
    } else {
      publisher.subscribe(self)  // the one value is requested when the subscription comes
    }
  }

  private func perform(_ action: consuming Machine.Action) {
    Machine.perform(action, request: { $0.request($1.limit.map { .max($0) } ?? .unlimited) }, cancel: { $0.cancel() })
  }

  package func receive(subscription: any Subscription) {
    perform(state.withLock { $0.subscribed(subscription) })
  }

  package func receive(_ input: Input) -> Subscribers.Demand {
    // The one value is all the task wants: it ends the wait, then the
    // subscription is cancelled (no task is left to resume).
    let (delivery, stop) = state.withLock { machine in (machine.receive(input), machine.cancel()) }
    perform(stop)
    perform(delivery)
    return .none
  }

  package func receive(completion: Subscribers.Completion<Failure>) {
    switch completion {
    case .finished: perform(state.withLock { $0.complete(.finished) })
    case let .failure(error): perform(state.withLock { $0.complete(.failure(error)) })
    }
  }

  /// Called when the waiting task is cancelled.
  package func cancel() {
    perform(state.withLock { $0.cancel() })
  }
}
