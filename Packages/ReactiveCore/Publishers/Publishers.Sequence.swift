extension Publishers {
  /// Walks a sequence for each subscriber, one value per unit of demand.
  ///
  /// It finishes as soon as the iterator runs dry, never sends more than was
  /// requested, and stops on cancel, including a cancel made from inside
  /// `receive`.
  ///
  /// ```text
  /// (abc|)    [a, b, c].publisher, unlimited demand
  /// ```
  public struct Sequence<Elements: Swift.Sequence, Failure: Error>: Publisher {
    public typealias Output = Elements.Element

    /// The values, in order; each subscriber iterates it afresh.
    public let sequence: Elements

    /// Creates a publisher of the values of `sequence`.
    ///
    /// - Parameter sequence: The values, in order; each subscriber iterates it afresh.
    @_alwaysEmitIntoClient
    public init(sequence: Elements) {
      self.sequence = sequence
    }

    @inlinable
    public func receive<S: Subscriber>(subscriber: S) where Failure == S.Failure, Elements.Element == S.Input {
      SequenceSubscription.start(subscriber, sequence: sequence, completion: .finished, kind: .sequence)
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
