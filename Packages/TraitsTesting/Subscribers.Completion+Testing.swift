public import ReactiveCore

extension Subscribers.Completion {
  /// Whether the publisher finished normally. Works for every failure type,
  /// `any Error` included, where `== .finished` needs an `Equatable` one.
  ///
  /// ```swift
  /// #expect(try await recorder.awaitCompletion().isFinished)
  /// ```
  public var isFinished: Bool {
    switch self {
    case .finished:
      true
    case .failure:
      false
    }
  }

  /// The error the publisher failed with, or nil if it finished normally.
  ///
  /// ```swift
  /// let completion = try await recorder.awaitCompletion()
  /// #expect(completion.failure as? URLError == URLError(.timedOut))
  /// ```
  public var failure: Failure? {
    switch self {
    case .finished:
      nil
    case let .failure(error):
      error
    }
  }

  /// The completion, its failure replaced by a ``DescribedError``, so that
  /// it compares with `==` whatever the failure type.
  ///
  /// ```swift
  /// #expect(try await recorder.awaitCompletion().described == .failure("boom"))
  /// ```
  public var described: Subscribers.Completion<DescribedError> {
    switch self {
    case .finished:
      .finished
    case let .failure(error):
      .failure(DescribedError(error))
    }
  }

  /// Whether two completions are the same: both finished, or both failed
  /// with errors that `failuresMatch` says are equal.
  ///
  /// ```swift
  /// #expect(completion.matches(.failure(URLError(.timedOut))) { ($0 as? URLError) == ($1 as? URLError) })
  /// ```
  ///
  /// - Parameters:
  ///   - other: The completion to compare with.
  ///   - failuresMatch: Whether two failures are equal.
  /// - Returns: Whether the completions are the same.
  public func matches(
    _ other: Subscribers.Completion<Failure>,
    failuresBy failuresMatch: (Failure, Failure) -> Bool
  ) -> Bool {
    switch (self, other) {
    case (.finished, .finished):
      true
    case let (.failure(lhs), .failure(rhs)):
      failuresMatch(lhs, rhs)
    case (.finished, .failure), (.failure, .finished):
      false
    }
  }
}
