import ReactiveCore

extension AnySinglePublisher {
  /// A single publisher that publishes `value` (once demanded), then finishes.
  ///
  /// ```text
  /// (o|)
  /// ```
  ///
  /// - Parameter value: The value to publish.
  public static func just(_ value: Output) -> Self {
    Self(unchecked: Result<Output, Failure>.Publisher(.success(value)).eraseToAnyPublisher())
  }

  /// A single publisher that fails at once with `error`.
  ///
  /// ```text
  /// x
  /// ```
  ///
  /// - Parameter error: The error to fail with.
  public static func fail(_ error: Failure) -> Self {
    Self(unchecked: Fail(error: error).eraseToAnyPublisher())
  }

  /// A single publisher that never publishes and never completes.
  ///
  /// ```text
  /// -------
  /// ```
  public static func never() -> Self {
    Self(unchecked: Empty(completeImmediately: false).eraseToAnyPublisher())
  }
}
