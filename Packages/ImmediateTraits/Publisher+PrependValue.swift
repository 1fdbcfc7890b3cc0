public import ReactiveCore

extension Publisher {
  /// Prefixes this publisher's output with one value: an immediate publisher.
  ///
  /// It publishes the same events as Combine's variadic
  /// `prepend(_ elements: Output...)` called with one value, but its type says
  /// more: the prefix is a `Result.Publisher`, which always has a value, so
  /// the result is an ``ImmediatePublisher`` — whatever the upstream. (The
  /// variadic form builds a `Publishers.Sequence` prefix, which may be empty,
  /// so it cannot be immediate.) With `ImmediateTraits` imported, a call with
  /// exactly one value picks this overload, except on a `Just` or on a
  /// sequence publisher of a range-replaceable collection, where Combine's own
  /// `prepend` is more specific and builds one `Publishers.Sequence`
  /// (`Just(2).prepend(1)` publishes 1 then 2, but is not immediate).
  ///
  /// ```text
  /// upstream   ----a--|
  /// result     v---a--|      v = value, at the first demand
  /// ```
  ///
  /// - Parameter value: The value to publish before the upstream's output.
  /// - Returns: A publisher that publishes `value`, then the upstream's output.
  @inlinable
  public func prepend(_ value: Output) -> Publishers.Concatenate<Result<Output, Failure>.Publisher, Self> {
    Publishers.Concatenate(prefix: Result.Publisher(value), suffix: self)
  }
}
