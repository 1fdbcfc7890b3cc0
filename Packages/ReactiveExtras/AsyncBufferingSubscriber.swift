import ReactiveCore
import SharedMachinery

/// The subscriber behind `values(bufferingPolicy:)`: it keeps the values the
/// publisher sends while nobody awaits one, by its policy, and hands them to
/// the awaiting callers, oldest first.
///
/// States of `phase`:
/// - `waitingForSubscription`: subscribed, the subscription has not arrived;
///   `unrequested` counts the demand owed to it (`next()` calls so far);
/// - `subscribed(subscription)`: running; values go to a waiter, or to the buffer;
/// - `completed(completion)`: the upstream completed; the buffered values are
///   handed out first, then the completion (nil, or the failure: thrown once);
/// - `finished`: the completion was handed out, or the iteration was
///   cancelled; holds nothing, every waiter gets nil.
///
/// Demand: `.unbounded` and `.bufferingNewest` request `.unlimited` when the
/// subscription arrives; `.bufferingOldest(n)` requests `n` then, and one
/// more per `next()`, so the buffer and the values awaited are never asked
/// to hold more than `n` plus the waiters.
///
/// The lock is never held while resuming a waiter, calling the subscription,
/// or releasing a value (a dropped value is released after the lock).
final class AsyncBufferingSubscriber<Input, Failure: Error>: Subscriber, Cancellable, CustomStringConvertible,
  @unchecked Sendable
{
  // @unchecked Sendable: every mutable field is in `state`, under its lock.

  typealias Waiter = UnsafeContinuation<Outcome, Never>

  /// What a waiter receives: a value, the end of the iteration, or a failure.
  enum Outcome: @unchecked Sendable {
    // @unchecked Sendable: a value crosses from the publisher's thread to the
    // awaiting task exactly once, as with Combine's own `values`.
    case value(Input)
    case end
    case failure(Failure)
  }

  private enum Phase {
    case waitingForSubscription
    case subscribed(any Subscription)
    case completed(Subscribers.Completion<Failure>)
    case finished
  }

  private struct State {
    var phase = Phase.waitingForSubscription
    /// The values nobody awaited yet, oldest first. Empty while a caller waits.
    var buffer = FIFOQueue<Input>()
    /// The waiting callers, oldest first. Empty while values are buffered.
    var waiters: [Waiter] = []
    /// `.bufferingOldest` only: the one-per-`next()` demand owed to a
    /// subscription that has not arrived yet.
    var unrequested = 0
  }

  /// The buffering policy, with its count clamped at zero.
  private enum Policy {
    case unbounded
    case oldest(Int)
    case newest(Int)
  }

  /// What `wait` does once it has left the lock.
  private enum WaitAction {
    case resume(Outcome, requestingFrom: (any Subscription)?)
    case request(any Subscription)
    case none
  }

  /// What `receive(_:)` does once it has left the lock.
  private enum ReceiveAction {
    case resume(Waiter, Input)
    /// The value, or the oldest buffered one it replaced, is dropped.
    case drop(Input)
    case none
  }

  private let policy: Policy
  private let state = Lock(State())

  var description: String { "BufferedAsyncPublisher" }

  init<Upstream: Publisher>(policy: BufferedAsyncPublisher<Upstream>.BufferingPolicy) {
    switch policy {
    case .unbounded: self.policy = .unbounded
    case let .bufferingOldest(count): self.policy = .oldest(max(0, count))
    case let .bufferingNewest(count): self.policy = .newest(max(0, count))
    }
  }

  /// Waits for the next value, the end, or the failure. Cancelling the
  /// awaiting task cancels the subscription, and the wait ends with nil.
  func next(isolation actor: isolated (any Actor)?) async throws(Failure) -> Input? {
    let outcome = await withTaskCancellationHandler(
      operation: { await withUnsafeContinuation(isolation: actor) { self.wait($0) } },
      onCancel: { self.cancel() },
      isolation: actor
    )
    switch outcome {
    case let .value(value): return value
    case .end: return nil
    case let .failure(error): throw error
    }
  }

  private func wait(_ waiter: Waiter) {
    let action = state.withLock { state -> WaitAction in
      let topUp = oneMore(&state)
      if let value = state.buffer.removeFirst() {
        return .resume(.value(value), requestingFrom: topUp)
      }
      switch state.phase {
      case .waitingForSubscription, .subscribed:
        state.waiters.append(waiter)
        return topUp.map { .request($0) } ?? .none
      case let .completed(completion):
        state.phase = .finished
        return .resume(Self.outcome(completion), requestingFrom: nil)
      case .finished:
        return .resume(.end, requestingFrom: nil)
      }
    }
    switch action {
    case let .resume(outcome, subscription):
      subscription?.request(.max(1))
      waiter.resume(returning: outcome)
    case let .request(subscription):
      subscription.request(.max(1))
    case .none:
      break
    }
  }

  /// Under `.bufferingOldest`, a `next()` is owed one more value: the
  /// subscription to request it from, or, before the subscription, a count
  /// to request on its arrival.
  private func oneMore(_ state: inout State) -> (any Subscription)? {
    guard case .oldest = policy else { return nil }
    switch state.phase {
    case .waitingForSubscription:
      state.unrequested += 1
      return nil
    case let .subscribed(subscription):
      return subscription
    case .completed, .finished:
      return nil  // nothing more will come
    }
  }

  private static func outcome(_ completion: Subscribers.Completion<Failure>) -> Outcome {
    switch completion {
    case .finished: .end
    case let .failure(error): .failure(error)
    }
  }

  func receive(subscription: any Subscription) {
    let demand = state.withLock { state -> Subscribers.Demand? in
      switch state.phase {
      case .waitingForSubscription:
        state.phase = .subscribed(subscription)
        switch policy {
        case .unbounded, .newest: return .unlimited
        case let .oldest(count): return .max(count) + state.unrequested  // saturates: `.bufferingOldest(.max)`
        }
      case .subscribed, .completed, .finished:
        return nil  // a second subscription, or one after cancel
      }
    }
    guard let demand else { return subscription.cancel() }
    if demand > .none {
      subscription.request(demand)
    }
  }

  func receive(_ input: Input) -> Subscribers.Demand {
    let action = state.withLock { state -> ReceiveAction in
      guard case .subscribed = state.phase else { return .drop(input) }  // after completion or cancel: ignore
      if !state.waiters.isEmpty {
        return .resume(state.waiters.removeFirst(), input)
      }
      switch policy {
      case .unbounded:
        state.buffer.append(input)
        return .none
      case let .oldest(count):
        guard state.buffer.count < count else { return .drop(input) }  // sent beyond the demand
        state.buffer.append(input)
        return .none
      case let .newest(count):
        guard count > 0 else { return .drop(input) }
        let dropped = state.buffer.count < count ? nil : state.buffer.removeFirst()
        state.buffer.append(input)
        return dropped.map { .drop($0) } ?? .none
      }
    }
    if case let .resume(waiter, value) = action {
      waiter.resume(returning: .value(value))
    }
    return .none  // the demand is requested by `next()`
  }

  func receive(completion: Subscribers.Completion<Failure>) {
    let (waiters, released) = state.withLock { state -> ([Waiter], Phase) in
      let old = state.phase
      switch old {
      case .waitingForSubscription, .subscribed:
        guard state.waiters.isEmpty else {
          // Waiters mean an empty buffer: the completion is handed out now.
          state.phase = .finished
          defer { state.waiters = [] }
          return (state.waiters, old)
        }
        state.phase = .completed(completion)  // after the buffered values
        return ([], old)
      case .completed, .finished:
        return ([], .finished)
      }
    }
    _ = released  // the subscription is released here, after the lock
    // The oldest waiter hears how the stream ended; the others get nil.
    for (index, waiter) in waiters.enumerated() {
      waiter.resume(returning: index == 0 ? Self.outcome(completion) : .end)
    }
  }

  func cancel() {
    let (waiters, old, buffer) = state.withLock { state -> ([Waiter], Phase, FIFOQueue<Input>) in
      defer { state = State(phase: .finished) }
      return (state.waiters, state.phase, state.buffer)
    }
    _ = buffer  // the buffered values are released here, after the lock
    if case let .subscribed(subscription) = old {
      subscription.cancel()
    }
    for waiter in waiters {
      waiter.resume(returning: .end)
    }
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
