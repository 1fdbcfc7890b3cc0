import MaybeTraits
public import ReactiveCore

extension CompletablePublisher {
  /// Waits until this completable publisher finishes; its failure is thrown.
  ///
  /// Each access subscribes.
  ///
  /// ```swift
  /// try await save(note).value
  /// ```
  ///
  /// Cancelling the awaiting task cancels the subscription at once and
  /// throws `CancellationError`, whatever `Failure` is: the work stops with
  /// the task that waited for it. That is why this property throws
  /// `any Error`; await ``result`` to keep the failure's own type.
  @inlinable
  public nonisolated(nonsending) var value: Void {
    get async throws {
      try await result.get()
    }
  }

  /// The outcome of this completable publisher, awaited, with its failure's
  /// own type.
  ///
  /// ```swift
  /// if case let .failure(error) = try await save(note).result {  // throws only CancellationError
  ///   show(error)  // a SaveError
  /// }
  /// ```
  ///
  /// Cancelling the awaiting task cancels the subscription at once and
  /// throws `CancellationError`.
  @inlinable
  public nonisolated(nonsending) var result: Result<Void, Failure> {
    get async throws(CancellationError) {
      switch await AsyncValue.outcome(of: self) {
      case .finished: return .success(())
      case let .failure(error): return .failure(error)
      case .cancelled: throw CancellationError()
      case let .value(never): switch never {}
      }
    }
  }
}

extension CompletablePublisher where Failure == Never {
  /// Waits until this completable publisher, which never fails, finishes.
  ///
  /// Cancelling the awaiting task cancels the subscription at once and
  /// throws `CancellationError`, the only error this property throws, so
  /// that a cancelled wait cannot pass for a finished one.
  ///
  /// ```swift
  /// try await flush(cache).value
  /// ```
  @inlinable
  public nonisolated(nonsending) var value: Void {
    get async throws(CancellationError) {
      try await result.get()
    }
  }
}
