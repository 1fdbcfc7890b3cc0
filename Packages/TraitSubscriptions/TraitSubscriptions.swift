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
