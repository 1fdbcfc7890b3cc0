import MaybeTraits
import ReactiveCore

extension AnyCompletablePublisher {
  /// A completable publisher that finishes at once.
  ///
  /// ```text
  /// |
  /// ```
  public static func empty() -> Self {
    Self(unchecked: Empty().eraseToAnyPublisher())
  }

  /// A completable publisher that fails at once with `error`.
  ///
  /// ```text
  /// x
  /// ```
  ///
  /// - Parameter error: The error to fail with.
  public static func fail(_ error: Failure) -> Self {
    Self(unchecked: Fail(error: error).eraseToAnyPublisher())
  }

  /// A completable publisher that never completes.
  ///
  /// ```text
  /// -------
  /// ```
  public static func never() -> Self {
    Self(unchecked: Empty(completeImmediately: false).eraseToAnyPublisher())
  }
}

// Typed factories, as in the original CombineTraits: code written for it
// compiles unchanged. Without a context, `.empty()` is a publisher that cannot
// fail; the labelled forms name the type the context would otherwise give.
extension AnyCompletablePublisher where Failure == Never {
  /// A completable publisher that finishes at once and cannot fail:
  /// `AnyCompletablePublisher.empty()` needs no type annotation.
  public static func empty() -> Self {
    Self(unchecked: Empty<Never, Never>().eraseToAnyPublisher())
  }

  /// A completable publisher that never completes and cannot fail.
  public static func never() -> Self {
    Self(unchecked: Empty<Never, Never>(completeImmediately: false).eraseToAnyPublisher())
  }
}

extension AnyCompletablePublisher {
  /// A completable publisher that finishes at once, whose failure type is
  /// given explicitly.
  ///
  /// - Parameter failureType: The failure type of the publisher.
  public static func empty(failureType: Failure.Type) -> Self {
    empty()
  }

  /// A completable publisher that never completes, whose failure type is
  /// given explicitly.
  ///
  /// - Parameter failureType: The failure type of the publisher.
  public static func never(failureType: Failure.Type) -> Self {
    never()
  }
}
