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
