/// The base of a subscription that stands between one upstream subscription
/// and one downstream (`multicast`'s and `print`'s inners, ``CodingInner``,
/// ``MappingInner``). `Payload` is what the subscription holds until it ends
/// (the transform of `encode`/`decode`, the closure and running state of a
/// mapping operator), `Void` for nothing.
///
/// States (`Phase`), and what each keeps in the stored properties (the
/// others are nil):
/// - `awaitingSubscription`: `downstream`, `payload`; created, no upstream
///   subscription yet;
/// - `subscribed`: `upstream`, `downstream`, `payload`; values flow;
/// - `terminal`: completed or cancelled; holds nothing.
///
/// The parts live in stored properties beside a payload-free phase (see
/// "Generic payloads cost code" in Docs/Internals.md), touched only under
/// `lock`, which a subclass may use for state of its own. The methods decide
/// under the lock; what they take out is acted on, and released, after it.
@usableFromInline
class SubscriptionLink<Downstream: Subscriber, Payload> {
  @usableFromInline
  enum Phase: UInt8 {
    case awaitingSubscription, subscribed, terminal
  }

  /// What the link held, taken out of the lock; all nil when there was nothing.
  @usableFromInline
  typealias Parts = (upstream: (any Subscription)?, downstream: Downstream?, payload: Payload?)

  @usableFromInline
  final let lock = StateLock()
  @usableFromInline
  @exclusivity(unchecked) final var phase = Phase.awaitingSubscription
  @usableFromInline
  @exclusivity(unchecked) final var upstream: (any Subscription)?
  @usableFromInline
  @exclusivity(unchecked) final var downstream: Downstream?
  @usableFromInline
  @exclusivity(unchecked) final var payload: Payload?

  @inlinable
  init(_ downstream: Downstream, payload: Payload) {
    self.downstream = downstream
    self.payload = payload
  }

  /// Takes `subscription` if it is the first, then, after the lock, hands
  /// `inner` to the downstream; cancels a subscription that came second or
  /// after the end.
  @inlinable
  final func accept(_ subscription: any Subscription, handing inner: some Subscription) {
    let downstream: Downstream? = lock.withLock {
      guard phase == .awaitingSubscription else { return nil }
      phase = .subscribed
      upstream = subscription
      return self.downstream
    }
    guard let downstream else {
      subscription.cancel()
      return
    }
    downstream.receive(subscription: inner)
  }

  /// The upstream subscription, the downstream and the payload, while subscribed.
  @inlinable
  final var linked: (upstream: any Subscription, downstream: Downstream, payload: Payload)? {
    lock.withLock {
      guard phase == .subscribed, let upstream, let downstream, let payload else { return nil }
      return (upstream, downstream, payload)
    }
  }

  /// The upstream subscription, while subscribed.
  @inlinable
  final var subscription: (any Subscription)? {
    lock.withLock { phase == .subscribed ? upstream : nil }
  }

  /// Ends the link whatever it was; returns what it held.
  @inlinable
  final func end() -> Parts {
    lock.withLock { takeParts() }
  }

  /// Ends the link if it is subscribed, and returns what it held; any other
  /// link is left as it is, and nothing returned.
  @inlinable
  final func endSubscribed() -> Parts {
    lock.withLock { phase == .subscribed ? takeParts() : (nil, nil, nil) }
  }

  /// Under the lock: the link is over; what it held leaves with the parts.
  @inlinable
  final func takeParts() -> Parts {
    phase = .terminal
    return (upstream.take(), downstream.take(), payload.take())
  }
}
