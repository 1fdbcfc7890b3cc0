import MaybeTraits
public import ReactiveCore

extension CompletablePublisher {
  /// Attaches a subscriber that runs `receive` with the publisher's outcome
  /// on `actor`, isolated to it; it never runs after the returned
  /// cancellable is cancelled.
  ///
  /// - Parameters:
  ///   - actor: The actor the closure runs on.
  ///   - receive: The closure to run with the actor and the outcome.
  /// - Returns: A cancellable that ends the subscription when cancelled or deinitialized.
  public func sinkCompletable<A: Actor>(
    on actor: A,
    receive: @escaping @Sendable (isolated A, Result<Void, Failure>) -> Void
  ) -> AnyCancellable {
    IsolatedDeliveryGate.sink(on: actor, receive: receive) { sinkCompletable(receive: $0) }
  }

  /// Attaches a subscriber that runs `receive` with the publisher's outcome
  /// on the main actor; it never runs after the returned cancellable is
  /// cancelled.
  ///
  /// - Parameter receive: The closure to run with the outcome.
  /// - Returns: A cancellable that ends the subscription when cancelled or deinitialized.
  public func sinkCompletable(
    onMainActor receive: @escaping @MainActor @Sendable (Result<Void, Failure>) -> Void
  ) -> AnyCancellable {
    IsolatedDeliveryGate.sinkOnMainActor(receive: receive) { sinkCompletable(receive: $0) }
  }
}
