/// The outcome of a maybe publisher: no value, one value, or a failure.
///
/// ```swift
/// let cancellable = cachedAvatar(for: user).sinkMaybe { outcome in
///   switch outcome {
///   case let .success(image): print("cached:", image)
///   case .finished: print("not cached")
///   case let .failure(error): print("lookup failed:", error)
///   }
/// }
/// ```
///
/// Older versions of the documentation call the first case `.empty`; this
/// package names it `.finished`, after the completion it stands for.
@frozen
public enum MaybeResult<Success, Failure: Error> {
  /// The publisher finished without publishing any value.
  case finished
  /// The publisher published this value, then finished.
  case success(Success)
  /// The publisher failed with this error.
  case failure(Failure)

  /// Transforms the value of a success; `.finished` and `.failure` are kept.
  ///
  /// - Parameter transform: A closure that takes the success value.
  /// - Returns: The transformed result.
  @inlinable
  public func map<NewSuccess>(_ transform: (Success) -> NewSuccess) -> MaybeResult<NewSuccess, Failure> {
    switch self {
    case .finished: .finished
    case let .success(value): .success(transform(value))
    case let .failure(error): .failure(error)
    }
  }

  /// Transforms the error of a failure; `.finished` and `.success` are kept.
  ///
  /// - Parameter transform: A closure that takes the failure error.
  /// - Returns: The transformed result.
  @inlinable
  public func mapError<NewFailure>(_ transform: (Failure) -> NewFailure) -> MaybeResult<Success, NewFailure> {
    switch self {
    case .finished: .finished
    case let .success(value): .success(value)
    case let .failure(error): .failure(transform(error))
    }
  }

  /// Replaces a success with the result the closure returns.
  ///
  /// - Parameter transform: A closure that takes the success value.
  /// - Returns: The closure's result for a success; otherwise this result.
  @inlinable
  public func flatMap<NewSuccess>(
    _ transform: (Success) -> MaybeResult<NewSuccess, Failure>
  ) -> MaybeResult<NewSuccess, Failure> {
    switch self {
    case .finished: .finished
    case let .success(value): transform(value)
    case let .failure(error): .failure(error)
    }
  }

  /// Replaces a failure with the result the closure returns.
  ///
  /// - Parameter transform: A closure that takes the failure error.
  /// - Returns: The closure's result for a failure; otherwise this result.
  @inlinable
  public func flatMapError<NewFailure>(
    _ transform: (Failure) -> MaybeResult<Success, NewFailure>
  ) -> MaybeResult<Success, NewFailure> {
    switch self {
    case .finished: .finished
    case let .success(value): .success(value)
    case let .failure(error): transform(error)
    }
  }

  /// The success value, nil for `.finished`, or the failure thrown.
  ///
  /// ```swift
  /// let name: String? = try result.get()
  /// ```
  @inlinable
  public func get() throws(Failure) -> Success? {
    switch self {
    case .finished: return nil
    case let .success(value): return value
    case let .failure(error): throw error
    }
  }
}

extension MaybeResult: Equatable where Success: Equatable, Failure: Equatable {}
extension MaybeResult: Hashable where Success: Hashable, Failure: Hashable {}
extension MaybeResult: Sendable where Success: Sendable, Failure: Sendable {}

extension MaybeResult {
  /// Sends this result to `downstream` as a maybe publisher ends: the value
  /// then finished, finished alone, or the failure. What
  /// `TraitPublishers.Maybe` and `TraitSubscriptions.Maybe`/`Single` do once
  /// their job is over; call it after any lock.
  @inlinable
  package func send<Downstream: Subscriber>(to downstream: Downstream)
  where Downstream.Input == Success, Downstream.Failure == Failure {
    switch self {
    case .finished:
      downstream.receive(completion: .finished)
    case let .success(value):
      _ = downstream.receive(value)
      downstream.receive(completion: .finished)
    case let .failure(error):
      downstream.receive(completion: .failure(error))
    }
  }
}
