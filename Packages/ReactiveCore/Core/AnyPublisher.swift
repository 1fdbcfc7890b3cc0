/// A publisher that performs type erasure by wrapping another publisher.
///
/// Use `AnyPublisher` to expose a publisher to an API boundary without
/// exposing its concrete type, so that you can change the implementation
/// without breaking callers:
///
/// ```swift
/// func temperatures() -> AnyPublisher<Double, Never> {
///   subject.eraseToAnyPublisher()
/// }
/// ```
@frozen
public struct AnyPublisher<Output, Failure: Error>: CustomStringConvertible {
  @usableFromInline
  let box: PublisherBoxBase<Output, Failure>

  public var description: String { "AnyPublisher" }

  /// Creates a type-erasing publisher to wrap the provided publisher.
  ///
  /// Wrapping an `AnyPublisher` reuses its box instead of nesting a second one.
  ///
  /// - Parameter publisher: A publisher to wrap with a type-eraser.
  @inlinable
  public init<P: Publisher>(_ publisher: P) where Output == P.Output, Failure == P.Failure {
    if let erased = publisher as? AnyPublisher<Output, Failure> {
      box = erased.box
    } else {
      box = PublisherBox(publisher)
    }
  }
}

extension AnyPublisher: CustomPlaygroundDisplayConvertible {
  /// The description, "AnyPublisher". As in Combine, the mirror is the
  /// default one (an `AnyPublisher` has no custom mirror).
  public var playgroundDescription: Any { description }
}

extension AnyPublisher: Publisher {
  @inlinable
  public func receive<S: Subscriber>(subscriber: S) where Output == S.Input, Failure == S.Failure {
    box.receive(subscriber: subscriber)
  }
}

extension Publisher {
  /// Wraps this publisher with a type eraser.
  ///
  /// - Returns: An ``AnyPublisher`` wrapping this publisher.
  @inlinable
  public func eraseToAnyPublisher() -> AnyPublisher<Output, Failure> {
    AnyPublisher(self)
  }
}

extension AnyPublisher {
  /// Returns this publisher: it is already type-erased.
  @inlinable
  public func eraseToAnyPublisher() -> AnyPublisher<Output, Failure> {
    self
  }
}

/// The abstract box behind ``AnyPublisher``: a class so that generic
/// `receive(subscriber:)` can be dispatched dynamically.
@usableFromInline
class PublisherBoxBase<Output, Failure: Error> {
  @inlinable
  init() {}

  @usableFromInline
  func receive<S: Subscriber>(subscriber: S) where Output == S.Input, Failure == S.Failure {
    preconditionFailure("Bug in AnyPublisher: the abstract box received a subscriber")
  }
}

@usableFromInline
final class PublisherBox<Base: Publisher>: PublisherBoxBase<Base.Output, Base.Failure> {
  @usableFromInline
  let base: Base

  @inlinable
  init(_ base: Base) {
    self.base = base
  }

  @inlinable
  override func receive<S: Subscriber>(subscriber: S) where Base.Output == S.Input, Base.Failure == S.Failure {
    base.receive(subscriber: subscriber)
  }
}
