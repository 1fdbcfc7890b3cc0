public import ReactiveCore

extension Publisher {
  /// Declares, without any check, that this publisher honors the single
  /// contract: exactly one value, or a failure.
  ///
  /// Use it only when you know it is true; the behavior of a single publisher
  /// that breaks the contract is undefined. It costs nothing at run time.
  ///
  /// ```swift
  /// Just(7).uncheckedSingle()                      // true: Just always has its value
  /// Empty<Int, Never>().uncheckedSingle()          // false promise: no value at all
  /// ```
  @inlinable
  public func uncheckedSingle() -> Publishers.UncheckedSingle<Self> {
    Publishers.UncheckedSingle(upstream: self)
  }
}

// Where the context asks for the erased type (a return value, an array of
// erased publishers), as the original CombineTraits returned it; without
// such a context the zero-cost struct above wins.
extension Publisher {
  /// Declares, without any check, that this publisher honors the single
  /// contract, and erases it, where the context asks for an
  /// `AnySinglePublisher`:
  ///
  /// ```swift
  /// let publishers: [AnySinglePublisher<Int, Never>] = [a.uncheckedSingle(), b.uncheckedSingle()]
  /// ```
  @_disfavoredOverload
  public func uncheckedSingle() -> AnySinglePublisher<Output, Failure> {
    AnySinglePublisher(unchecked: eraseToAnyPublisher())
  }
}

extension SinglePublisher {
  /// A single publisher needs no conversion: this returns it unchanged.
  @available(*, deprecated, message: "This publisher is already a SinglePublisher: uncheckedSingle() is useless")
  @inlinable
  public func uncheckedSingle() -> Self {
    self
  }
}

extension Publishers {
  /// A single publisher that forwards its upstream unchanged, trusting it to
  /// honor the contract. See ``ReactiveCore/Publisher/uncheckedSingle()->Publishers.UncheckedSingle<Self>``.
  public struct UncheckedSingle<Upstream: Publisher>: SinglePublisher {
    public typealias Output = Upstream.Output
    public typealias Failure = Upstream.Failure

    /// The wrapped publisher, taken at its word: one value, or a failure.
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
