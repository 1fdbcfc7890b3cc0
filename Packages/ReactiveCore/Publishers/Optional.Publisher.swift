extension Optional {
  /// Sends the wrapped value, if there is one, to each subscriber, then
  /// finishes.
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

    /// The value each subscriber receives, or `nil` for none.
    public let output: Wrapped?

    /// Creates a publisher of `output`'s wrapped value, or of nothing when it
    /// is `nil`.
    ///
    /// - Parameter output: The value each subscriber receives, or `nil` for none.
    @_alwaysEmitIntoClient
    public init(_ output: Output?) {
      self.output = output
    }

    @inlinable
    public func receive<S: Subscriber>(subscriber: S) where Wrapped == S.Input, S.Failure == Never {
      if let output {
        subscriber.receive(
          subscription: SingleValueSubscription<S, SingleValueState<S>>(subscriber, value: output, name: "Optional")
        )
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
