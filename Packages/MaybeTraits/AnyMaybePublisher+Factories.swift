import ReactiveCore

extension AnyMaybePublisher {
  /// A maybe publisher that finishes at once, without a value.
  ///
  /// ```text
  /// |
  /// ```
  public static func empty() -> Self {
    Self(unchecked: Empty().eraseToAnyPublisher())
  }

  /// A maybe publisher that publishes `value` (once demanded), then finishes.
  ///
  /// ```text
  /// (o|)
  /// ```
  ///
  /// - Parameter value: The value to publish.
  public static func just(_ value: Output) -> Self {
    Self(unchecked: Result<Output, Failure>.Publisher(.success(value)).eraseToAnyPublisher())
  }

  /// A maybe publisher that fails at once with `error`.
  ///
  /// ```text
  /// x
  /// ```
  ///
  /// - Parameter error: The error to fail with.
  public static func fail(_ error: Failure) -> Self {
    Self(unchecked: Fail(error: error).eraseToAnyPublisher())
  }

  /// A maybe publisher that never publishes and never completes.
  ///
  /// ```text
  /// -------
  /// ```
  public static func never() -> Self {
    Self(unchecked: Empty(completeImmediately: false).eraseToAnyPublisher())
  }
}
