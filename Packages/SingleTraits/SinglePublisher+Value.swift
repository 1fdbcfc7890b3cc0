import MaybeTraits
public import ReactiveCore

extension SinglePublisher {
  /// The value of this single publisher, awaited; its failure is thrown.
  ///
  /// Each access subscribes, requests the value, and cancels the
  /// subscription once the value arrives.
  ///
  /// ```swift
  /// let user = try await userPublisher(id: 1).value
  /// ```
  ///
  /// Cancelling the awaiting task cancels the subscription at once and
  /// throws `CancellationError`, whatever `Failure` is: the work behind the
  /// publisher stops with the task that waited for it, and the wait ends.
  /// That is why this property throws `any Error` (the publisher's failure,
  /// or the cancellation); await ``result`` to keep the failure's own type.
  ///
  /// A "single" that finishes without a value has broken its promise: the
  /// process traps with `"Single violation: missing element (value)"`.
  @inlinable
  public nonisolated(nonsending) var value: Output {
    get async throws {
      try await result.get()
    }
  }

  /// The outcome of this single publisher, awaited, with its failure's own
  /// type.
  ///
  /// ```swift
  /// switch try await forecast(for: city).result {  // throws only CancellationError
  /// case let .success(forecast): show(forecast)
  /// case let .failure(error): show(error)           // a WeatherError
  /// }
  /// ```
  ///
  /// Cancelling the awaiting task cancels the subscription at once and
  /// throws `CancellationError`. A "single" that finishes without a value
  /// traps with `"Single violation: missing element (value)"`.
  @inlinable
  public nonisolated(nonsending) var result: Result<Output, Failure> {
    get async throws(CancellationError) {
      switch await AsyncValue.outcome(of: self) {
      case let .value(value): return .success(value)
      case let .failure(error): return .failure(error)
      case .cancelled: throw CancellationError()
      case .finished: fatalError("Single violation: missing element (value)")
      }
    }
  }
}

extension SinglePublisher where Failure == Never {
  /// The value of this single publisher, which never fails, awaited.
  ///
  /// Cancelling the awaiting task cancels the subscription at once and
  /// throws `CancellationError`, the only error this property throws: a
  /// single that cannot fail has no other way to end a cancelled wait, and
  /// waiting on after the work was cancelled would never end.
  ///
  /// ```swift
  /// let answer = try await Just(42).value
  /// ```
  @inlinable
  public nonisolated(nonsending) var value: Output {
    get async throws(CancellationError) {
      try await result.get()
    }
  }
}
