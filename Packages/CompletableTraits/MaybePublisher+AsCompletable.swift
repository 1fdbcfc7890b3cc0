public import MaybeTraits

extension MaybePublisher {
  /// Forgets the value of this maybe (or single) publisher and keeps only how
  /// it ends: a completable publisher.
  ///
  /// It is `ignoreOutput()`, named after the trait it gives; `ignoreOutput()`
  /// of any publisher is completable as well.
  ///
  /// ```text
  /// upstream  --a--|   -----|   ---x
  /// result    -----|   -----|   ---x
  /// ```
  ///
  /// ```swift
  /// let saved = upload(report).asCompletable()  // AnySinglePublisher<Receipt, UploadError> → completable
  /// ```
  ///
  /// - Returns: A completable publisher that finishes when this publisher finishes, and fails when it fails.
  @inlinable
  public func asCompletable() -> Publishers.IgnoreOutput<Self> {
    ignoreOutput()
  }
}
