/// A publisher that never publishes any values, and optionally finishes immediately.
///
/// You can create a ”Never” publisher — one which never sends values and
/// never finishes or fails — with the initializer `Empty(completeImmediately: false)`.
///
/// ```text
/// |           completeImmediately: true (the default)
/// --------    completeImmediately: false
/// ```
public struct Empty<Output, Failure: Error>: Publisher, Equatable, Sendable {
  /// A Boolean value that indicates whether the publisher immediately sends a
  /// completion when a subscriber attaches.
  public let completeImmediately: Bool

  /// Creates an empty publisher.
  ///
  /// - Parameter completeImmediately: A Boolean value that indicates whether
  ///   the publisher should immediately finish.
  @inlinable
  public init(completeImmediately: Bool = true) {
    self.completeImmediately = completeImmediately
  }

  /// Creates an empty publisher with the given completion behavior and output and failure types.
  ///
  /// Use this initializer to connect the empty publisher to subscribers or
  /// other publishers that have specific output and failure types.
  ///
  /// - Parameters:
  ///   - completeImmediately: A Boolean value that indicates whether the
  ///     publisher should immediately finish.
  ///   - outputType: The output type exposed by this publisher.
  ///   - failureType: The failure type exposed by this publisher.
  @inlinable
  public init(completeImmediately: Bool = true, outputType: Output.Type, failureType: Failure.Type) {
    self.completeImmediately = completeImmediately
  }

  @inlinable
  public func receive<S: Subscriber>(subscriber: S) where Output == S.Input, Failure == S.Failure {
    subscriber.receive(subscription: Subscriptions.empty)
    if completeImmediately {
      subscriber.receive(completion: .finished)
    }
  }
}
