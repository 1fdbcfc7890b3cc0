import ReactiveCore
import SharedMachinery

/// The subscriber behind the `value` properties of the trait publishers: it
/// subscribes, requests one value, and resumes one waiting task with the
/// first thing that happens.
///
/// States:
/// - `initial`: created; the waiting task has not stored its continuation;
/// - `waiting(waiter)`: the continuation is stored, the subscription has not arrived;
/// - `subscribed(waiter, subscription)`: one value is requested;
/// - `cancelledEarly`: the task was cancelled before its continuation was stored;
/// - `done`: the waiter was resumed; holds nothing.
///
/// The lock is never held while resuming the waiter or calling the
/// subscription.
package final class AsyncValueSubscriber<Input, Failure: Error>: Subscriber, Cancellable, CustomStringConvertible,
  @unchecked Sendable
{
  // @unchecked Sendable: the only mutable state is under `state`'s lock.

  /// What the waiting task is resumed with.
  package enum Outcome: @unchecked Sendable {
    // @unchecked Sendable: the value goes from the publisher's thread to the
    // waiting task exactly once, and nothing else keeps it.
    case value(Input)
    case finished
    case failure(Failure)
    /// The waiting task was cancelled; so was the subscription.
    case cancelled
  }

  typealias Waiter = UnsafeContinuation<Outcome, Never>

  private enum State {
    case initial
    case waiting(Waiter)
    case subscribed(Waiter, any Subscription)
    case cancelledEarly
    case done
  }

  private let state = Lock(State.initial)

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

  private func start<P: Publisher>(_ waiter: Waiter, _ publisher: P) where P.Output == Input, P.Failure == Failure {
    let subscribe = state.withLock { state -> Bool in
      switch state {
      case .initial:
        state = .waiting(waiter)
        return true
      case .cancelledEarly:
        state = .done
        return false
      case .waiting, .subscribed, .done:
        fatalError("Bug in AsyncValueSubscriber: \(state) received start")
      }
    }
    if subscribe {
      publisher.subscribe(self)
    } else {
      waiter.resume(returning: .cancelled)  // the task was cancelled before it waited: nothing subscribed
    }
  }

  package func receive(subscription: any Subscription) {
    let accepted = state.withLock { state -> Bool in
      switch state {
      case let .waiting(waiter):
        state = .subscribed(waiter, subscription)
        return true
      case .initial, .subscribed, .cancelledEarly, .done:
        return false  // a second subscription, or one after cancel
      }
    }
    if accepted {
      subscription.request(.max(1))
    } else {
      subscription.cancel()
    }
  }

  package func receive(_ input: Input) -> Subscribers.Demand {
    let taken = state.withLock { state -> (Waiter, any Subscription)? in
      switch state {
      case let .subscribed(waiter, subscription):
        state = .done
        return (waiter, subscription)
      case .initial, .waiting, .cancelledEarly, .done:
        return nil  // no demand was requested: ignore
      }
    }
    guard let (waiter, subscription) = taken else { return .none }
    // The one value is all the waiter wants: like `first()`, stop the
    // upstream rather than wait for its completion.
    subscription.cancel()
    waiter.resume(returning: .value(input))
    return .none
  }

  package func receive(completion: Subscribers.Completion<Failure>) {
    let previous = state.withLock { state -> State in
      switch state {
      case .waiting, .subscribed:
        defer { state = .done }
        return state
      case .initial, .cancelledEarly, .done:
        return .done  // already over: ignore
      }
    }
    let outcome: Outcome
    switch completion {
    case .finished: outcome = .finished
    case let .failure(error): outcome = .failure(error)
    }
    switch previous {
    case let .waiting(waiter), let .subscribed(waiter, _):
      waiter.resume(returning: outcome)
    case .initial, .cancelledEarly, .done:
      break
    }
  }

  /// Called when the waiting task is cancelled.
  package func cancel() {
    let previous = state.withLock { state -> State in
      switch state {
      case .initial:
        state = .cancelledEarly
        return .done
      case .waiting, .subscribed:
        defer { state = .done }
        return state
      case .cancelledEarly, .done:
        return .done
      }
    }
    switch previous {
    case let .waiting(waiter):
      waiter.resume(returning: .cancelled)  // the subscription, when it comes, is cancelled
    case let .subscribed(waiter, subscription):
      subscription.cancel()
      waiter.resume(returning: .cancelled)
    case .initial, .cancelledEarly, .done:
      break
    }
  }
}
