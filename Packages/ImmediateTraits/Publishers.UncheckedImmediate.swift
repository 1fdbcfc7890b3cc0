public import ReactiveCore

extension Publisher {
  /// Declares this publisher immediate, without any check.
  ///
  /// Use it only when you know that the upstream publishes a value, or
  /// fails, synchronously, as soon as a value is demanded. What happens
  /// when it does not is undefined; ``assertImmediate(_:file:line:)`` checks
  /// the same promise at run time.
  ///
  /// ```swift
  /// let current = CurrentValueSubject<Int, Never>(0)
  /// let publisher = current.uncheckedImmediate()  // a current value is always there
  /// ```
  ///
  /// - Returns: An immediate publisher that republishes every event of this
  ///   publisher, at no cost.
  @inlinable
  public func uncheckedImmediate() -> Publishers.UncheckedImmediate<Self> {
    Publishers.UncheckedImmediate(upstream: self)
  }
}

// Where the context asks for the erased type (a return value, an array of
// erased publishers), as the original CombineTraits returned it; without
// such a context the zero-cost struct above wins.
extension Publisher {
  /// Declares, without any check, that this publisher honors the immediate
  /// contract, and erases it, where the context asks for an
  /// `AnyImmediatePublisher`:
  ///
  /// ```swift
  /// let publishers: [AnyImmediatePublisher<Int, Never>] = [a.uncheckedImmediate(), b.uncheckedImmediate()]
  /// ```
  @_disfavoredOverload
  public func uncheckedImmediate() -> AnyImmediatePublisher<Output, Failure> {
    AnyImmediatePublisher(unchecked: eraseToAnyPublisher())
  }
}

extension ImmediatePublisher {
  /// Returns this publisher: it is already immediate.
  @available(*, deprecated, message: "This publisher is already an ImmediatePublisher: uncheckedImmediate() is useless")
  @inlinable
  public func uncheckedImmediate() -> Self { self }
}

extension Publishers {
  /// An immediate publisher that republishes its upstream unchanged, on the
  /// caller's word that the upstream is immediate.
  ///
  /// It adds no subscription of its own: subscribing to it subscribes to the
  /// upstream.
  public struct UncheckedImmediate<Upstream: Publisher>: ImmediatePublisher {
    public typealias Output = Upstream.Output

    public typealias Failure = Upstream.Failure

    /// The publisher this operator subscribes to.
    public let upstream: Upstream

    /// Creates an immediate publisher that republishes `upstream` unchanged.
    ///
    /// - Parameter upstream: A publisher known to be immediate.
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
