extension Result {
  /// Replays a `Result` to each subscriber: its value then `.finished`, or
  /// its error.
  ///
  /// A success waits for the subscriber's first demand before the value and
  /// the finish go out. A failure does not wait: the error follows the
  /// subscription at once.
  ///
  /// ```text
  /// (o|)    success, on the first demand
  /// x       failure, at subscription
  /// ```
  public struct Publisher: ReactiveCore.Publisher {
    public typealias Output = Success

    /// What each subscriber receives: a value, or an error.
    public let result: Result<Success, Failure>

    /// Creates a publisher that replays `result`.
    ///
    /// - Parameter result: What each subscriber receives: a value, or an error.
    @_alwaysEmitIntoClient
    public init(_ result: Result<Output, Failure>) {
      self.result = result
    }

    /// Creates a publisher that replays the success `output`.
    ///
    /// - Parameter output: The value each subscriber receives before `.finished`.
    @_alwaysEmitIntoClient
    public init(_ output: Output) {
      self.init(.success(output))
    }

    /// Creates a publisher that replays the failure `failure`.
    ///
    /// - Parameter failure: The error each subscriber receives right after its subscription.
    @_alwaysEmitIntoClient
    public init(_ failure: Failure) {
      self.init(.failure(failure))
    }

    @inlinable
    public func receive<S: Subscriber>(subscriber: S) where Success == S.Input, Failure == S.Failure {
      switch result {
      case let .success(output):
        subscriber.receive(
          subscription: SingleValueSubscription<S, SingleValueState<S>>(subscriber, value: output, name: "Once")
        )
      case let .failure(error):
        subscriber.receive(subscription: Subscriptions.empty)
        subscriber.receive(completion: .failure(error))
      }
    }
  }

  /// A publisher that publishes this result: its value then `.finished`, or its failure.
  @inlinable
  public var publisher: Publisher {
    Publisher(self)
  }
}

extension Result.Publisher: Equatable where Success: Equatable, Failure: Equatable {}

extension Result.Publisher: Sendable where Success: Sendable, Failure: Sendable {}
