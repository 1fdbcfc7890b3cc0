public import ReactiveCore

extension CompletablePublisher {
  /// Wraps this completable publisher in a type eraser, keeping the
  /// completable guarantee.
  ///
  /// ```swift
  /// func save(_ note: Note) -> AnyCompletablePublisher<SaveError> {
  ///   storage.write(note).eraseToAnyCompletablePublisher()
  /// }
  /// ```
  @inlinable
  public func eraseToAnyCompletablePublisher() -> AnyCompletablePublisher<Failure> {
    AnyCompletablePublisher(self)
  }
}

/// A completable publisher that hides the type of the publisher it wraps.
///
/// Its users know that it publishes no value and finishes or fails, and
/// nothing more. Build it with
/// ``CompletablePublisher/eraseToAnyCompletablePublisher()``, with one of its
/// factories (`empty()`, ``fail(_:)``, `never()`), or from an
/// asynchronous closure (`init(_:)`).
///
/// ```swift
/// func save(_ note: Note) -> AnyCompletablePublisher<SaveError> {
///   .empty()
/// }
/// ```
public struct AnyCompletablePublisher<Failure: Error>: CompletablePublisher, CustomStringConvertible {
  /// The type of value this publisher publishes: none.
  public typealias Output = Never

  /// The erased publisher; only a completable publisher ever gets here.
  @usableFromInline
  let base: AnyPublisher<Never, Failure>

  /// Creates a type-erasing completable publisher that wraps the given
  /// completable publisher.
  ///
  /// - Parameter publisher: The completable publisher to wrap.
  @inlinable
  public init<P: CompletablePublisher>(_ publisher: P) where P.Failure == Failure {
    if let erased = publisher as? AnyCompletablePublisher<Failure> {
      base = erased.base  // no double wrapping
    } else {
      base = AnyPublisher(publisher)
    }
  }

  /// Wraps a publisher that the caller knows to be a completable publisher.
  @usableFromInline
  init(unchecked publisher: AnyPublisher<Never, Failure>) {
    base = publisher
  }

  public var description: String { "AnyCompletablePublisher" }

  @inlinable
  public func receive<S: Subscriber>(subscriber: S) where S.Input == Never, S.Failure == Failure {
    base.receive(subscriber: subscriber)
  }

  /// Returns this publisher: it is already erased.
  @inlinable
  public func eraseToAnyCompletablePublisher() -> AnyCompletablePublisher<Failure> { self }
}

// @unchecked Sendable: the eraser holds one immutable reference to a
// publisher value and has no state of its own; sharing it lets several
// tasks subscribe, each getting its own subscription. It publishes no value,
// and every Error is Sendable. See Docs/Concurrency.md for why the wrapped
// publisher is not required to be Sendable too.
extension AnyCompletablePublisher: @unchecked Sendable {}
