public import ReactiveCore

extension Publisher {
  /// Declares, without any check, that this publisher honors the maybe
  /// contract: no value, or one value, or a failure.
  ///
  /// Use it only when you know it is true; the behavior of a maybe publisher
  /// that breaks the contract is undefined. It costs nothing at run time.
  ///
  /// ```swift
  /// (1...3).publisher.prefix(1).uncheckedMaybe()  // true: prefix(1) keeps at most one
  /// (1...3).publisher.uncheckedMaybe()            // false promise: three values
  /// ```
  @inlinable
  public func uncheckedMaybe() -> Publishers.UncheckedMaybe<Self> {
    Publishers.UncheckedMaybe(upstream: self)
  }
}

// Where the context asks for the erased type (a return value, an array of
// erased publishers), as the original CombineTraits returned it; without
// such a context the zero-cost struct above wins.
extension Publisher {
  /// Declares, without any check, that this publisher honors the maybe
  /// contract, and erases it, where the context asks for an
  /// `AnyMaybePublisher`:
  ///
  /// ```swift
  /// let publishers: [AnyMaybePublisher<Int, Never>] = [a.uncheckedMaybe(), b.uncheckedMaybe()]
  /// ```
  @_disfavoredOverload
  public func uncheckedMaybe() -> AnyMaybePublisher<Output, Failure> {
    AnyMaybePublisher(unchecked: eraseToAnyPublisher())
  }
}

extension MaybePublisher {
  /// A maybe publisher needs no conversion: this returns it unchanged.
  @available(*, deprecated, message: "This publisher is already a MaybePublisher: uncheckedMaybe() is useless")
  @inlinable
  public func uncheckedMaybe() -> Self {
    self
  }
}

extension Publishers {
  /// A maybe publisher that forwards its upstream unchanged, trusting it to
  /// honor the contract. See ``ReactiveCore/Publisher/uncheckedMaybe()->Publishers.UncheckedMaybe<Self>``.
  public struct UncheckedMaybe<Upstream: Publisher>: MaybePublisher {
    public typealias Output = Upstream.Output
    public typealias Failure = Upstream.Failure

    /// The publisher trusted to publish at most one value.
    public let upstream: Upstream

    @inlinable
    public init(upstream: Upstream) {
      self.upstream = upstream
    }

    @inlinable
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
      upstream.receive(subscriber: subscriber)
    }
  }
}
