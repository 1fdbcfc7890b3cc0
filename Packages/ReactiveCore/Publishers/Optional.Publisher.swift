extension Optional {
  /// A publisher that publishes an optional value to each subscriber exactly
  /// once, if the optional has a value.
  ///
  /// If the optional has a value, the publisher waits for demand, sends the
  /// value, then finishes; if it is `nil`, the publisher finishes at once.
  ///
  /// ```text
  /// (o|)    some, on the first demand
  /// |       nil, at subscription
  /// ```
  public struct Publisher: ReactiveCore.Publisher {
    public typealias Output = Wrapped
    public typealias Failure = Never

    /// The result to deliver to each subscriber.
    public let output: Wrapped?

    /// Creates a publisher to emit the value of the optional, or to finish
    /// immediately if the optional doesn't have a value.
    ///
    /// - Parameter output: The result to deliver to each subscriber.
    @inlinable
    public init(_ output: Output?) {
      self.output = output
    }

    @inlinable
    public func receive<S: Subscriber>(subscriber: S) where Wrapped == S.Input, S.Failure == Never {
      if let output {
        subscriber.receive(subscription: SingleValueSubscription(subscriber, value: output, name: "Optional"))
      } else {
        subscriber.receive(subscription: Subscriptions.empty)
        subscriber.receive(completion: .finished)
      }
    }
  }

  /// A publisher that publishes the wrapped value, if any, then finishes.
  @inlinable
  public var publisher: Publisher {
    Publisher(self)
  }
}

extension Optional.Publisher: Equatable where Wrapped: Equatable {}

extension Optional.Publisher: Sendable where Wrapped: Sendable {}
