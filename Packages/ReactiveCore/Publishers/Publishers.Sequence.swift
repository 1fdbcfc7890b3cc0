extension Publishers {
  /// A publisher that publishes a given sequence of elements.
  ///
  /// When the publisher exhausts the elements in the sequence, the next
  /// request causes the publisher to finish. It publishes no more elements
  /// than demanded, and stops when cancelled, even from inside `receive`.
  ///
  /// ```text
  /// (abc|)    [a, b, c].publisher, unlimited demand
  /// ```
  public struct Sequence<Elements: Swift.Sequence, Failure: Error>: Publisher {
    public typealias Output = Elements.Element

    /// The sequence of elements to publish.
    public let sequence: Elements

    /// Creates a publisher for a sequence of elements.
    ///
    /// - Parameter sequence: The sequence of elements to publish.
    @inlinable
    public init(sequence: Elements) {
      self.sequence = sequence
    }

    @inlinable
    public func receive<S: Subscriber>(subscriber: S) where Failure == S.Failure, Elements.Element == S.Input {
      var elements = sequence.makeIterator()
      if let first = elements.next() {
        subscriber.receive(
          subscription: SequenceSubscription(
            subscriber,
            elements: elements,
            first: first,
            completion: .finished,
            name: "Sequence"
          )
        )
      } else {
        subscriber.receive(subscription: Subscriptions.empty)
        subscriber.receive(completion: .finished)
      }
    }
  }
}

extension Publishers.Sequence: Equatable where Elements: Equatable {}

extension Publishers.Sequence: Sendable where Elements: Sendable {}

extension Sequence {
  /// A publisher that publishes the elements of this sequence, then finishes.
  @inlinable
  public var publisher: Publishers.Sequence<Self, Never> {
    Publishers.Sequence(sequence: self)
  }
}
