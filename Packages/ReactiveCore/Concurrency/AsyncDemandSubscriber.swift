/// The subscriber behind ``Publisher/values`` and `Future.value`: it asks
/// its upstream for one value each time an asynchronous caller awaits one.
///
/// States of `phase`:
/// - `waitingForSubscription`: subscribed, the subscription has not arrived;
///   the waiters that arrive now are requested for once it does;
/// - `subscribed(subscription)`: running; each waiter requests one value;
/// - `terminated(completion)`: the upstream completed while nobody waited;
///   the next waiter gets the completion (nil, or the failure);
/// - `done`: the completion was handed out, or the subscriber was cancelled;
///   every waiter gets nil.
///
/// Several tasks may wait on one iterator at once (as with Combine's
/// iterators): `waiters` is a FIFO queue, and each waiter asked for one
/// value. A value resumes the oldest waiter. A completion resumes the oldest
/// with the completion (nil, or the failure: thrown once) and every other
/// one with nil. Cancelling (any waiting task, or the iterator's release)
/// resumes every waiter with nil.
///
/// The lock is never held while resuming a waiter or calling the subscription.
final class AsyncDemandSubscriber<Input, Failure: Error>: Subscriber, Cancellable, CustomStringConvertible,
  @unchecked Sendable
{
  // @unchecked Sendable: every mutable field is in `state`, under its lock.

  typealias Waiter = UnsafeContinuation<Outcome, Never>

  /// What a waiter receives: a value, the end of the stream, or a failure.
  enum Outcome: @unchecked Sendable {
    // @unchecked Sendable: a value crosses from the publisher's thread to the
    // awaiting task exactly once, as with Combine's own bridges.
    case value(Input)
    case end
    case failure(Failure)
  }

  private enum Phase {
    case waitingForSubscription
    case subscribed(any Subscription)
    case terminated(Subscribers.Completion<Failure>)
    case done
  }

  /// What `wait` does once it has left the lock.
  private enum WaitAction {
    case resume(Outcome)
    case request(any Subscription)
    case none
  }

  private struct State {
    var phase = Phase.waitingForSubscription
    /// The waiting callers, oldest first.
    var waiters: [Waiter] = []
  }

  private let state = Lock(State())

  var description: String { "AsyncDemandSubscriber" }

  /// Waits for the next value, the end, or the failure.
  ///
  /// - Parameter cancellable: when true, cancelling the awaiting task cancels
  ///   the subscription and the wait ends with `.end`.
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
      let action = state.withLock { state -> WaitAction in
        switch state.phase {
        case .done:
          return .resume(.end)
        case let .terminated(completion):
          state.phase = .done
          return .resume(Self.outcome(completion))
        case .waitingForSubscription:
          state.waiters.append(waiter)
          return .none
        case let .subscribed(subscription):
          state.waiters.append(waiter)
          return .request(subscription)
        }
      }
      switch action {
      case let .resume(outcome): waiter.resume(returning: outcome)
      case let .request(subscription): subscription.request(.max(1))
      case .none: break
      }
    }
  }

  private static func outcome(_ completion: Subscribers.Completion<Failure>) -> Outcome {
    switch completion {
    case .finished: .end
    case let .failure(error): .failure(error)
    }
  }

  func receive(subscription: any Subscription) {
    let (accepted, waiting) = state.withLock { state -> (Bool, Int) in
      guard case .waitingForSubscription = state.phase else { return (false, 0) }
      state.phase = .subscribed(subscription)
      return (true, state.waiters.count)
    }
    if !accepted {
      subscription.cancel()  // a second subscription, or one after cancel
    } else if waiting > 0 {
      subscription.request(.max(waiting))
    }
  }

  func receive(_ input: Input) -> Subscribers.Demand {
    let waiter = state.withLock { state -> Waiter? in
      guard case .subscribed = state.phase, !state.waiters.isEmpty else { return nil }
      return state.waiters.removeFirst()
    }
    // Without a waiter the value came without demand: it is dropped.
    waiter?.resume(returning: .value(input))
    return .none
  }

  func receive(completion: Subscribers.Completion<Failure>) {
    let (waiters, released) = state.withLock { state -> ([Waiter], Phase) in
      let old = state.phase
      switch old {
      case .waitingForSubscription, .subscribed:
        if !state.waiters.isEmpty {
          state.phase = .done
          defer { state.waiters = [] }
          return (state.waiters, old)
        }
        state.phase = .terminated(completion)
        return ([], old)
      case .terminated, .done:
        return ([], .done)
      }
    }
    _ = released  // the subscription is released here, after the lock
    // The oldest waiter hears how the stream ended; the others get nil.
    for (index, waiter) in waiters.enumerated() {
      waiter.resume(returning: index == 0 ? Self.outcome(completion) : .end)
    }
  }

  func cancel() {
    let (waiters, old) = state.withLock { state -> ([Waiter], Phase) in
      let old = state.phase
      state.phase = .done
      defer { state.waiters = [] }
      return (state.waiters, old)
    }
    if case let .subscribed(subscription) = old {
      subscription.cancel()
    }
    for waiter in waiters {
      waiter.resume(returning: .end)
    }
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
    let status = state.withLock { state -> SubscriptionStatus in
      switch state.phase {
      case .waitingForSubscription: .awaitingSubscription
      case let .subscribed(subscription): .subscribed(subscription)
      case .terminated, .done: .terminal
      }
    }
    return Mirror(self, children: ["status": status])
  }
}
