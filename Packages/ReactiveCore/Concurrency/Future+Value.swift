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
  public var value: Output {
    get async {
      switch await awaitResult() {
      case let .value(value): return value
      case let .failure(never): switch never {}
      case .finished, .cancelled: preconditionFailure("Future finished without a value")
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
  public var value: Output {
    get async throws {
      switch await awaitResult() {
      case let .value(value): return value
      case let .failure(error): throw error
      case .finished, .cancelled: preconditionFailure("Future finished without a value")
      }
    }
  }

  /// The result, at once if the promise has been called (a subscription
  /// would deliver it at once too, with nothing else to observe); otherwise
  /// subscribes, requests the one value, and waits for it or for the failure.
  private func awaitResult() async -> AsyncDemandSubscriber<Output, Failure>.Outcome {
    let resolved = state.withLock { state -> Result<Output, Failure>? in
      guard case let .resolved(result) = state else { return nil }
      return result
    }
    switch resolved {
    case let .success(value)?: return .value(value)
    case let .failure(error)?: return .failure(error)
    case nil:
      let token = AsyncIteratorToken(self)
      return await token.subscriber.next(cancellable: false)
    }
  }
}
