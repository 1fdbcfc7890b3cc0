/// Builds a fresh publisher for each subscriber, at the moment it
/// subscribes, by calling a closure.
///
/// Each subscriber gets a publisher of its own: use `Deferred` to delay a
/// `Future`'s work until there is a subscriber, and to run it again for each one.
///
/// ```swift
/// let fetch = Deferred { Future<Int, Never> { promise in promise(.success(42)) } }
/// ```
public struct Deferred<DeferredPublisher: Publisher>: Publisher {
  public typealias Output = DeferredPublisher.Output
  public typealias Failure = DeferredPublisher.Failure

  /// Called once per `subscribe(_:)`; the subscriber is then attached
  /// directly to the publisher it returns.
  public let createPublisher: () -> DeferredPublisher

  /// Creates a publisher that defers to `createPublisher` for each subscriber.
  ///
  /// - Parameter createPublisher: Called once per `subscribe(_:)`, on the
  ///   subscribing thread.
  @_alwaysEmitIntoClient
  public init(createPublisher: @escaping () -> DeferredPublisher) {
    self.createPublisher = createPublisher
  }

  @inlinable
  public func receive<S: Subscriber>(subscriber: S) where Output == S.Input, Failure == S.Failure {
    createPublisher().subscribe(subscriber)
  }
}
