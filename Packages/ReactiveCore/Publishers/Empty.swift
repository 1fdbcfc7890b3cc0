/// A publisher without values: it either finishes as soon as it is
/// subscribed to, or stays silent forever.
///
/// `Empty(completeImmediately: false)` is the silent kind: no value and no
/// completion, until the subscriber cancels.
///
/// ```text
/// |           completeImmediately: true (the default)
/// --------    completeImmediately: false
/// ```
public struct Empty<Output, Failure: Error>: Publisher, Equatable, Sendable {
  /// `true`: each subscriber gets `.finished` right after its subscription.
  /// `false`: it gets nothing more at all.
  public let completeImmediately: Bool

  /// Creates a publisher without values.
  ///
  /// - Parameter completeImmediately: Whether subscribers get `.finished` at
  ///   once (`true`) or never hear anything (`false`).
  @_alwaysEmitIntoClient
  public init(completeImmediately: Bool = true) {
    self.completeImmediately = completeImmediately
  }

  /// Creates a publisher without values, naming its `Output` and `Failure`
  /// types where inference cannot find them.
  ///
  /// - Parameters:
  ///   - completeImmediately: Whether subscribers get `.finished` at once
  ///     (`true`) or never hear anything (`false`).
  ///   - outputType: The `Output` type to declare.
  ///   - failureType: The `Failure` type to declare.
  @_alwaysEmitIntoClient
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
