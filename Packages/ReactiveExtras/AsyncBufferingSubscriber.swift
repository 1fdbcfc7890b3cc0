import ReactiveCore
import SharedMachinery

/// The subscriber behind `values(bufferingPolicy:)`: it keeps the values the
/// publisher sends while nobody awaits one, by its policy, and hands them to
/// the awaiting callers, oldest first.
///
/// Its logic is the package's one waiter bridge, `AsyncWaiterMachine`
/// (SharedMachinery), whose phases and transitions its documentation
/// tables. Demand: `.unbounded` and `.bufferingNewest` request `.unlimited`
/// when the subscription arrives; `.bufferingOldest(n)` requests `n` then,
/// and one more per `next()`, so the buffer and the values awaited are
/// never asked to hold more than `n` plus the waiters. The buffered values
/// are handed out before the completion (nil, or the failure: thrown once).
///
/// The lock is never held while resuming a waiter, calling the subscription,
/// or releasing a value (a dropped value is released after the lock).
final class AsyncBufferingSubscriber<Input, Failure: Error>: Subscriber, Cancellable, CustomStringConvertible,
  @unchecked Sendable
{
  // @unchecked Sendable: every mutable field is in `state`, under its lock.

  typealias Machine = AsyncWaiterMachine<Input, Failure, any Subscription, Waiter>

  /// A waiting task.
  typealias Waiter = UnsafeContinuation<AsyncWaiterOutcome<Input, Failure>, Never>

  private let state: Lock<Machine>

  var description: String { "BufferedAsyncPublisher" }

  init<Upstream: Publisher>(policy: BufferedAsyncPublisher<Upstream>.BufferingPolicy) {
    switch policy {
    case .unbounded: state = Lock(Machine(policy: .unbounded))
    case let .bufferingOldest(count): state = Lock(Machine(policy: .oldest(count)))
    case let .bufferingNewest(count): state = Lock(Machine(policy: .newest(count)))
    }
  }

  /// Waits for the next value, the end, or the failure. Cancelling the
  /// awaiting task cancels the subscription, and the wait ends with nil.
  func next(isolation actor: isolated (any Actor)?) async throws(Failure) -> Input? {
    let outcome = await withTaskCancellationHandler(
      operation: {
        await withUnsafeContinuation(isolation: actor) { (waiter: Waiter) in
          self.perform(self.state.withLock { $0.wait(waiter) })
        }
      },
      onCancel: { self.cancel() },
      isolation: actor
    )
    switch outcome {
    case let .value(value): return value
    case .finished, .cancelled: return nil
    case let .failure(error): throw error
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
    return .none  // the demand is requested by `next()`
  }

  func receive(completion: Subscribers.Completion<Failure>) {
    switch completion {
    case .finished: perform(state.withLock { $0.complete(.finished) })
    case let .failure(error): perform(state.withLock { $0.complete(.failure(error)) })
    }
  }

  func cancel() {
    perform(state.withLock { $0.cancel() })
  }
}

/// Owned by an iterator and its copies: subscribes when the iterator is
/// made, and cancels the subscription when the last copy goes away (a
/// `for await` loop that breaks, say).
final class AsyncBufferingToken<Input, Failure: Error>: Sendable {
  let subscriber: AsyncBufferingSubscriber<Input, Failure>

  init<Upstream: Publisher>(
    _ upstream: Upstream,
    policy: BufferedAsyncPublisher<Upstream>.BufferingPolicy
  ) where Upstream.Output == Input, Upstream.Failure == Failure {
    subscriber = AsyncBufferingSubscriber(policy: policy)
    upstream.subscribe(subscriber)
  }

  deinit {
    subscriber.cancel()
  }
}
