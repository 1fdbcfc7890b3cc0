import MaybeTraits
public import ReactiveCore

extension CompletablePublisher {
  /// Attaches a subscriber that receives the publisher's one outcome.
  ///
  /// The closure runs exactly once, when the publisher completes: with
  /// `.success(())` when it finishes, or with `.failure(error)`. It never runs
  /// after the returned cancellable is cancelled, and it is released after
  /// completion or cancellation, so it may capture the owner of the
  /// cancellable.
  ///
  /// ```swift
  /// let cancellable = save(note).sinkCompletable { result in
  ///   switch result {
  ///   case .success: showSaved()
  ///   case let .failure(error): show(error)
  ///   }
  /// }
  /// ```
  ///
  /// - Parameter receive: The closure to run with the outcome.
  /// - Returns: A cancellable that ends the subscription when cancelled or deinitialized.
  public func sinkCompletable(receive: @escaping @Sendable (Result<Void, Failure>) -> Void) -> AnyCancellable {
    // The maybe sink runs its closure once, outside its lock, and releases it
    // at the end; a completable can only give it `.finished` or a failure.
    sinkMaybe { result in
      switch result {
      case .finished: receive(.success(()))
      case let .failure(error): receive(.failure(error))
      case let .success(never): switch never {}
      }
    }
  }
}
