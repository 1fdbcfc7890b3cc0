/// A protocol that declares a type that can receive input from a publisher.
///
/// A subscriber receives exactly one subscription, then at most as many values
/// as it requested, then at most one completion. The demand returned from
/// ``receive(_:)`` is *added* to the demand already outstanding: return
/// `.none` to ask for nothing more.
public protocol Subscriber<Input, Failure>: CustomCombineIdentifierConvertible {
  /// The kind of values this subscriber receives.
  associatedtype Input

  /// The kind of errors this subscriber might receive. Use `Never` if it cannot receive errors.
  associatedtype Failure: Error

  /// Tells the subscriber that it has successfully subscribed to the publisher
  /// and may request items.
  ///
  /// Use the received ``Subscription`` to request items from the publisher.
  /// A subscriber that already holds a subscription must cancel a second one.
  func receive(subscription: any Subscription)

  /// Tells the subscriber that the publisher has produced an element.
  ///
  /// - Parameter input: The published element.
  /// - Returns: The number of additional elements the subscriber expects to receive.
  func receive(_ input: Input) -> Subscribers.Demand

  /// Tells the subscriber that the publisher has completed publishing, either
  /// normally or with an error.
  ///
  /// - Parameter completion: A ``Subscribers/Completion`` case indicating
  ///   whether publishing completed normally or with an error.
  func receive(completion: Subscribers.Completion<Failure>)
}

extension Subscriber where Input == Void {
  /// Tells the subscriber that a publisher of void elements is ready to receive further requests.
  ///
  /// Use `Void` inputs and outputs when you want to signal that an event has
  /// occurred, but don't need to send the event itself.
  /// - Returns: A ``Subscribers/Demand`` instance indicating how many more
  ///   elements the subscriber expects to receive.
  @inlinable
  public func receive() -> Subscribers.Demand {
    receive(())
  }
}

/// A namespace for the types that serve as subscribers, and for
/// ``Subscribers/Demand`` and ``Subscribers/Completion``.
public enum Subscribers {}
