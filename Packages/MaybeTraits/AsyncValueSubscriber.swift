import ReactiveCore
public import SharedMachinery

/// A task awaiting a trait's `value`.
@usableFromInline
package typealias AsyncValueWaiter<Input, Failure: Error> =
  UnsafeContinuation<AsyncWaiterOutcome<Input, Failure>, Never>

/// The `value` properties of the trait publishers: what they await.
@usableFromInline
package enum AsyncValue {
  /// Subscribes to `publisher` with an ``AsyncValueSubscriber`` and waits
  /// for its value, its completion, or the cancellation of the current task.
  @inlinable
  package nonisolated(nonsending) static func outcome<P: Publisher>(
    of publisher: P
  ) async -> AsyncWaiterOutcome<P.Output, P.Failure> {
    typealias Machine = AsyncWaiterMachine<P.Output, P.Failure, any Subscription, AsyncValueWaiter<P.Output, P.Failure>>
    return await AsyncValueSubscriber<P.Output, P.Failure, Machine>.outcome(of: publisher)
  }
}

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
@usableFromInline
package final class AsyncValueSubscriber<Input, Failure: Error, Machine: ClassArgumentState>: Subscriber, Cancellable,
  CustomStringConvertible, @unchecked Sendable
where Machine.Core == AsyncWaiterMachine<Input, Failure, any Subscription, AsyncValueWaiter<Input, Failure>> {
  // @unchecked Sendable: the only mutable state, `machine`, is under `lock`.
  // `Machine` is the machine's type, as a generic argument (see
  // `ClassArgumentState`): the deinitialiser then asks the runtime's
  // metadata cache for nothing (three lookups, about 1,000 instructions per
  // await, when the stored type was built from `Input` and `Failure`).

  /// The machine, by its own name.
  @usableFromInline
  package typealias Core = AsyncWaiterMachine<Input, Failure, any Subscription, Waiter>

  /// A waiting task.
  @usableFromInline
  package typealias Waiter = AsyncValueWaiter<Input, Failure>

  /// What the waiting task is resumed with: `.cancelled` when it was cancelled.
  @usableFromInline
  package typealias Outcome = Core.Outcome

  /// The lock of `machine`, beside it (see `StateLock`: the deinitialiser
  /// then asks the runtime for no lock metadata).
  @usableFromInline
  let lock = StateLock()
  @usableFromInline
  @exclusivity(unchecked) var machine: Machine

  /// Calls `body` with the machine, under the lock.
  @inlinable
  func withState<Result: ~Copyable>(_ body: (inout Core) -> Result) -> Result {
    lock.withLock { body(&machine.core) }
  }

  @usableFromInline
  package var description: String { "AsyncValue" }

  /// Formed in the inlinable `init`, not as the property's initial value: an
  /// initial value is computed by a function of its own, unspecialised.
  @inlinable
  init() {
    machine = Machine(core: Core(policy: .perWait))
  }

  /// Subscribes to `publisher` and waits for its value, its completion, or
  /// the cancellation of the current task, which cancels the subscription
  /// and ends the wait at once. Runs on the caller's executor, so the
  /// publisher does not cross an isolation boundary.
  @inlinable
  nonisolated(nonsending) static func outcome<P: Publisher>(
    of publisher: P
  ) async -> Outcome where P.Output == Input, P.Failure == Failure {
    let subscriber = AsyncValueSubscriber()
    return await withTaskCancellationHandler {
      await withUnsafeContinuation { waiter in subscriber.start(waiter, publisher) }
    } onCancel: {
      subscriber.cancel()
    }
  }

  @inlinable
  func start<P: Publisher>(_ waiter: Waiter, _ publisher: P)
  where P.Output == Input, P.Failure == Failure {
    // Whether the machine still waits for its subscription, rather than
    // `if case .resume = action`, which copied the action out and back.
    let (action, subscribes) = withState { machine in (machine.wait(waiter), machine.isWaitingForSubscription) }
    if subscribes {
      publisher.subscribe(self)  // the one value is requested when the subscription comes
    } else {
      perform(action)  // cancelled before it waited: nothing subscribed
    }
  }

  @inlinable
  func perform(_ action: consuming Core.Action) {
    Core.perform(action, request: { $0.request($1.limit.map { .max($0) } ?? .unlimited) }, cancel: { $0.cancel() })
  }

  @inlinable
  package func receive(subscription: any Subscription) {
    perform(withState { $0.subscribed(subscription) })
  }

  @inlinable
  package func receive(_ input: Input) -> Subscribers.Demand {
    // The one value is all the task wants: the subscription is cancelled,
    // then the value ends the wait.
    perform(withState { $0.receiveEnding(input) })
    return .none
  }

  @inlinable
  package func receive(completion: Subscribers.Completion<Failure>) {
    switch completion {
    case .finished: perform(withState { $0.complete(.finished) })
    case let .failure(error): perform(withState { $0.complete(.failure(error)) })
    }
  }

  /// Called when the waiting task is cancelled.
  @inlinable
  package func cancel() {
    perform(withState { $0.cancel() })
  }
}

#if !REACTIVECORE_IS_COMBINE
// One of the library's own subscribers, as `AnyPublisher` sees it: it hands
// it over erased, through entry points specialised where the erased
// publisher was made (Combine's `AnyPublisher` has no such path).
extension AsyncValueSubscriber: CombineReflectable {
  @usableFromInline
  package var customMirror: Mirror { Mirror(childless: self) }
}
#endif
