/// A publisher that awaits subscription before running the supplied closure
/// to create a publisher for the new subscriber.
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

  /// The closure to execute when this deferred publisher receives a subscription.
  ///
  /// The publisher returned by this closure immediately receives the incoming subscription.
  public let createPublisher: () -> DeferredPublisher

  /// Creates a deferred publisher.
  ///
  /// - Parameter createPublisher: The closure to execute when calling `subscribe(_:)`.
  @inlinable
  public init(createPublisher: @escaping () -> DeferredPublisher) {
    self.createPublisher = createPublisher
  }

  @inlinable
  public func receive<S: Subscriber>(subscriber: S) where Output == S.Input, Failure == S.Failure {
    createPublisher().subscribe(subscriber)
  }
}
