public import ReactiveCore

extension Publisher {
  /// Attaches a sink whose subscription `bag` keeps until it completes.
  ///
  /// ```swift
  /// updates.sink(in: bag, receiveCompletion: { print($0) }, receiveValue: { print($0) })
  /// ```
  ///
  /// - Parameters:
  ///   - bag: The bag that keeps the subscription; nothing is subscribed to if it is cancelled.
  ///   - receiveCompletion: The closure to run with the completion.
  ///   - receiveValue: The closure to run with each value.
  /// - Returns: The cancellable the bag keeps: cancelling it ends the
  ///   subscription and takes it out of the bag; discarding it changes nothing.
  @discardableResult
  public func sink(
    in bag: CancelBag,
    receiveCompletion: @escaping @Sendable (Subscribers.Completion<Failure>) -> Void,
    receiveValue: @escaping @Sendable (Output) -> Void
  ) -> AnyCancellable {
    bag.insert { onEnd in
      sink(
        receiveCompletion: { completion in
          receiveCompletion(completion)
          onEnd()
        },
        receiveValue: receiveValue
      )
    }
  }
}

extension Publisher where Failure == Never {
  /// Attaches a sink whose subscription `bag` keeps until it completes.
  ///
  /// - Parameters:
  ///   - bag: The bag that keeps the subscription; nothing is subscribed to if it is cancelled.
  ///   - receiveValue: The closure to run with each value.
  /// - Returns: The cancellable the bag keeps: cancelling it ends the
  ///   subscription and takes it out of the bag; discarding it changes nothing.
  @discardableResult
  public func sink(in bag: CancelBag, receiveValue: @escaping @Sendable (Output) -> Void) -> AnyCancellable {
    sink(in: bag, receiveCompletion: { _ in }, receiveValue: receiveValue)
  }
}
