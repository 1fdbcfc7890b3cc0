public import ReactiveCore

// Compile-time guidance: the completable-only API, called on a publisher that
// is not a CompletablePublisher, fails to compile with a message that names
// the missing trait and the way to get it (instead of "has no member"). These
// overloads are less specific than the real ones (CompletablePublisher refines
// MaybePublisher and Publisher), so a completable publisher, concrete or
// generic, always gets the real API. Checked by
// Tests/CompileChecks/TraitMisuse.swift.

extension Publisher {
  @available(
    *,
    unavailable,
    message:
      "sinkCompletable requires a CompletablePublisher, which publishes no value and only finishes or fails: drop the values with ignoreOutput() (asCompletable() on a maybe or a single)"
  )
  public func sinkCompletable(receive: @escaping (Result<Void, Failure>) -> Void) -> AnyCancellable {
    fatalError("unavailable")
  }

  @available(
    *,
    unavailable,
    message:
      "eraseToAnyCompletablePublisher requires a CompletablePublisher, which publishes no value and only finishes or fails: drop the values with ignoreOutput() (asCompletable() on a maybe or a single)"
  )
  public func eraseToAnyCompletablePublisher() -> AnyCompletablePublisher<Failure> {
    fatalError("unavailable")
  }

  @available(
    *,
    unavailable,
    message:
      "andThen requires a CompletablePublisher, which publishes no value and only finishes or fails: drop the values with ignoreOutput() first (asCompletable() on a maybe or a single)"
  )
  public func andThen<Next: Publisher>(_ next: Next) -> Publishers.AndThen<Publishers.IgnoreOutput<Self>, Next>
  where Next.Failure == Failure {
    fatalError("unavailable")
  }
}
