public import ReactiveCore

// Compile-time guidance: the immediate-only API, called on a publisher that is
// not an ImmediatePublisher, fails to compile with a message that names the
// missing trait and the ways to get it (instead of "has no member"). These
// overloads are less specific than the real ones (ImmediatePublisher refines
// Publisher), so an immediate publisher, concrete or generic, always gets the
// real API. Checked by Tests/CompileChecks/TraitMisuse.swift.

extension Publisher {
  @available(
    *,
    unavailable,
    message:
      "sinkImmediate requires an ImmediatePublisher, and this publisher may publish nothing at subscription: give it a first value with prepend(_:), or check it at run time with assertImmediate()"
  )
  public func sinkImmediate(
    receiveCompletion: @escaping (Subscribers.Completion<Failure>) -> Void,
    receiveValue: @escaping (Output) -> Void
  ) -> AnyCancellable {
    fatalError("unavailable")
  }

  @available(
    *,
    unavailable,
    message:
      "eraseToAnyImmediatePublisher requires an ImmediatePublisher, and this publisher may publish nothing at subscription: give it a first value with prepend(_:), check it at run time with assertImmediate(), or declare it one with uncheckedImmediate()"
  )
  public func eraseToAnyImmediatePublisher() -> AnyImmediatePublisher<Output, Failure> {
    fatalError("unavailable")
  }

  @available(
    *,
    unavailable,
    message:
      "immediateResult requires an ImmediatePublisher, and this publisher may publish nothing at subscription: give it a first value with prepend(_:), or check it at run time with assertImmediate()"
  )
  public var immediateResult: Result<Output, Failure> {
    fatalError("unavailable")
  }
}

extension Publisher where Failure == Never {
  @available(
    *,
    unavailable,
    message:
      "sinkImmediate requires an ImmediatePublisher, and this publisher may publish nothing at subscription: give it a first value with prepend(_:), or check it at run time with assertImmediate()"
  )
  public func sinkImmediate(receiveValue: @escaping (Output) -> Void) -> AnyCancellable {
    fatalError("unavailable")
  }

  @available(
    *,
    unavailable,
    message:
      "immediateValue requires an ImmediatePublisher, and this publisher may publish nothing at subscription: give it a first value with prepend(_:), or check it at run time with assertImmediate()"
  )
  public var immediateValue: Output {
    fatalError("unavailable")
  }
}
