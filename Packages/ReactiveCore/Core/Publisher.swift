/// A type that can transmit a sequence of values over time to subscribers.
///
/// A publisher delivers values to one or more ``Subscriber`` instances. The
/// subscriber's `Input` and `Failure` must match the publisher's `Output` and
/// `Failure`. The contract between them:
///
/// 1. The publisher calls ``Subscriber/receive(subscription:)`` exactly once.
/// 2. It then sends at most as many values as the subscriber has demanded,
///    through ``Subscriber/receive(_:)``.
/// 3. It sends at most one completion, ``Subscriber/receive(completion:)``,
///    and nothing after it.
///
/// Implement ``receive(subscriber:)`` to accept subscribers; call
/// `subscribe(_:)` to attach one.
public protocol Publisher<Output, Failure> {
  /// The kind of values published by this publisher.
  associatedtype Output

  /// The kind of errors this publisher might publish. Use `Never` if it does not fail.
  associatedtype Failure: Error

  /// Attaches the specified subscriber to this publisher.
  ///
  /// Implementations must call `subscriber.receive(subscription:)` before any
  /// other event. Call `subscribe(_:)` rather than this method.
  ///
  /// - Parameter subscriber: The subscriber to attach to this publisher.
  func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure
}

extension Publisher {
  /// Attaches the specified subscriber to this publisher.
  ///
  /// - Parameter subscriber: The subscriber to attach to this publisher. After
  ///   attaching, the subscriber can start to receive values.
  @inlinable
  public func subscribe<S: Subscriber>(_ subscriber: S) where S.Input == Output, S.Failure == Failure {
    receive(subscriber: subscriber)
  }
}

/// A namespace for the types that serve as publishers.
///
/// Operators return the publisher types of this namespace, such as
/// `Publishers.Map`, and ``Publishers/Sequence`` lives here.
public enum Publishers {}
