public import MaybeTraits

extension SinglePublisher {
  /// Attaches a subscriber that receives the publisher's one outcome, and
  /// whose subscription `bag` keeps until it completes.
  ///
  /// The closure behaves as with `sinkSingle(receive:)`.
  ///
  /// ```swift
  /// api.profile().sinkSingle(in: bag) { result in … }
  /// ```
  ///
  /// - Parameters:
  ///   - bag: The bag that keeps the subscription; nothing is subscribed to if it is cancelled.
  ///   - receive: The closure to run with the outcome.
  /// - Returns: The cancellable the bag keeps: cancelling it ends the
  ///   subscription and takes it out of the bag; discarding it changes nothing.
  @discardableResult
  public func sinkSingle(
    in bag: CancelBag,
    receive: @escaping @Sendable (Result<Output, Failure>) -> Void
  ) -> AnyCancellable {
    bag.insert { onEnd in
      sinkSingle { result in
        receive(result)
        onEnd()
      }
    }
  }
}
