// Combine's specialised operators on `Result.Publisher`: the publisher holds
// one result, known in advance, so each operator computes its answer at once,
// when it is called, and returns another `Result.Publisher` (or an `Empty`)
// that replays it. The closures are not escaping: they run before the
// operator returns, at most once, and not at all for a failure, which every
// operator but `mapError` and `replaceError` passes on unchanged.

extension Result {
  /// `transform` applied to a success, its error becoming the failure; a
  /// failure is kept, as `any Error`.
  @inlinable
  func _tryMap<T>(_ transform: (Success) throws -> T) -> Result<T, any Error> {
    switch self {
    case let .success(value):
      Result<T, any Error> { try transform(value) }
    case let .failure(error):
      .failure(error)
    }
  }

  /// The success, after asking `check` once (with the value on both sides)
  /// whether it throws; its error becomes the failure, a failure is kept, as
  /// `any Error`. With one value, this is all that `tryMin(by:)`,
  /// `tryMax(by:)` and `tryRemoveDuplicates(by:)` can do with their closure.
  @inlinable
  func _tryCheckingAgainstItself(_ check: (Success, Success) throws -> Bool) -> Result<Success, any Error> {
    _tryMap { value in
      _ = try check(value, value)
      return value
    }
  }
}

extension Result.Publisher where Output: Equatable {
  /// Whether the value equals `output`; a failure is passed on.
  ///
  /// - Parameter output: The value to look for.
  /// - Returns: A `Result.Publisher` of the answer, or of the failure.
  @_alwaysEmitIntoClient
  public func contains(_ output: Output) -> Result<Bool, Failure>.Publisher {
    Result<Bool, Failure>.Publisher(result.map { $0 == output })
  }

  /// A single value has no duplicate to remove.
  ///
  /// - Returns: This publisher.
  @_alwaysEmitIntoClient
  public func removeDuplicates() -> Result<Output, Failure>.Publisher {
    self
  }
}

extension Result.Publisher where Output: Comparable {
  /// The smallest value: the value itself, or the failure.
  ///
  /// - Returns: This publisher.
  @_alwaysEmitIntoClient
  public func min() -> Result<Output, Failure>.Publisher {
    self
  }

  /// The largest value: the value itself, or the failure.
  ///
  /// - Returns: This publisher.
  @_alwaysEmitIntoClient
  public func max() -> Result<Output, Failure>.Publisher {
    self
  }
}

extension Result.Publisher {
  /// Whether the value satisfies `predicate`; a failure is passed on.
  ///
  /// - Parameter predicate: The test the value must pass.
  /// - Returns: A `Result.Publisher` of the answer, or of the failure.
  @_alwaysEmitIntoClient
  public func allSatisfy(_ predicate: (Output) -> Bool) -> Result<Bool, Failure>.Publisher {
    Result<Bool, Failure>.Publisher(result.map(predicate))
  }

  /// Whether the value satisfies `predicate`; an error it throws, or the
  /// upstream failure, becomes the failure.
  ///
  /// - Parameter predicate: The test the value must pass; it may throw.
  /// - Returns: A publisher of the answer, or of an error.
  @_alwaysEmitIntoClient
  public func tryAllSatisfy(_ predicate: (Output) throws -> Bool) -> Result<Bool, any Error>.Publisher {
    Result<Bool, any Error>.Publisher(result._tryMap(predicate))
  }

  /// Whether the value satisfies `predicate`; a failure is passed on.
  ///
  /// - Parameter predicate: The test to apply to the value.
  /// - Returns: A `Result.Publisher` of the answer, or of the failure.
  @_alwaysEmitIntoClient
  public func contains(where predicate: (Output) -> Bool) -> Result<Bool, Failure>.Publisher {
    allSatisfy(predicate)  // with one value, "some" and "all" ask the same question
  }

  /// Whether the value satisfies `predicate`; an error it throws, or the
  /// upstream failure, becomes the failure.
  ///
  /// - Parameter predicate: The test to apply to the value; it may throw.
  /// - Returns: A publisher of the answer, or of an error.
  @_alwaysEmitIntoClient
  public func tryContains(where predicate: (Output) throws -> Bool) -> Result<Bool, any Error>.Publisher {
    tryAllSatisfy(predicate)  // with one value, "some" and "all" ask the same question
  }

  /// The value in a one-element array; a failure is passed on.
  ///
  /// - Returns: A `Result.Publisher` of `[value]`, or of the failure.
  @_alwaysEmitIntoClient
  public func collect() -> Result<[Output], Failure>.Publisher {
    Result<[Output], Failure>.Publisher(result.map { [$0] })
  }

  /// The smallest value: the value itself, or the failure. The closure is
  /// never called, since there is nothing to compare.
  ///
  /// - Parameter areInIncreasingOrder: An ordering, unused.
  /// - Returns: This publisher.
  @_alwaysEmitIntoClient
  public func min(by areInIncreasingOrder: (Output, Output) -> Bool) -> Result<Output, Failure>.Publisher {
    self
  }

  /// The value, after asking `areInIncreasingOrder` once (with the value on
  /// both sides) whether it throws; its error, or the upstream failure,
  /// becomes the failure.
  ///
  /// - Parameter areInIncreasingOrder: An ordering; it may throw.
  /// - Returns: A publisher of the value, or of an error.
  @_alwaysEmitIntoClient
  public func tryMin(
    by areInIncreasingOrder: (Output, Output) throws -> Bool
  ) -> Result<Output, any Error>.Publisher {
    Result<Output, any Error>.Publisher(result._tryCheckingAgainstItself(areInIncreasingOrder))
  }

  /// The largest value: the value itself, or the failure. The closure is
  /// never called, since there is nothing to compare.
  ///
  /// - Parameter areInIncreasingOrder: An ordering, unused.
  /// - Returns: This publisher.
  @_alwaysEmitIntoClient
  public func max(by areInIncreasingOrder: (Output, Output) -> Bool) -> Result<Output, Failure>.Publisher {
    self
  }

  /// The value, after asking `areInIncreasingOrder` once (with the value on
  /// both sides) whether it throws; its error, or the upstream failure,
  /// becomes the failure.
  ///
  /// - Parameter areInIncreasingOrder: An ordering; it may throw.
  /// - Returns: A publisher of the value, or of an error.
  @_alwaysEmitIntoClient
  public func tryMax(
    by areInIncreasingOrder: (Output, Output) throws -> Bool
  ) -> Result<Output, any Error>.Publisher {
    // With one value, the largest and the smallest are the same check.
    tryMin(by: areInIncreasingOrder)
  }

  /// One for a success; a failure is passed on.
  ///
  /// - Returns: A `Result.Publisher` of `1`, or of the failure.
  @_alwaysEmitIntoClient
  public func count() -> Result<Int, Failure>.Publisher {
    Result<Int, Failure>.Publisher(result.map { _ in 1 })
  }

  /// The first value: the value itself, or the failure.
  ///
  /// - Returns: This publisher.
  @_alwaysEmitIntoClient
  public func first() -> Result<Output, Failure>.Publisher {
    self
  }

  /// The last value: the value itself, or the failure.
  ///
  /// - Returns: This publisher.
  @_alwaysEmitIntoClient
  public func last() -> Result<Output, Failure>.Publisher {
    self
  }

  /// No value, only `.finished`.
  ///
  /// As in Combine, a failure is not passed on: the result is an `Empty`
  /// that finishes at once even when this publisher would fail, and it keeps
  /// this publisher's `Output` type. Use `ignoreOutput()` of an erased or
  /// deferred publisher to keep the failure.
  ///
  /// - Returns: An `Empty` that finishes at once.
  @_alwaysEmitIntoClient
  public func ignoreOutput() -> Empty<Output, Failure> {
    Empty()
  }

  /// The value transformed now by `transform`; a failure is passed on.
  ///
  /// - Parameter transform: Maps the value to a new value.
  /// - Returns: A `Result.Publisher` of the transformed value, or of the failure.
  @_alwaysEmitIntoClient
  public func map<T>(_ transform: (Output) -> T) -> Result<T, Failure>.Publisher {
    Result<T, Failure>.Publisher(result.map(transform))
  }

  /// The value transformed now by `transform`; an error it throws, or the
  /// upstream failure, becomes the failure.
  ///
  /// - Parameter transform: Maps the value to a new value; it may throw.
  /// - Returns: A publisher of the transformed value, or of an error.
  @_alwaysEmitIntoClient
  public func tryMap<T>(_ transform: (Output) throws -> T) -> Result<T, any Error>.Publisher {
    Result<T, any Error>.Publisher(result._tryMap(transform))
  }

  /// The failure transformed now by `transform`; a value is passed on.
  ///
  /// - Parameter transform: Maps the failure to a new error.
  /// - Returns: A `Result.Publisher` of the value, or of the new error.
  @_alwaysEmitIntoClient
  public func mapError<E: Error>(_ transform: (Failure) -> E) -> Result<Output, E>.Publisher {
    Result<Output, E>.Publisher(result.mapError(transform))
  }

  /// A single value has no duplicate to remove: `predicate` is never called.
  ///
  /// - Parameter predicate: An equivalence, unused.
  /// - Returns: This publisher.
  @_alwaysEmitIntoClient
  public func removeDuplicates(by predicate: (Output, Output) -> Bool) -> Result<Output, Failure>.Publisher {
    self
  }

  /// The value, after asking `predicate` once (with the value on both sides)
  /// whether it throws; its error, or the upstream failure, becomes the
  /// failure.
  ///
  /// - Parameter predicate: An equivalence; it may throw.
  /// - Returns: A publisher of the value, or of an error.
  @_alwaysEmitIntoClient
  public func tryRemoveDuplicates(
    by predicate: (Output, Output) throws -> Bool
  ) -> Result<Output, any Error>.Publisher {
    Result<Output, any Error>.Publisher(result._tryCheckingAgainstItself(predicate))
  }

  /// The value, or `output` in place of the failure.
  ///
  /// - Parameter output: The value to publish instead of the failure.
  /// - Returns: A `Result.Publisher` that cannot fail.
  @_alwaysEmitIntoClient
  public func replaceError(with output: Output) -> Result<Output, Never>.Publisher {
    switch result {
    case let .success(value):
      Result<Output, Never>.Publisher(.success(value))
    case .failure:
      Result<Output, Never>.Publisher(.success(output))
    }
  }

  /// A `Result.Publisher` is never empty: this publisher.
  ///
  /// - Parameter output: A replacement that is never needed.
  /// - Returns: This publisher.
  @_alwaysEmitIntoClient
  public func replaceEmpty(with output: Output) -> Result<Output, Failure>.Publisher {
    self
  }

  /// Retrying replays the same result: this publisher.
  ///
  /// - Parameter times: A number of attempts that would give the same result.
  /// - Returns: This publisher.
  @_alwaysEmitIntoClient
  public func retry(_ times: Int) -> Result<Output, Failure>.Publisher {
    self
  }

  /// `nextPartialResult` applied now to `initialResult` and the value; a
  /// failure is passed on.
  ///
  /// - Parameters:
  ///   - initialResult: The accumulator's starting value.
  ///   - nextPartialResult: Combines the accumulator with the value.
  /// - Returns: A `Result.Publisher` of the accumulated value, or of the failure.
  @_alwaysEmitIntoClient
  public func reduce<T>(_ initialResult: T, _ nextPartialResult: (T, Output) -> T) -> Result<T, Failure>.Publisher {
    Result<T, Failure>.Publisher(result.map { nextPartialResult(initialResult, $0) })
  }

  /// `nextPartialResult` applied now to `initialResult` and the value; an
  /// error it throws, or the upstream failure, becomes the failure.
  ///
  /// - Parameters:
  ///   - initialResult: The accumulator's starting value.
  ///   - nextPartialResult: Combines the accumulator with the value; it may throw.
  /// - Returns: A publisher of the accumulated value, or of an error.
  @_alwaysEmitIntoClient
  public func tryReduce<T>(
    _ initialResult: T,
    _ nextPartialResult: (T, Output) throws -> T
  ) -> Result<T, any Error>.Publisher {
    Result<T, any Error>.Publisher(result._tryMap { try nextPartialResult(initialResult, $0) })
  }

  /// `nextPartialResult` applied now to `initialResult` and the value; a
  /// failure is passed on.
  ///
  /// - Parameters:
  ///   - initialResult: The accumulator's starting value.
  ///   - nextPartialResult: Combines the accumulator with the value.
  /// - Returns: A `Result.Publisher` of the one accumulated value, or of the failure.
  @_alwaysEmitIntoClient
  public func scan<T>(_ initialResult: T, _ nextPartialResult: (T, Output) -> T) -> Result<T, Failure>.Publisher {
    reduce(initialResult, nextPartialResult)  // with one value, the one partial result is the reduction
  }

  /// `nextPartialResult` applied now to `initialResult` and the value; an
  /// error it throws, or the upstream failure, becomes the failure.
  ///
  /// - Parameters:
  ///   - initialResult: The accumulator's starting value.
  ///   - nextPartialResult: Combines the accumulator with the value; it may throw.
  /// - Returns: A publisher of the accumulated value, or of an error.
  @_alwaysEmitIntoClient
  public func tryScan<T>(
    _ initialResult: T,
    _ nextPartialResult: (T, Output) throws -> T
  ) -> Result<T, any Error>.Publisher {
    tryReduce(initialResult, nextPartialResult)  // with one value, the one partial result is the reduction
  }
}

extension Result.Publisher where Failure == Never {
  /// The same value, with a failure type of your choice.
  ///
  /// - Parameter failureType: The failure type the result declares.
  /// - Returns: A `Result.Publisher` of the value.
  @_alwaysEmitIntoClient
  public func setFailureType<E: Error>(to failureType: E.Type) -> Result<Output, E>.Publisher {
    switch result {
    case let .success(value):
      Result<Output, E>.Publisher(.success(value))
    }
  }
}
