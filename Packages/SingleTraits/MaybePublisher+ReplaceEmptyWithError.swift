public import MaybeTraits

extension MaybePublisher {
  /// Fails with `error` if this maybe publisher finishes without a value.
  ///
  /// A value and a failure pass through unchanged, so the result is a
  /// single publisher: exactly one value, or a failure.
  ///
  /// ```text
  /// upstream  -----|       --a--|     ---x
  /// result    -----x       --a--|     ---x      x = error (first column), the upstream's (last)
  /// ```
  ///
  /// ```swift
  /// func userPublisher(id: Int) -> AnySinglePublisher<User, LookupError> {
  ///   cachedUser(id: id).replaceEmpty(withError: .notFound)
  /// }
  /// ```
  ///
  /// - Parameter error: The error to fail with when this publisher finishes empty.
  /// - Returns: A single publisher.
  public func replaceEmpty(withError error: Failure) -> AnySinglePublisher<Output, Failure> {
    // A maybe publisher, mapped to `.success`, then `.failure` if empty: one
    // result, flattened into one value or one failure.
    let single =
      map { Result<Output, Failure>.success($0) }
      .replaceEmpty(with: .failure(error))
      .flatMap { $0.publisher }
    return AnySinglePublisher(unchecked: single.eraseToAnyPublisher())
  }
}
