import ReactiveCore

extension AnyImmediatePublisher {
  /// An immediate publisher that publishes `value` as soon as it is
  /// demanded, then finishes.
  ///
  /// With demand at subscription, the value and the completion arrive before
  /// `receive(subscriber:)` returns; without, they arrive inside the first
  /// `request(_:)`.
  ///
  /// ```text
  /// (a|)      a = value
  /// ```
  ///
  /// - Parameter value: The value to publish.
  /// - Returns: An immediate publisher of `value`.
  public static func just(_ value: Output) -> Self {
    Self(unchecked: Result<Output, Failure>.Publisher(.success(value)).eraseToAnyPublisher())
  }

  /// An immediate publisher that fails with `error` at subscription, demand
  /// or not.
  ///
  /// ```text
  /// x         x = error
  /// ```
  ///
  /// - Parameter error: The error to fail with.
  /// - Returns: An immediate publisher that fails with `error`.
  public static func fail(_ error: Failure) -> Self {
    Self(unchecked: Fail(error: error).eraseToAnyPublisher())
  }
}
