public import ReactiveCore

extension MaybePublisher {
  /// The value of this maybe publisher, awaited: nil if it finishes without
  /// one; its failure is thrown.
  ///
  /// Each access subscribes, requests one value, and cancels the
  /// subscription once the value arrives (it may as well finish).
  ///
  /// ```swift
  /// if let draft = try await savedDraft().value {
  ///   editor.restore(draft)
  /// }
  /// ```
  ///
  /// Cancelling the awaiting task cancels the subscription at once and
  /// throws `CancellationError`, whatever `Failure` is: the work behind the
  /// publisher stops with the task that waited for it. That is why this
  /// property throws `any Error` (the publisher's failure, or the
  /// cancellation); await ``result`` to keep the failure's own type.
  @inlinable
  public nonisolated(nonsending) var value: Output? {
    get async throws {
      try await result.get()
    }
  }

  /// The outcome of this maybe publisher, awaited, with its failure's own
  /// type: `.success(nil)` if it finishes without a value.
  ///
  /// ```swift
  /// switch try await savedDraft().result {  // throws only CancellationError
  /// case let .success(draft): editor.restore(draft)
  /// case let .failure(error): log(error)     // the publisher's own error type
  /// }
  /// ```
  ///
  /// Cancelling the awaiting task cancels the subscription at once and
  /// throws `CancellationError`.
  @inlinable
  public nonisolated(nonsending) var result: Result<Output?, Failure> {
    get async throws(CancellationError) {
      switch await AsyncValue.outcome(of: self) {
      case let .value(value): return .success(value)
      case .finished: return .success(nil)
      case let .failure(error): return .failure(error)
      case .cancelled: throw CancellationError()
      }
    }
  }
}

extension MaybePublisher where Failure == Never {
  /// The value of this maybe publisher, which never fails, awaited: nil if
  /// it finishes without one.
  ///
  /// Cancelling the awaiting task cancels the subscription at once and
  /// throws `CancellationError`, the only error this property throws: the
  /// compiler asks for `try` so that a cancelled wait cannot pass for an
  /// empty publisher.
  ///
  /// ```swift
  /// let cached: Avatar? = try await cachedAvatar(for: user).value
  /// ```
  @inlinable
  public nonisolated(nonsending) var value: Output? {
    get async throws(CancellationError) {
      try await result.get()
    }
  }
}
