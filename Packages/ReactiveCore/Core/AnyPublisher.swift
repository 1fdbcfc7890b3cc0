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
  @_alwaysEmitIntoClient
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
  /// Hands `subscriber` to the wrapped publisher.
  ///
  /// A subscriber whose type a user can name (a `Sink`, an `AnySubscriber`,
  /// a subscriber of their own) reaches the wrapped publisher as itself, as
  /// in Combine. A subscriber of this library's own operators, whose type
  /// nobody outside can name, goes erased (`ErasedSubscriber`), with its
  /// identifier, description and mirror.
  ///
  /// The box's class method `receive(subscriber:)` is generic over the
  /// subscriber, and a generic class method always runs unspecialised code:
  /// the wrapped publisher, and every subscription it made, run through the
  /// runtime's metadata caches on every event. The box's functions
  /// (`receiveErasedEntryPoint`, `receiveSinkEntryPoint`, `receiveAnyEntryPoint`) are formed where the
  /// `AnyPublisher` was created, specialised for the wrapped publisher and
  /// one subscriber type. Erasing the library's own subscribers also keeps
  /// subscriber types from growing through chains built in a loop
  /// (`merge(with:)`, `append`, `catch` folded over a collection, each step
  /// erased): nested, `merge` folded 1,000 times took 11 s to build and run,
  /// 2,000 times two minutes.
  @inlinable
  public func receive<S: Subscriber>(subscriber: S) where Output == S.Input, Failure == S.Failure {
    if let erased = subscriber as? ErasedSubscriber<Output, Failure> {
      box.receiveErasedEntryPoint(box, erased)
    } else if let sink = subscriber as? Subscribers.Sink<Output, Failure> {
      box.receiveSinkEntryPoint(box, sink)
    } else if let any = subscriber as? AnySubscriber<Output, Failure> {
      box.receiveAnyEntryPoint(box, any)
    } else if subscriber is any CombineReflectable || subscriber is any LibrarySubscriber {
      // One of this library's own subscribers: its type cannot be named
      // outside the library, so nobody can tell it was erased.
      box.receiveErasedEntryPoint(box, ErasedSubscriber(subscriber))
    } else {
      box.receive(subscriber: subscriber)
    }
  }
}

extension Publisher {
  /// Wraps this publisher with a type eraser.
  ///
  /// - Returns: An ``AnyPublisher`` wrapping this publisher.
  @_alwaysEmitIntoClient
  public func eraseToAnyPublisher() -> AnyPublisher<Output, Failure> {
    AnyPublisher(self)
  }
}

extension AnyPublisher {
  /// Returns this publisher: it is already type-erased.
  @_alwaysEmitIntoClient
  public func eraseToAnyPublisher() -> AnyPublisher<Output, Failure> {
    self
  }
}

/// The abstract box behind ``AnyPublisher``.
@usableFromInline
class PublisherBoxBase<Output, Failure: Error> {
  /// Subscribes a subscriber of one of three types to the wrapped
  /// publisher: formed by ``PublisherBox`` where the publisher's type is
  /// known, they run specialised code. They capture nothing (no allocation).
  @usableFromInline
  let receiveErasedEntryPoint: (PublisherBoxBase, ErasedSubscriber<Output, Failure>) -> Void
  @usableFromInline
  let receiveSinkEntryPoint: (PublisherBoxBase, Subscribers.Sink<Output, Failure>) -> Void
  @usableFromInline
  let receiveAnyEntryPoint: (PublisherBoxBase, AnySubscriber<Output, Failure>) -> Void

  @inlinable
  init(
    receiveErasedEntryPoint: @escaping (PublisherBoxBase, ErasedSubscriber<Output, Failure>) -> Void,
    receiveSinkEntryPoint: @escaping (PublisherBoxBase, Subscribers.Sink<Output, Failure>) -> Void,
    receiveAnyEntryPoint: @escaping (PublisherBoxBase, AnySubscriber<Output, Failure>) -> Void
  ) {
    self.receiveErasedEntryPoint = receiveErasedEntryPoint
    self.receiveSinkEntryPoint = receiveSinkEntryPoint
    self.receiveAnyEntryPoint = receiveAnyEntryPoint
  }

  /// Subscribes any other subscriber, unspecialised.
  @usableFromInline
  func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
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
    super.init(
      receiveErasedEntryPoint: { unsafeDowncast($0, to: PublisherBox.self).base.receive(subscriber: $1) },
      receiveSinkEntryPoint: { unsafeDowncast($0, to: PublisherBox.self).base.receive(subscriber: $1) },
      receiveAnyEntryPoint: { unsafeDowncast($0, to: PublisherBox.self).base.receive(subscriber: $1) }
    )
  }

  @usableFromInline
  override func receive<S: Subscriber>(subscriber: S) where S.Input == Base.Output, S.Failure == Base.Failure {
    base.receive(subscriber: subscriber)
  }
}
