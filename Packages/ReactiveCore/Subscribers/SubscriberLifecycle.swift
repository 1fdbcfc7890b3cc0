/// The life cycle shared by the subscribers that end a chain (`Sink`,
/// `Assign`, a subject's subscriber): they hold a payload (closures, an
/// object) until completion or cancellation, then release it.
///
/// It is pure: each event returns what the caller must do once it has
/// left the lock. It is touched only under its owner's lock; what leaves
/// the lock is used only by the thread that took it out.
///
/// The owner keeps the payload beside it, in a field of its own, and hands
/// it to the events that release it: the life cycle itself is not generic.
/// A generic state that holds an `any Subscription` is laid out by the
/// runtime, so destroying it, in the owner's deinitialiser (never
/// specialised), asked for the metadata of the state and of the payload
/// (about 670 instructions at the end of every sink); the existential in a
/// non-generic field, and closures in a generic one, need no lookup.
///
/// A struct, not an enum with the subscription as case payload: reading
/// the payload out of such an enum moved the existential subscription out
/// and back on every value (a subject into a sink: ~22 instructions per
/// send); here the phase is a plain tag beside it.
@usableFromInline
struct SubscriberLifecycle {
  @usableFromInline
  enum Phase {
    /// Created, no subscription yet.
    case awaitingSubscription
    /// Holds the one subscription it accepted.
    case subscribed
    /// Completed or cancelled: holds nothing (the owner's payload is nil).
    case terminal
  }

  @usableFromInline var phase: Phase
  /// Set while subscribed.
  @usableFromInline var subscription: (any Subscription)?

  /// Created, waiting for its subscription; the owner holds its payload.
  @inlinable
  init() {
    phase = .awaitingSubscription
    subscription = nil
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

  /// `payload` while subscribed; nil before the subscription (a value then
  /// is an upstream bug, ignored) and after the end.
  @inlinable
  func active<Payload>(_ payload: Payload?) -> Payload? {
    guard case .subscribed = phase else { return nil }
    return payload
  }

  /// Ends the life cycle on completion; takes the payload out, to use once
  /// and then to release, after the lock. Nil if already over. (A
  /// completion before the subscription is an upstream bug; it is still
  /// delivered.)
  @inlinable
  mutating func complete<Payload>(releasing payload: inout Payload?) -> Payload? {
    if case .terminal = phase { return nil }
    phase = .terminal
    subscription = nil
    return payload.take()
  }

  /// Ends the life cycle on a completion that comes while subscribed, as
  /// ``complete(releasing:)``; a completion before the subscription is
  /// ignored, and the life cycle goes on (what a subject's subscriber does,
  /// as Combine's).
  @inlinable
  mutating func completeIfSubscribed<Payload>(releasing payload: inout Payload?) -> Payload? {
    guard case .subscribed = phase else { return nil }
    return complete(releasing: &payload)
  }

  /// Ends the life cycle on cancellation; takes out the subscription to
  /// cancel and the payload to release, both after the lock.
  @inlinable
  mutating func cancel<Payload>(
    releasing payload: inout Payload?
  ) -> (subscription: (any Subscription)?, payload: Payload?) {
    if case .terminal = phase { return (nil, nil) }
    phase = .terminal
    return (subscription.take(), payload.take())
  }
}
