/// A source of values over time, delivered to each of its subscribers.
///
/// The subscriber's `Input` and `Failure` must match the publisher's `Output` and
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
  /// The type of the values this publisher sends.
  associatedtype Output

  /// The type of the failure that may end the stream; `Never` if it cannot fail.
  associatedtype Failure: Error

  /// Connects a subscriber: the requirement each publisher implements.
  ///
  /// Implementations must call `subscriber.receive(subscription:)` before any
  /// other event. Call `subscribe(_:)` rather than this method.
  ///
  /// - Parameter subscriber: The subscriber to connect.
  func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure
}

extension Publisher {
  /// Connects a subscriber to this publisher; the subscriber receives its
  /// subscription, then the values it asks for.
  ///
  /// - Parameter subscriber: The subscriber to connect.
  // Transparent, so that every call becomes a call of `receive(subscriber:)`
  // before the optimiser runs: a chain of operators calls `subscribe` once
  // per operator with an ever larger subscriber type, which the generic
  // specialiser takes for an endless recursion and leaves unspecialised.
  @_transparent
  public func subscribe<S: Subscriber>(_ subscriber: S) where S.Input == Output, S.Failure == Failure {
    receive(subscriber: subscriber)
  }
}

/// A namespace for the types that serve as publishers.
///
/// Operators return the publisher types of this namespace, such as
/// `Publishers.Map`, and ``Publishers/Sequence`` lives here.
public enum Publishers {}
