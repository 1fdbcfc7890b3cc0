/// The state of a subscription that stands between one upstream
/// subscription and one downstream and keeps nothing else that changes
/// (`multicast`'s and `print`'s inners, ``CodingInner``): kept under the
/// subscription's lock. `Payload` is what the subscription holds until it
/// ends (the transform of `encode`/`decode`), `Void` for nothing.
///
/// The methods decide under the lock; what they take out (the replaced
/// link, the downstream) is acted on, and released, after it.
enum SubscriptionLink<Downstream, Payload> {
  /// Created, no upstream subscription yet.
  case awaitingSubscription(Downstream, Payload)
  /// Holds the upstream subscription; values flow.
  case subscribed(any Subscription, Downstream, Payload)
  /// Completed or cancelled; holds nothing.
  case terminal

  /// Takes `subscription` if it is the first: returns the downstream to hand
  /// the subscription to, or nil for a second one or one after the end (to
  /// be cancelled).
  mutating func accept(_ subscription: any Subscription) -> Downstream? {
    guard case let .awaitingSubscription(downstream, payload) = self else { return nil }
    self = .subscribed(subscription, downstream, payload)
    return downstream
  }

  /// The upstream subscription, while subscribed.
  var subscription: (any Subscription)? {
    guard case let .subscribed(subscription, _, _) = self else { return nil }
    return subscription
  }

  /// Ends the link whatever it was; returns what it held.
  mutating func end() -> Self {
    defer { self = .terminal }
    return self
  }

  /// Ends the link if it is subscribed, and returns what it held; any other
  /// link is left as it is, and `.terminal` returned.
  mutating func endSubscribed() -> Self {
    guard case .subscribed = self else { return .terminal }
    return end()
  }
}

extension Lock {
  /// The first step of a subscription whose whole state is a
  /// ``SubscriptionLink``: takes the upstream `subscription` under the lock,
  /// then, after it, hands `inner` to the downstream, or cancels a
  /// subscription that came second or after the end.
  func accept<Downstream: Subscriber, Payload>(_ subscription: any Subscription, handing inner: some Subscription)
  where Value == SubscriptionLink<Downstream, Payload> {
    guard let downstream = withLock({ $0.accept(subscription) }) else {
      subscription.cancel()
      return
    }
    downstream.receive(subscription: inner)
  }
}
