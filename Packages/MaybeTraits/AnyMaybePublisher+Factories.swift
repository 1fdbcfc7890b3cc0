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

// Typed factories, as in the original CombineTraits: code written for it
// compiles unchanged. Without a context, `.just(1)` is a publisher that cannot
// fail; the labelled forms name the types the context would otherwise give.
extension AnyMaybePublisher where Failure == Never {
  /// A maybe publisher of `value` that cannot fail: `AnyMaybePublisher.just(1)`
  /// needs no type annotation.
  ///
  /// - Parameter value: The value to publish.
  public static func just(_ value: Output) -> Self {
    Self(unchecked: Result<Output, Never>.Publisher(.success(value)).eraseToAnyPublisher())
  }
}

extension AnyMaybePublisher {
  /// A maybe publisher that finishes at once, with both types given explicitly.
  ///
  /// - Parameters:
  ///   - outputType: The output type of the publisher.
  ///   - failureType: The failure type of the publisher.
  public static func empty(outputType: Output.Type, failureType: Failure.Type) -> Self {
    empty()
  }

  /// A maybe publisher of `value`, whose failure type is given explicitly.
  ///
  /// - Parameters:
  ///   - value: The value to publish.
  ///   - failureType: The failure type of the publisher.
  public static func just(_ value: Output, failureType: Failure.Type) -> Self {
    just(value)
  }

  /// A maybe publisher that fails with `error`, whose output type is given
  /// explicitly.
  ///
  /// - Parameters:
  ///   - error: The error to fail with.
  ///   - outputType: The output type of the publisher.
  public static func fail(_ error: Failure, outputType: Output.Type) -> Self {
    fail(error)
  }

  /// A maybe publisher that never publishes and never completes, with both
  /// types given explicitly.
  ///
  /// - Parameters:
  ///   - outputType: The output type of the publisher.
  ///   - failureType: The failure type of the publisher.
  public static func never(outputType: Output.Type, failureType: Failure.Type) -> Self {
    never()
  }
}
