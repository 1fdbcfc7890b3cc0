/// The life cycle shared by the subscribers that end a chain (`Sink`,
/// `Assign`): they hold a payload (closures, an object) until completion or
/// cancellation, then release it.
///
/// The enum is pure: each event returns what the caller must do once it has
/// left the lock. It is touched only inside its owner's `Mutex`; what leaves
/// the lock is used only by the thread that took it out, so `@unchecked
/// Sendable` is sound.
@usableFromInline
enum SubscriberLifecycle<Payload> {
  /// Created, no subscription yet.
  case awaitingSubscription(Payload)
  /// Holds the one subscription it accepted.
  case subscribed(any Subscription, Payload)
  /// Completed or cancelled: holds nothing.
  case terminal

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
    // Here and below, moved out and back, not read (see `activePayload`):
    // reading copied the enum through its value witnesses, and storing the
    // next state destroyed the copy's original (subscribe + cancel in make
    // bench: two copies and two destroys).
    switch consume self {
    case let .awaitingSubscription(payload):
      self = .subscribed(subscription, payload)
      return .accept(subscription)
    case let other:
      self = other
      return .reject(subscription)
    }
  }

  /// The payload while subscribed; nil before the subscription (a value then
  /// is an upstream bug, ignored) and after the end.
  @inlinable
  var activePayload: Payload? {
    mutating get {
      // Moved out and back, not read: reading copied the whole enum, the
      // subscription included, for one retain and one release more per
      // value (a subject into a sink: 16 atomic instructions per send, 14).
      switch consume self {
      case let .subscribed(subscription, payload):
        self = .subscribed(subscription, payload)
        return payload
      case let .awaitingSubscription(payload):
        self = .awaitingSubscription(payload)
        return nil
      case .terminal:
        self = .terminal
        return nil
      }
    }
  }

  /// Ends the life cycle on completion; returns the payload to use once, and
  /// then to release, after the lock. Nil if already over.
  @inlinable
  mutating func complete() -> Payload? {
    let previous = consume self
    self = .terminal
    switch consume previous {
    case let .awaitingSubscription(payload), let .subscribed(_, payload):
      // A completion before the subscription is an upstream bug; still deliver it.
      return payload
    case .terminal:
      return nil
    }
  }

  /// Ends the life cycle on cancellation; returns the subscription to cancel
  /// and the payload to release, both after the lock.
  @inlinable
  mutating func cancel() -> (subscription: (any Subscription)?, payload: Payload?) {
    let previous = consume self
    self = .terminal
    switch consume previous {
    case let .awaitingSubscription(payload):
      return (nil, payload)
    case let .subscribed(subscription, payload):
      return (subscription, payload)
    case .terminal:
      return (nil, nil)
    }
  }
}
