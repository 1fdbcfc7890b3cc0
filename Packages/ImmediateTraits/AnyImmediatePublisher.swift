public import ReactiveCore

extension ImmediatePublisher {
  /// Wraps this immediate publisher in a type eraser, keeping the immediate
  /// guarantee.
  ///
  /// ```swift
  /// func currentName() -> AnyImmediatePublisher<String, Never> {
  ///   nameSubject.uncheckedImmediate().eraseToAnyImmediatePublisher()
  /// }
  /// ```
  ///
  /// - Returns: An ``AnyImmediatePublisher`` wrapping this publisher.
  @inlinable
  public func eraseToAnyImmediatePublisher() -> AnyImmediatePublisher<Output, Failure> {
    AnyImmediatePublisher(self)
  }
}

/// An immediate publisher that hides the type of the publisher it wraps.
///
/// Its users know one thing about it: as soon as they demand a value, it
/// publishes one, or fails, before the call that demanded returns. Build it
/// with ``ImmediatePublisher/eraseToAnyImmediatePublisher()`` or one of its
/// factories, `just(_:)` and ``fail(_:)``.
///
/// ```swift
/// func greeting() -> AnyImmediatePublisher<String, Never> {
///   .just("Hello")
/// }
/// ```
public struct AnyImmediatePublisher<Output, Failure: Error>: ImmediatePublisher, CustomStringConvertible {
  /// The erased publisher; only an immediate publisher ever gets here.
  @usableFromInline
  let base: AnyPublisher<Output, Failure>

  /// Creates a type-erasing immediate publisher that wraps the given
  /// immediate publisher.
  ///
  /// Wrapping an `AnyImmediatePublisher` reuses its box instead of nesting a
  /// second one.
  ///
  /// - Parameter publisher: The immediate publisher to wrap.
  @inlinable
  public init<P: ImmediatePublisher>(_ publisher: P) where P.Output == Output, P.Failure == Failure {
    if let erased = publisher as? AnyImmediatePublisher<Output, Failure> {
      base = erased.base  // no double wrapping
    } else {
      base = AnyPublisher(publisher)
    }
  }

  /// Wraps a publisher that the caller knows to be immediate.
  @usableFromInline
  init(unchecked publisher: AnyPublisher<Output, Failure>) {
    base = publisher
  }

  public var description: String { "AnyImmediatePublisher" }

  @inlinable
  public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
    base.receive(subscriber: subscriber)
  }

  /// Returns this publisher: it is already erased.
  @inlinable
  public func eraseToAnyImmediatePublisher() -> AnyImmediatePublisher<Output, Failure> { self }
}

// @unchecked Sendable: the eraser holds one immutable reference to a
// publisher value and has no state of its own; sharing it lets several
// tasks subscribe, each getting its own subscription. What crosses tasks is
// Sendable (the Output; every Error is). See Docs/Concurrency.md for why
// the wrapped publisher is not required to be Sendable too.
extension AnyImmediatePublisher: @unchecked Sendable where Output: Sendable {}
