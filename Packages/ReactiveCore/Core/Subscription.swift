/// The link between one subscriber and the publisher it subscribed to: the
/// subscriber asks for values through it, and cancels through it.
///
/// Each subscription belongs to one act of subscribing, so it has an
/// identity (``CombineIdentifier``). `cancel()` may be called from any
/// thread, any number of times; only the first call does anything.
public protocol Subscription: Cancellable, CustomCombineIdentifierConvertible {
  /// Asks for more values: the publisher may now send up to `demand` more.
  ///
  /// Demand accumulates: two calls with `.max(1)` allow two values. Requesting
  /// `.none` is an API violation.
  func request(_ demand: Subscribers.Demand)
}

/// A namespace for ready-made subscriptions.
public enum Subscriptions {}

extension Subscriptions {
  /// A subscription that ignores every request and every cancel.
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

extension EmptySubscription: CombineReflectable {
  /// Shows no children, as Combine's empty subscription.
  var customMirror: Mirror { Mirror(childless: self) }
}
