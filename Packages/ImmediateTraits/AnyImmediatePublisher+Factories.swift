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

// Typed factories, as in the original CombineTraits: code written for it
// compiles unchanged. Without a context, `.just(1)` is a publisher that cannot
// fail; the labelled forms name the type the context would otherwise give.
extension AnyImmediatePublisher where Failure == Never {
  /// An immediate publisher of `value` that cannot fail:
  /// `AnyImmediatePublisher.just(1)` needs no type annotation.
  ///
  /// - Parameter value: The value to publish.
  public static func just(_ value: Output) -> Self {
    Self(unchecked: Result<Output, Never>.Publisher(.success(value)).eraseToAnyPublisher())
  }
}

extension AnyImmediatePublisher {
  /// An immediate publisher of `value`, whose failure type is given explicitly.
  ///
  /// - Parameters:
  ///   - value: The value to publish.
  ///   - failureType: The failure type of the publisher.
  public static func just(_ value: Output, failureType: Failure.Type) -> Self {
    just(value)
  }

  /// An immediate publisher that fails with `error`, whose output type is
  /// given explicitly.
  ///
  /// - Parameters:
  ///   - error: The error to fail with.
  ///   - outputType: The output type of the publisher.
  public static func fail(_ error: Failure, outputType: Output.Type) -> Self {
    fail(error)
  }
}
