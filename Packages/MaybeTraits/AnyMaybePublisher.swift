public import ReactiveCore

extension MaybePublisher {
  /// Wraps this maybe publisher in a type eraser, keeping the maybe guarantee.
  ///
  /// ```swift
  /// func savedDraft() -> AnyMaybePublisher<String, any Error> {
  ///   draftStore.latest.eraseToAnyMaybePublisher()
  /// }
  /// ```
  @inlinable
  public func eraseToAnyMaybePublisher() -> AnyMaybePublisher<Output, Failure> {
    AnyMaybePublisher(self)
  }
}

/// A maybe publisher that hides the type of the publisher it wraps.
///
/// Its users know that it publishes no value, or one value, or fails, and
/// nothing more. Build it with ``MaybePublisher/eraseToAnyMaybePublisher()``
/// or one of its factories (``empty()``, `just(_:)`, ``fail(_:)``,
/// ``never()``).
///
/// ```swift
/// func savedDraft() -> AnyMaybePublisher<String, any Error> {
///   .just("Dear team,")
/// }
/// ```
public struct AnyMaybePublisher<Output, Failure: Error>: MaybePublisher, CustomStringConvertible {
  /// The erased publisher; only a maybe publisher ever gets here.
  @usableFromInline
  let base: AnyPublisher<Output, Failure>

  /// Creates a type-erasing maybe publisher that wraps the given maybe publisher.
  ///
  /// - Parameter publisher: The maybe publisher to wrap.
  @inlinable
  public init<P: MaybePublisher>(_ publisher: P) where P.Output == Output, P.Failure == Failure {
    if let erased = publisher as? AnyMaybePublisher<Output, Failure> {
      base = erased.base  // no double wrapping
    } else {
      base = AnyPublisher(publisher)
    }
  }

  /// Wraps a publisher that the caller knows to be a maybe publisher.
  @usableFromInline
  init(unchecked publisher: AnyPublisher<Output, Failure>) {
    base = publisher
  }

  public var description: String { "AnyMaybePublisher" }

  @inlinable
  public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
    base.receive(subscriber: subscriber)
  }

  /// Returns this publisher: it is already erased.
  @inlinable
  public func eraseToAnyMaybePublisher() -> AnyMaybePublisher<Output, Failure> { self }
}

// @unchecked Sendable: the eraser holds one immutable reference to a
// publisher value and has no state of its own; sharing it lets several
// tasks subscribe, each getting its own subscription. What crosses tasks is
// Sendable (the Output; every Error is). See Docs/Concurrency.md for why
// the wrapped publisher is not required to be Sendable too.
extension AnyMaybePublisher: @unchecked Sendable where Output: Sendable {}
