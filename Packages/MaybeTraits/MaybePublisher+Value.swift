public import ReactiveCore

extension MaybePublisher {
  /// The value of this maybe publisher, awaited: nil if it finishes without
  /// one; its failure is thrown, with its own type.
  ///
  /// Each access subscribes, requests one value, and cancels the
  /// subscription once the value arrives (it may as well finish). When
  /// `Failure` is `Never`, no `try` is needed.
  ///
  /// ```swift
  /// if let draft = try await savedDraft().value {
  ///   editor.restore(draft)
  /// }
  /// ```
  ///
  /// Cancelling the awaiting task cancels the subscription and ends the wait
  /// at once: with a thrown `CancellationError` when `Failure` can hold one
  /// (`any Error`), otherwise with nil, as a `for await` loop ends.
  public nonisolated(nonsending) var value: Output? {
    get async throws(Failure) {
      switch await AsyncValueSubscriber.outcome(of: self, cancellable: true) {
      case let .value(value):
        return value
      case .finished:
        return nil
      case let .failure(error):
        throw error
      case .cancelled:
        if let error = cancellationError(as: Failure.self) { throw error }
        return nil
      }
    }
  }
}

extension MaybePublisher where Failure == Never {
  /// The value of this maybe publisher, which never fails, awaited: nil if
  /// it finishes without one, or if the awaiting task is cancelled (which
  /// cancels the subscription).
  ///
  /// ```swift
  /// let cached: Avatar? = await cachedAvatar(for: user).value
  /// ```
  public nonisolated(nonsending) var value: Output? {
    // The same as the throwing `value`, which Swift 6.3 cannot yet call with
    // `Failure == Never` from another module (a compiler crash).
    get async {
      switch await AsyncValueSubscriber.outcome(of: self, cancellable: true) {
      case let .value(value): return value
      case .finished, .cancelled: return nil
      case let .failure(never): switch never {}
      }
    }
  }
}
