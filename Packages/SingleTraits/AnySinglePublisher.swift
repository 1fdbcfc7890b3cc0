public import ReactiveCore

extension SinglePublisher {
  /// Wraps this single publisher in a type eraser, keeping the single guarantee.
  ///
  /// ```swift
  /// func defaultLocale() -> AnySinglePublisher<String, any Error> {
  ///   Just("en_US").setFailureType(to: (any Error).self).eraseToAnySinglePublisher()
  /// }
  /// ```
  @inlinable
  public func eraseToAnySinglePublisher() -> AnySinglePublisher<Output, Failure> {
    AnySinglePublisher(self)
  }
}

/// A single publisher that hides the type of the publisher it wraps.
///
/// Its users know that it publishes exactly one value, or fails, and nothing
/// more. Build it with ``SinglePublisher/eraseToAnySinglePublisher()`` or one
/// of its factories (`just(_:)`, ``fail(_:)``, ``never()``).
///
/// ```swift
/// func defaultLocale() -> AnySinglePublisher<String, any Error> {
///   .just("en_US")
/// }
/// ```
public struct AnySinglePublisher<Output, Failure: Error>: SinglePublisher, CustomStringConvertible {
  /// The erased publisher; only a single publisher ever gets here.
  @usableFromInline
  let base: AnyPublisher<Output, Failure>

  /// Creates a type-erasing single publisher that wraps the given single publisher.
  ///
  /// - Parameter publisher: The single publisher to wrap.
  @inlinable
  public init<P: SinglePublisher>(_ publisher: P) where P.Output == Output, P.Failure == Failure {
    if let erased = publisher as? AnySinglePublisher<Output, Failure> {
      base = erased.base  // no double wrapping
    } else {
      base = AnyPublisher(publisher)
    }
  }

  /// Wraps a publisher that the caller knows to be a single publisher.
  @usableFromInline
  init(unchecked publisher: AnyPublisher<Output, Failure>) {
    base = publisher
  }

  public var description: String { "AnySinglePublisher" }

  @inlinable
  public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
    base.receive(subscriber: subscriber)
  }

  /// Returns this publisher: it is already erased.
  @inlinable
  public func eraseToAnySinglePublisher() -> AnySinglePublisher<Output, Failure> { self }
}

// @unchecked Sendable: the eraser holds one immutable reference to a
// publisher value and has no state of its own; sharing it lets several
// tasks subscribe, each getting its own subscription. What crosses tasks is
// Sendable (the Output; every Error is). See Docs/Concurrency.md for why
// the wrapped publisher is not required to be Sendable too.
extension AnySinglePublisher: @unchecked Sendable where Output: Sendable {}
