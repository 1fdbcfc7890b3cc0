/// The life cycle shared by the subscribers that end a chain (`Sink`,
/// `Assign`): they hold a payload (closures, an object) until completion or
/// cancellation, then release it.
///
/// It is pure: each event returns what the caller must do once it has
/// left the lock. It is touched only inside its owner's `Mutex`; what leaves
/// the lock is used only by the thread that took it out, so `@unchecked
/// Sendable` is sound.
///
/// A struct, not an enum with the subscription and the payload as case
/// payloads: reading the payload out of such an enum moved the existential
/// subscription out and back on every value (a subject into a sink: ~22
/// instructions per send); here the phase is a plain tag beside them.
@usableFromInline
struct SubscriberLifecycle<Payload> {
  @usableFromInline
  enum Phase {
    /// Created, no subscription yet.
    case awaitingSubscription
    /// Holds the one subscription it accepted.
    case subscribed
    /// Completed or cancelled: holds nothing.
    case terminal
  }

  @usableFromInline var phase: Phase
  /// Set while subscribed.
  @usableFromInline var subscription: (any Subscription)?
  /// Set until the end.
  @usableFromInline var payload: Payload?

  @inlinable
  init(phase: Phase, subscription: (any Subscription)?, payload: Payload?) {
    self.phase = phase
    self.subscription = subscription
    self.payload = payload
  }

  /// Created, holding `payload`, waiting for its subscription.
  @inlinable
  static func awaitingSubscription(_ payload: Payload) -> Self {
    Self(phase: .awaitingSubscription, subscription: nil, payload: payload)
  }

  /// What to do with a subscription after the lock.
  @usableFromInline
  enum SubscriptionAction {
    /// The first subscription: request from it.
    case accept(any Subscription)
    /// A second subscription, or one after the end: cancel it.
    case reject(any Subscription)

    /// What `Sink` and `Assign` do: request `.unlimited` from an accepted
    /// subscription, cancel a rejected one.
    @inlinable
    func requestUnlimitedOrCancel() {
      switch self {
      case let .accept(subscription):
        subscription.request(.unlimited)
      case let .reject(subscription):
        subscription.cancel()
      }
    }
  }

  @inlinable
  mutating func receive(subscription: any Subscription) -> SubscriptionAction {
    guard case .awaitingSubscription = phase else { return .reject(subscription) }
    phase = .subscribed
    self.subscription = subscription
    return .accept(subscription)
  }

  /// The payload while subscribed; nil before the subscription (a value then
  /// is an upstream bug, ignored) and after the end.
  @inlinable
  var activePayload: Payload? {
    guard case .subscribed = phase else { return nil }
    return payload
  }

  /// Ends the life cycle on completion; returns the payload to use once, and
  /// then to release, after the lock. Nil if already over. (A completion
  /// before the subscription is an upstream bug; it is still delivered.)
  @inlinable
  mutating func complete() -> Payload? {
    if case .terminal = phase { return nil }
    phase = .terminal
    subscription = nil
    return payload.take()
  }

  /// Ends the life cycle on a completion that comes while subscribed, as
  /// ``complete()``; a completion before the subscription is ignored, and
  /// the life cycle goes on (what a subject's subscriber does, as Combine's).
  @inlinable
  mutating func completeIfSubscribed() -> Payload? {
    guard case .subscribed = phase else { return nil }
    return complete()
  }

  /// Ends the life cycle on cancellation; returns the subscription to cancel
  /// and the payload to release, both after the lock.
  @inlinable
  mutating func cancel() -> (subscription: (any Subscription)?, payload: Payload?) {
    if case .terminal = phase { return (nil, nil) }
    phase = .terminal
    return (subscription.take(), payload.take())
  }
}
