public import MaybeTraits

extension MaybePublisher where Output == Void, Failure == Never {
  /// Subscribes to this publisher and lets it run to completion, without
  /// observing it.
  ///
  /// Nothing is returned, so nothing can cancel the work: the publisher is
  /// kept alive by its own subscription until it completes.
  ///
  /// ```swift
  /// logPublisher(event).fireAndForget()
  /// ```
  public func fireAndForget() {
    _ = preventCancellation().sink(receiveCompletion: { _ in }, receiveValue: { _ in })
  }
}

extension MaybePublisher where Output == Void {
  /// Subscribes to this publisher and lets it run to completion, without
  /// observing it; its failure, if any, is ignored.
  ///
  /// Nothing is returned, so nothing can cancel the work: the publisher is
  /// kept alive by its own subscription until it completes.
  ///
  /// ```swift
  /// uploadPublisher(report).fireAndForgetIgnoringFailure()
  /// ```
  public func fireAndForgetIgnoringFailure() {
    _ = preventCancellation().sink(receiveCompletion: { _ in }, receiveValue: { _ in })
  }
}

// The same for a publisher that only completes (Output == Never, e.g. after
// `ignoreOutput()`), as in the original CombineTraits.
extension MaybePublisher where Output == Never, Failure == Never {
  /// Subscribes to this publisher and lets it run to completion, without
  /// observing it.
  ///
  /// Nothing is returned, so nothing can cancel the work: the publisher is
  /// kept alive by its own subscription until it completes.
  ///
  /// ```swift
  /// cache.purge().ignoreOutput().fireAndForget()
  /// ```
  public func fireAndForget() {
    _ = preventCancellation().sink(receiveCompletion: { _ in }, receiveValue: { _ in })
  }
}

extension MaybePublisher where Output == Never {
  /// Subscribes to this publisher and lets it run to completion, without
  /// observing it; its failure, if any, is ignored.
  ///
  /// Nothing is returned, so nothing can cancel the work: the publisher is
  /// kept alive by its own subscription until it completes.
  public func fireAndForgetIgnoringFailure() {
    _ = preventCancellation().sink(receiveCompletion: { _ in }, receiveValue: { _ in })
  }
}
