/// Fails every subscriber with ``error`` right after its subscription,
/// without waiting for demand and without any value.
///
/// ```text
/// x
/// ```
public struct Fail<Output, Failure: Error>: Publisher {
  /// The error every subscriber receives.
  public let error: Failure

  /// Creates a publisher that fails each subscriber with `error`.
  ///
  /// - Parameter error: The error every subscriber receives.
  @_alwaysEmitIntoClient
  public init(error: Failure) {
    self.error = error
  }

  /// Creates a publisher that fails each subscriber with `failure`, naming
  /// its `Output` type where inference cannot find it.
  ///
  /// - Parameters:
  ///   - outputType: The `Output` type to declare.
  ///   - failure: The error every subscriber receives.
  @_alwaysEmitIntoClient
  public init(outputType: Output.Type, failure: Failure) {
    self.error = failure
  }

  @inlinable
  public func receive<S: Subscriber>(subscriber: S) where Output == S.Input, Failure == S.Failure {
    subscriber.receive(subscription: Subscriptions.empty)
    subscriber.receive(completion: .failure(error))
  }
}

extension Fail: Equatable where Failure: Equatable {}

extension Fail: Sendable where Failure: Sendable {}
