extension Result {
  /// A publisher that publishes an output to each subscriber exactly once
  /// then finishes, or fails immediately without producing any elements.
  ///
  /// If the result is a success, then this publisher waits until it receives
  /// a request for at least one value, then sends the output to all
  /// subscribers and finishes normally. If the result is a failure, then the
  /// publisher sends the failure immediately upon subscription.
  ///
  /// ```text
  /// (o|)    success, on the first demand
  /// x       failure, at subscription
  /// ```
  public struct Publisher: ReactiveCore.Publisher {
    public typealias Output = Success

    /// The result to deliver to each subscriber.
    public let result: Result<Success, Failure>

    /// Creates a publisher that delivers the specified result.
    ///
    /// - Parameter result: The result to deliver to each subscriber.
    @inlinable
    public init(_ result: Result<Output, Failure>) {
      self.result = result
    }

    /// Creates a publisher that sends the specified output to all subscribers and finishes normally.
    ///
    /// - Parameter output: The output to deliver to each subscriber.
    @inlinable
    public init(_ output: Output) {
      self.init(.success(output))
    }

    /// Creates a publisher that immediately terminates upon subscription with the given failure.
    ///
    /// - Parameter failure: The failure to send when terminating.
    @inlinable
    public init(_ failure: Failure) {
      self.init(.failure(failure))
    }

    @inlinable
    public func receive<S: Subscriber>(subscriber: S) where Success == S.Input, Failure == S.Failure {
      switch result {
      case let .success(output):
        subscriber.receive(subscription: SingleValueSubscription(subscriber, value: output, name: "Once"))
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
