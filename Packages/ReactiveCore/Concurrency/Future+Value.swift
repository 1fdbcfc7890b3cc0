extension Future where Failure == Never {
  /// The value of the future, awaited.
  ///
  /// Like Combine's, the wait does not end when the awaiting task is
  /// cancelled: the future's work is already running and will deliver its
  /// value, which is then returned.
  ///
  /// ```swift
  /// let answer = await Future<Int, Never> { promise in promise(.success(42)) }.value
  /// ```
  @inlinable
  public var value: Output {
    get async {
      switch await awaitResult() {
      case let .success(value): return value
      case let .failure(never): switch never {}
      }
    }
  }
}

extension Future {
  /// The value of the future, awaited; its failure is thrown.
  ///
  /// Like Combine's, the wait does not end when the awaiting task is
  /// cancelled: the future's work is already running and will deliver its
  /// result, which is then returned or thrown.
  @inlinable
  public var value: Output {
    get async throws {
      try await awaitResult().get()
    }
  }

  /// The result, at once if the promise has been called (a subscription
  /// would deliver it at once too, with nothing else to observe); otherwise
  /// subscribes, requests the one value, and waits for it or for the failure.
  ///
  /// Inlinable, so that the common case, a future already fulfilled, runs
  /// specialised where `value` is awaited: unspecialised, reading the state
  /// asked the runtime for the metadata of the state, the lock, the result
  /// and the outcome, about 3,500 instructions per await (make bench,
  /// awaitFuture), more than the rest of the await.
  @inlinable
  func awaitResult() async -> Result<Output, Failure> {
    let resolved = state.withLock { state -> Result<Output, Failure>? in
      guard case let .resolved(result) = state else { return nil }
      return result
    }
    if let resolved {
      return resolved
    }
    return await awaitPendingResult()
  }

  /// Subscribes, requests the one value, and waits for it or for the failure.
  @usableFromInline
  func awaitPendingResult() async -> Result<Output, Failure> {
    let token = AsyncIteratorToken(self)
    switch await token.subscriber.next(cancellable: false) {
    case let .value(value): return .success(value)
    case let .failure(error): return .failure(error)
    case .finished, .cancelled: preconditionFailure("Future finished without a value")
    }
  }
}
