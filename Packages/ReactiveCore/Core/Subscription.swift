/// A protocol representing the connection of a subscriber to a publisher.
///
/// Subscriptions are class constrained because a subscription has identity,
/// defined by the moment a particular subscriber attached to a publisher.
/// Cancelling a subscription must be thread-safe, and you can only cancel a
/// subscription once.
public protocol Subscription: Cancellable, CustomCombineIdentifierConvertible {
  /// Tells a publisher that it may send more values to the subscriber.
  ///
  /// Demand accumulates: two calls with `.max(1)` allow two values. Requesting
  /// `.none` is an API violation.
  func request(_ demand: Subscribers.Demand)
}

/// A namespace for symbols related to subscriptions.
public enum Subscriptions {}

extension Subscriptions {
  /// Returns the “empty” subscription.
  ///
  /// Use the empty subscription when you need a ``Subscription`` that ignores
  /// requests and cancellation: a publisher that completes at once (such as
  /// `Empty` or `Fail`) hands it to its subscriber before the completion.
  public static var empty: any Subscription {
    EmptySubscription.shared
  }
}

/// The one subscription that does nothing. It is stateless, hence `Sendable`.
private final class EmptySubscription: Subscription, CustomStringConvertible, Sendable {
  static let shared = EmptySubscription()

  let combineIdentifier = CombineIdentifier()

  var description: String { "Empty" }

  private init() {}

  func request(_ demand: Subscribers.Demand) {}

  func cancel() {}
}
