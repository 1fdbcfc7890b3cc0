/// The subscriber behind ``Publisher/values`` and `Future.value`: it asks
/// its upstream for one value each time an asynchronous caller awaits one.
///
/// States of `phase`:
/// - `waitingForSubscription`: subscribed, the subscription has not arrived;
///   a waiter that arrives now is served once it does;
/// - `subscribed(subscription)`: running; each waiter requests one value;
/// - `terminated(completion)`: the upstream completed while nobody waited;
///   the next waiter gets the completion (nil, or the failure);
/// - `done`: the completion was handed out, or the subscriber was cancelled;
///   every waiter gets nil.
///
/// At most one waiter at a time (an iterator is not shared between tasks).
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

  private struct State: @unchecked Sendable {
    var phase = Phase.waitingForSubscription
    var waiter: Waiter?
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
        precondition(state.waiter == nil, "values: next() called while another call is waiting")
        switch state.phase {
        case .done:
          return .resume(.end)
        case let .terminated(completion):
          state.phase = .done
          return .resume(Self.outcome(completion))
        case .waitingForSubscription:
          state.waiter = waiter
          return .none
        case let .subscribed(subscription):
          state.waiter = waiter
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
    let (accepted, waiting) = state.withLock { state -> (Bool, Bool) in
      guard case .waitingForSubscription = state.phase else { return (false, false) }
      state.phase = .subscribed(subscription)
      return (true, state.waiter != nil)
    }
    if !accepted {
      subscription.cancel()  // a second subscription, or one after cancel
    } else if waiting {
      subscription.request(.max(1))
    }
  }

  func receive(_ input: Input) -> Subscribers.Demand {
    let waiter = state.withLock { state -> Waiter? in
      guard case .subscribed = state.phase else { return nil }
      return state.waiter.take()
    }
    // Without a waiter the value came without demand: it is dropped.
    waiter?.resume(returning: .value(input))
    return .none
  }

  func receive(completion: Subscribers.Completion<Failure>) {
    let (waiter, released) = state.withLock { state -> (Waiter?, Phase) in
      let old = state.phase
      switch old {
      case .waitingForSubscription, .subscribed:
        if let waiter = state.waiter.take() {
          state.phase = .done
          return (waiter, old)
        }
        state.phase = .terminated(completion)
        return (nil, old)
      case .terminated, .done:
        return (nil, .done)
      }
    }
    _ = released  // the subscription is released here, after the lock
    waiter?.resume(returning: Self.outcome(completion))
  }

  func cancel() {
    let (waiter, old) = state.withLock { state -> (Waiter?, Phase) in
      let old = state.phase
      state.phase = .done
      return (state.waiter.take(), old)
    }
    if case let .subscribed(subscription) = old {
      subscription.cancel()
    }
    waiter?.resume(returning: .end)
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
