/// The receiving end of a publisher: it is handed a subscription, asks for
/// values through it, and is told of each value and of the end.
///
/// A subscriber receives exactly one subscription, then at most as many values
/// as it requested, then at most one completion. The demand returned from
/// ``receive(_:)`` is *added* to the demand already outstanding: return
/// `.none` to ask for nothing more.
public protocol Subscriber<Input, Failure>: CustomCombineIdentifierConvertible {
  /// The type of the values this subscriber accepts.
  associatedtype Input

  /// The type of the failure this subscriber accepts; `Never` for a stream that cannot fail.
  associatedtype Failure: Error

  /// Hands the subscriber its subscription, before any other event.
  ///
  /// Nothing is published until the subscriber asks for it with
  /// ``Subscription/request(_:)``, here or later.
  /// A subscriber that already holds a subscription must cancel a second one.
  func receive(subscription: any Subscription)

  /// Delivers one value, which consumes one unit of the subscriber's demand.
  ///
  /// - Returns: How many more values the subscriber wants, on top of what it
  ///   has already asked for; `.none` to ask for nothing more.
  func receive(_ input: Input) -> Subscribers.Demand

  /// Ends the stream: `.finished`, or `.failure` with the error. Nothing is
  /// delivered after it.
  ///
  /// - Parameter completion: How the stream ended.
  func receive(completion: Subscribers.Completion<Failure>)
}

extension Subscriber where Input == Void {
  /// Delivers one `()` value: a shorthand for `receive(())`, for streams
  /// whose values only say that something happened.
  ///
  /// - Returns: How many more values the subscriber wants.
  @inlinable
  public func receive() -> Subscribers.Demand {
    receive(())
  }
}

/// A namespace for the types that serve as subscribers, and for
/// ``Subscribers/Demand`` and ``Subscribers/Completion``.
public enum Subscribers {}
