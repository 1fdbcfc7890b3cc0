public import MaybeTraits

// Compile-time guidance: the single-only API, called on a publisher that is
// not a SinglePublisher, fails to compile with a message that names the
// missing trait and the ways to get it (instead of "has no member"). These
// overloads are less specific than the real ones (SinglePublisher refines
// MaybePublisher, which refines Publisher), so a single, concrete or generic,
// always gets the real API. Checked by Tests/CompileChecks/TraitMisuse.swift.

extension Publisher {
  @available(
    *,
    unavailable,
    message:
      "sinkSingle requires a SinglePublisher, and this publisher may publish any number of values: make it a single with collect(), reduce(_:_:) or first().replaceEmpty(withError:), or check it at run time with checkSingle() or assertSingle()"
  )
  public func sinkSingle(receive: @escaping (Result<Output, Failure>) -> Void) -> AnyCancellable {
    fatalError("unavailable")
  }

  @available(
    *,
    unavailable,
    message:
      "sinkSingle(in:receive:) requires a SinglePublisher, and this publisher may publish any number of values: make it a single with collect(), reduce(_:_:) or first().replaceEmpty(withError:), or check it at run time with checkSingle() or assertSingle()"
  )
  @discardableResult
  public func sinkSingle(in bag: CancelBag, receive: @escaping (Result<Output, Failure>) -> Void) -> AnyCancellable {
    fatalError("unavailable")
  }

  @available(
    *,
    unavailable,
    message:
      "eraseToAnySinglePublisher requires a SinglePublisher, and this publisher may publish any number of values: make it a single with collect(), reduce(_:_:) or first().replaceEmpty(withError:), check it at run time with checkSingle() or assertSingle(), or declare it one with uncheckedSingle()"
  )
  public func eraseToAnySinglePublisher() -> AnySinglePublisher<Output, Failure> {
    fatalError("unavailable")
  }
}

extension Publisher {
  @available(
    *,
    unavailable,
    message:
      "replaceEmpty(withError:) makes a maybe a single, and this publisher may publish several values: make it a maybe first with first() or last(), or check it with checkSingle()"
  )
  public func replaceEmpty(withError error: Failure) -> AnySinglePublisher<Output, Failure> {
    fatalError("unavailable")
  }

  @available(
    *,
    unavailable,
    message:
      "cache() replays one outcome and requires a MaybePublisher, and this publisher may publish several values: make it a maybe with first() or last(), or share its values with share() or multicast(subject:)"
  )
  public func cache() -> Publishers.Cache<Publishers.First<Self>> {
    fatalError("unavailable")
  }

  @available(
    *,
    unavailable,
    message:
      "ifEmpty(default:) requires a MaybePublisher, whose missing value the default stands for, and this publisher may publish several values: make it a maybe first with first() or last()"
  )
  public func ifEmpty(default value: Output) -> Publishers.ReplaceEmpty<Publishers.First<Self>> {
    fatalError("unavailable")
  }

  @available(
    *,
    unavailable,
    message:
      "ifEmpty(switchTo:) requires a MaybePublisher, whose missing value the replacement stands for, and this publisher may publish several values: make it a maybe first with first() or last()"
  )
  public func ifEmpty<Replacement: Publisher>(switchTo replacement: Replacement) -> AnyPublisher<Output, Failure>
  where Replacement.Output == Output, Replacement.Failure == Failure {
    fatalError("unavailable")
  }
}

extension MaybePublisher {
  @available(
    *,
    unavailable,
    message:
      "sinkSingle requires a SinglePublisher, and this maybe may finish without a value: use sinkMaybe, or make it a single with replaceEmpty(with:), replaceEmpty(withError:) or ifEmpty(default:)"
  )
  public func sinkSingle(receive: @escaping (Result<Output, Failure>) -> Void) -> AnyCancellable {
    fatalError("unavailable")
  }

  @available(
    *,
    unavailable,
    message:
      "sinkSingle(in:receive:) requires a SinglePublisher, and this maybe may finish without a value: use sinkMaybe(in:receive:), or make it a single with replaceEmpty(with:), replaceEmpty(withError:) or ifEmpty(default:)"
  )
  @discardableResult
  public func sinkSingle(in bag: CancelBag, receive: @escaping (Result<Output, Failure>) -> Void) -> AnyCancellable {
    fatalError("unavailable")
  }

  @available(
    *,
    unavailable,
    message:
      "eraseToAnySinglePublisher requires a SinglePublisher, and this maybe may finish without a value: use eraseToAnyMaybePublisher(), or make it a single with replaceEmpty(with:), replaceEmpty(withError:) or ifEmpty(default:)"
  )
  public func eraseToAnySinglePublisher() -> AnySinglePublisher<Output, Failure> {
    fatalError("unavailable")
  }
}

extension SinglePublisher {
  /// A single needs no check: this checks nothing, and compiles with a
  /// warning. It returns the same publisher as on any other publisher, so
  /// code that checked a publisher before it became a single keeps compiling.
  @available(*, deprecated, message: "This publisher is already a SinglePublisher: checkSingle() checks nothing")
  @inlinable
  public func checkSingle() -> Publishers.CheckSingle<Self> {
    Publishers.CheckSingle(upstream: self)
  }
}
