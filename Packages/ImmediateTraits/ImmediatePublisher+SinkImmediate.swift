public import ReactiveCore
import SharedMachinery

extension ImmediatePublisher {
  /// Attaches a sink, and checks that its first event, a value or a
  /// failure, arrived before this method returns.
  ///
  /// The closures are those of `sink(receiveCompletion:receiveValue:)`.
  /// When it returns, `receiveValue` has run with the first value, or
  /// `receiveCompletion` with the failure: code after the call may rely on
  /// it. A publisher that breaks its trait (built with
  /// `uncheckedImmediate()`, or buggy) traps with
  /// `"Immediate violation: no value at subscription (sinkImmediate)"`.
  ///
  /// ```swift
  /// var label = ""
  /// let cancellable = status.prepend("connecting…").sinkImmediate(
  ///   receiveCompletion: { _ in },
  ///   receiveValue: { label = $0 })
  /// // label == "connecting…"
  /// ```
  ///
  /// - Parameters:
  ///   - receiveCompletion: The closure to run with the completion.
  ///   - receiveValue: The closure to run with each value.
  /// - Returns: A cancellable that ends the subscription when cancelled or deinitialized.
  public func sinkImmediate(
    receiveCompletion: @escaping (Subscribers.Completion<Failure>) -> Void,
    receiveValue: @escaping (Output) -> Void
  ) -> AnyCancellable {
    let witness = ImmediateWitness()
    let cancellable = sink(
      receiveCompletion: { completion in
        if case .failure = completion { witness.record() }
        receiveCompletion(completion)
      },
      receiveValue: { value in
        witness.record()
        receiveValue(value)
      }
    )
    guard witness.recorded else {
      cancellable.cancel()
      fatalError("Immediate violation: no value at subscription (sinkImmediate)")
    }
    return cancellable
  }

  /// The first value, or the failure, that this publisher publishes at
  /// subscription, read synchronously.
  ///
  /// Reading subscribes, takes the first event, and cancels. For a
  /// publisher that is both immediate and single it is the publisher's one
  /// outcome; for another immediate publisher (a `CurrentValueSubject`,
  /// `prepend(value)`), its first value. A publisher that breaks its trait
  /// traps with `"Immediate violation: no value at subscription (immediateResult)"`.
  ///
  /// ```swift
  /// let parsed = Just("42").tryMap(parse).uncheckedImmediate().immediateResult  // .success(42)
  /// ```
  public var immediateResult: Result<Output, Failure> {
    read(caller: "immediateResult")
  }

  /// Subscribes, takes the first event, cancels, and returns it; traps if
  /// there was none at subscription.
  private func read(caller: String) -> Result<Output, Failure> {
    let reader = ImmediateReader<Output, Failure>()
    subscribe(reader)
    guard let result = reader.end() else {
      fatalError("Immediate violation: no value at subscription (\(caller))")
    }
    return result
  }
}

extension ImmediatePublisher where Failure == Never {
  /// Attaches a sink, and checks that it received its first value before
  /// this method returns.
  ///
  /// See `sinkImmediate(receiveCompletion:receiveValue:)`.
  ///
  /// - Parameter receiveValue: The closure to run with each value.
  /// - Returns: A cancellable that ends the subscription when cancelled or deinitialized.
  public func sinkImmediate(receiveValue: @escaping (Output) -> Void) -> AnyCancellable {
    sinkImmediate(receiveCompletion: { _ in }, receiveValue: receiveValue)
  }

  /// The first value this publisher publishes at subscription, read
  /// synchronously: the value of an immediate single publisher that
  /// cannot fail.
  ///
  /// ```swift
  /// let greeting = Just("hello").map { $0.uppercased() }.immediateValue  // "HELLO"
  /// ```
  ///
  /// Traps like `immediateResult` if there was no value at subscription.
  public var immediateValue: Output {
    switch read(caller: "immediateValue") {
    case let .success(value): value
    }
  }
}

/// Remembers, from any thread, that an event arrived.
private final class ImmediateWitness: Sendable {
  private let state = Lock(false)

  var recorded: Bool { state.withLock { $0 } }

  func record() {
    state.withLock { $0 = true }
  }
}

/// The subscriber behind `immediateResult`: requests one value, keeps the
/// first value or failure, and cancels after the first value.
///
/// States:
/// - `awaitingSubscription`: created;
/// - `subscribed(subscription)`: waiting for the first event;
/// - `received(result)`: the first event, kept for `end()`;
/// - `ended`: read, or finished empty; holds nothing.
private final class ImmediateReader<Input, Failure: Error>: Subscriber, CustomStringConvertible {
  private enum State {
    case awaitingSubscription
    case subscribed(any Subscription)
    case received(Result<Input, Failure>)
    case ended
  }

  private let state = Lock(State.awaitingSubscription)

  var description: String { "ImmediateResult" }

  func receive(subscription: any Subscription) {
    let accepted = state.withLock { state -> Bool in
      guard case .awaitingSubscription = state else { return false }
      state = .subscribed(subscription)
      return true
    }
    if accepted {
      subscription.request(.max(1))
    } else {
      subscription.cancel()  // a second subscription, or one after the end
    }
  }

  func receive(_ input: Input) -> Subscribers.Demand {
    let subscription = state.withLock { state -> (any Subscription)? in
      guard case let .subscribed(subscription) = state else { return nil }
      state = .received(.success(input))
      return subscription
    }
    subscription?.cancel()  // one value is all it reads
    return .none
  }

  func receive(completion: Subscribers.Completion<Failure>) {
    let previous = state.withLock { state -> State in
      let previous = state
      switch (state, completion) {
      case let (.subscribed, .failure(error)), let (.awaitingSubscription, .failure(error)):
        state = .received(.failure(error))
      case (.subscribed, .finished), (.awaitingSubscription, .finished):
        state = .ended
      case (.received, _), (.ended, _):
        break
      }
      return previous
    }
    _ = previous  // the subscription is released after the lock
  }

  /// Returns the first event, if any, and cancels the subscription if it is still waiting.
  func end() -> Result<Input, Failure>? {
    let previous = state.withLock { state -> State in
      defer { state = .ended }
      return state
    }
    switch previous {
    case let .received(result):
      return result
    case let .subscribed(subscription):
      subscription.cancel()
      return nil
    case .awaitingSubscription, .ended:
      return nil
    }
  }
}
