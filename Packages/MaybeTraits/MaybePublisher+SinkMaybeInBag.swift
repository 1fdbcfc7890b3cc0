public import CancelBag
public import ReactiveCore

extension MaybePublisher {
  /// Attaches a subscriber that receives the publisher's one outcome, and
  /// whose subscription `bag` keeps until it completes.
  ///
  /// The closure behaves as with `sinkMaybe(receive:)`.
  ///
  /// - Parameters:
  ///   - bag: The bag that keeps the subscription; nothing is subscribed to if it is cancelled.
  ///   - receive: The closure to run with the outcome.
  /// - Returns: The cancellable the bag keeps: cancelling it ends the
  ///   subscription and takes it out of the bag; discarding it changes nothing.
  @discardableResult
  public func sinkMaybe(
    in bag: CancelBag,
    receive: @escaping @Sendable (MaybeResult<Output, Failure>) -> Void
  ) -> AnyCancellable {
    bag.insert { onEnd in
      sinkMaybe { result in
        receive(result)
        onEnd()
      }
    }
  }
}
