import MaybeTraits
public import ReactiveCore

extension SinglePublisher {
  /// The value of this single publisher, awaited; its failure is thrown,
  /// with its own type.
  ///
  /// Each access subscribes, requests the value, and cancels the
  /// subscription once the value arrives. When `Failure` is `Never`, no `try`
  /// is needed.
  ///
  /// ```swift
  /// let user = try await userPublisher(id: 1).value     // throws the publisher's own error type
  /// let answer = await Just(42).value                   // no try: Just never fails
  /// ```
  ///
  /// Cancelling the awaiting task: when `Failure` can hold a
  /// `CancellationError` (`any Error`), the subscription is cancelled and the
  /// error is thrown at once. Otherwise (`Never`, or a concrete error type)
  /// there is nothing the wait could end with — no value, and no error of
  /// the right type — so it ignores the cancellation and waits for the
  /// publisher, as `Task.value` does. Give such a publisher an `any Error`
  /// failure (`mapError { $0 }`) to make its wait cancellable.
  ///
  /// A "single" that finishes without a value has broken its promise: the
  /// process traps with `"Single violation: missing element (value)"`.
  public nonisolated(nonsending) var value: Output {
    get async throws(Failure) {
      let cancellation = cancellationError(as: Failure.self)
      switch await AsyncValueSubscriber.outcome(of: self, cancellable: cancellation != nil) {
      case let .value(value):
        return value
      case let .failure(error):
        throw error
      case .cancelled:
        guard let cancellation else { fatalError("Bug in SinglePublisher.value: cancelled without cancellation") }
        throw cancellation
      case .finished:
        fatalError("Single violation: missing element (value)")
      }
    }
  }
}

extension SinglePublisher where Failure == Never {
  /// The value of this single publisher, which never fails, awaited.
  ///
  /// The wait ignores the cancellation of the awaiting task, as `Task.value`
  /// does: there is no value to end it with. A "single" that finishes
  /// without a value traps with `"Single violation: missing element (value)"`.
  ///
  /// ```swift
  /// let answer = await Just(42).value
  /// ```
  public nonisolated(nonsending) var value: Output {
    // The same as the throwing `value`, which Swift 6.3 cannot yet call with
    // `Failure == Never` from another module (a compiler crash).
    get async {
      switch await AsyncValueSubscriber.outcome(of: self, cancellable: false) {
      case let .value(value): return value
      case let .failure(never): switch never {}
      case .cancelled: fatalError("Bug in SinglePublisher.value: cancelled without cancellation")
      case .finished: fatalError("Single violation: missing element (value)")
      }
    }
  }
}
