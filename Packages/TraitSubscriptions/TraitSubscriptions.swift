import ReactiveCore

/// A namespace for the open subscription classes that turn a callback-based
/// API into a single or maybe publisher.
public enum TraitSubscriptions {}

/// What a subscription's `promise` calls (its relay to `receive(_:)`): a `@Sendable`
/// completion handler may call it from any thread.
package protocol SendableResultReceiver<Outcome>: AnyObject, Sendable {
  associatedtype Outcome
  func receive(_ outcome: Outcome)
}

/// A `@Sendable` closure that calls `receiver.receive(_:)`.
///
/// Formed here, over a Sendable generic parameter, the closure captures only
/// the receiver. Formed inside a subscription class generic over its
/// `Downstream`, it would also capture `Downstream.Type`, which Swift 6 does
/// not know to be Sendable (the `SendableMetatypes` diagnostic).
package func sendableReceive<Receiver: SendableResultReceiver>(
  _ receiver: Receiver
) -> @Sendable (Receiver.Outcome) -> Void {
  { outcome in receiver.receive(outcome) }
}

/// A trait subscription's `request(_:)`, `cancel()` and `receive(_:)`, as
/// closures formed in its `@inlinable` init (ReactiveCore's
/// `SpecializedEntryPoints` says why): the subscription is called through
/// `any Subscription` and its subclasses' overrides, so its methods run
/// generic code that asks the runtime for the metadata of every generic type
/// it touches, while the closures, formed where the types are known, run
/// specialised code (make bench, `TraitSubscriptions.Single` life cycle:
/// about 39 metadata lookups per life cycle before).
///
/// The closures take the subscription as `AnyObject`: a stored property
/// whose type named the generic class itself would make the runtime need
/// the class's metadata while it lays out that same class.
@usableFromInline
package struct TraitSubscriptionEntryPoints<Outcome> {
  @usableFromInline
  let request: (AnyObject, Subscribers.Demand) -> Void
  @usableFromInline
  let cancel: (AnyObject) -> Void
  @usableFromInline
  let receive: (AnyObject, Outcome) -> Void

  @inlinable
  init(
    request: @escaping (AnyObject, Subscribers.Demand) -> Void,
    cancel: @escaping (AnyObject) -> Void,
    receive: @escaping (AnyObject, Outcome) -> Void
  ) {
    self.request = request
    self.cancel = cancel
    self.receive = receive
  }
}
