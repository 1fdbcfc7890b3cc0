public import MaybeTraits

extension SinglePublisher {
  /// Attaches a subscriber that receives the publisher's one outcome.
  ///
  /// The closure runs exactly once, when the publisher completes: with
  /// `.success(value)` after the value and `.finished`, or with
  /// `.failure(error)`. It never runs after the returned cancellable is
  /// cancelled, and it is released after completion or cancellation, so it
  /// may capture the owner of the cancellable.
  ///
  /// ```swift
  /// let cancellable = fetchProfile(id).sinkSingle { outcome in
  ///   switch outcome {
  ///   case let .success(profile): show(profile)
  ///   case let .failure(error): report(error)
  ///   }
  /// }
  /// ```
  ///
  /// A single publisher that finishes without a value breaks its trait (it
  /// was built with `uncheckedSingle()` on a publisher that was not single,
  /// or it has a bug): there is no result to give the closure, and the
  /// process traps with `"Single violation: missing element (sinkSingle at
  /// Feed.swift:42)"`, naming the line of the call. Use `checkSingle()`
  /// upstream to turn such a bug into an error instead.
  ///
  /// - Parameters:
  ///   - file: The file named in the trap message.
  ///   - line: The line named in the trap message.
  ///   - receive: The closure to run with the outcome.
  /// - Returns: A cancellable that ends the subscription when cancelled or deinitialized.
  @inlinable
  public func sinkSingle(
    file: StaticString = #fileID,
    line: UInt = #line,
    receive: @escaping @Sendable (Result<Output, Failure>) -> Void
  ) -> AnyCancellable {
    // The maybe sink keeps the value until the completion, runs its closure
    // once, outside its lock, releases it at the end, and traps when a
    // single receiver gets a completion without a value.
    let sink = MaybeSink<Output, Failure>(.single(.init(receive)), file: file, line: line)
    subscribe(sink)
    return AnyCancellable(sink)
  }
}
