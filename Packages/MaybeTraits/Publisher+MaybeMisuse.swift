public import CancelBag
public import ReactiveCore

// Compile-time guidance: the maybe-only API, called on a publisher that is
// not a MaybePublisher, fails to compile with a message that names the
// missing trait and the ways to get it (instead of "has no member"). These
// overloads are less specific than the real ones (MaybePublisher refines
// Publisher), so a maybe or a single, concrete or generic, always gets the
// real API. Checked by Tests/CompileChecks/TraitMisuse.swift.

extension Publisher {
  @available(
    *,
    unavailable,
    message:
      "sinkMaybe requires a MaybePublisher, and this publisher may publish any number of values: make it a maybe with first() or last(), or check it at run time with checkMaybe() or assertMaybe()"
  )
  public func sinkMaybe(receive: @escaping (MaybeResult<Output, Failure>) -> Void) -> AnyCancellable {
    fatalError("unavailable")
  }

  @available(
    *,
    unavailable,
    message:
      "sinkMaybe(in:receive:) requires a MaybePublisher, and this publisher may publish any number of values: make it a maybe with first() or last(), check it at run time with checkMaybe() or assertMaybe(), or keep every value with sink(in:receiveCompletion:receiveValue:)"
  )
  @discardableResult
  public func sinkMaybe(in bag: CancelBag, receive: @escaping (MaybeResult<Output, Failure>) -> Void) -> AnyCancellable
  {
    fatalError("unavailable")
  }

  @available(
    *,
    unavailable,
    message:
      "eraseToAnyMaybePublisher requires a MaybePublisher, and this publisher may publish any number of values: make it a maybe with first() or last(), check it at run time with checkMaybe() or assertMaybe(), or declare it one with uncheckedMaybe()"
  )
  public func eraseToAnyMaybePublisher() -> AnyMaybePublisher<Output, Failure> {
    fatalError("unavailable")
  }
}
