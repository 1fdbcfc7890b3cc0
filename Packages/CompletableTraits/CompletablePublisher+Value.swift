import MaybeTraits
public import ReactiveCore

extension CompletablePublisher {
  /// Waits until this completable publisher finishes; its failure is thrown,
  /// with its own type.
  ///
  /// Each access subscribes. When `Failure` is `Never`, no `try` is needed.
  ///
  /// ```swift
  /// try await save(note).value
  /// ```
  ///
  /// Cancelling the awaiting task cancels the subscription and ends the wait
  /// at once: with a thrown `CancellationError` when `Failure` can hold one
  /// (`any Error`), otherwise by returning, as a `for await` loop ends — check
  /// `Task.isCancelled` if the difference matters.
  public nonisolated(nonsending) var value: Void {
    get async throws(Failure) {
      switch await AsyncValueSubscriber.outcome(of: self, cancellable: true) {
      case .finished:
        return
      case let .failure(error):
        throw error
      case .cancelled:
        if let error = cancellationError(as: Failure.self) { throw error }
      case let .value(never):
        switch never {}
      }
    }
  }
}

extension CompletablePublisher where Failure == Never {
  /// Waits until this completable publisher, which never fails, finishes, or
  /// until the awaiting task is cancelled (which cancels the subscription).
  ///
  /// ```swift
  /// await flush(cache).value
  /// ```
  public nonisolated(nonsending) var value: Void {
    // The same as the throwing `value`, which Swift 6.3 cannot yet call with
    // `Failure == Never` from another module (a compiler crash).
    get async {
      switch await AsyncValueSubscriber.outcome(of: self, cancellable: true) {
      case .finished, .cancelled: return
      case let .failure(never): switch never {}
      case let .value(never): switch never {}
      }
    }
  }
}
