extension Publisher {
  /// Converts any failure from the upstream publisher into a new error.
  ///
  /// Values and demand pass through unchanged.
  ///
  /// ```text
  /// upstream  -a-b-x
  /// result    -a-b-y      y = transform(x)
  /// ```
  ///
  /// - Parameter transform: A closure that takes the upstream failure as a
  ///   parameter and returns a new error for the publisher to terminate with.
  /// - Returns: A publisher that replaces any upstream failure with a new
  ///   error produced by the `transform` closure.
  @inlinable
  public func mapError<E: Error>(_ transform: @escaping (Failure) -> E) -> Publishers.MapError<Self, E> {
    Publishers.MapError(upstream: self, transform)
  }
}

extension Publishers {
  /// A publisher that converts any failure from the upstream publisher into a new error.
  public struct MapError<Upstream: Publisher, Failure: Error>: Publisher {
    public typealias Output = Upstream.Output

    /// The publisher from which this publisher receives elements.
    public let upstream: Upstream

    /// The closure that converts the upstream failure into a new error.
    public let transform: (Upstream.Failure) -> Failure

    /// Creates a publisher that converts the upstream's failure with `transform`.
    ///
    /// - Parameters:
    ///   - upstream: The publisher from which this publisher receives elements.
    ///   - transform: The closure that converts the upstream failure into a new error.
    @inlinable
    public init(upstream: Upstream, transform: @escaping (Upstream.Failure) -> Failure) {
      self.upstream = upstream
      self.transform = transform
    }

    /// Creates a publisher that converts the upstream's failure with `map`.
    ///
    /// - Parameters:
    ///   - upstream: The publisher from which this publisher receives elements.
    ///   - map: The closure that converts the upstream failure into a new error.
    @inlinable
    public init(upstream: Upstream, _ map: @escaping (Upstream.Failure) -> Failure) {
      self.upstream = upstream
      self.transform = map
    }

    @inlinable
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
      upstream.subscribe(Inner(downstream: subscriber, transform: transform))
    }
  }
}

extension Publishers.MapError {
  /// Stands between upstream and downstream without a subscription of its
  /// own: the downstream receives the upstream's subscription as is.
  @usableFromInline
  struct Inner<Downstream: Subscriber>: Subscriber, CustomStringConvertible
  where Downstream.Input == Upstream.Output, Downstream.Failure == Failure {
    @usableFromInline
    typealias Input = Upstream.Output

    @usableFromInline
    let downstream: Downstream

    @usableFromInline
    let transform: (Upstream.Failure) -> Failure

    @usableFromInline
    let combineIdentifier: CombineIdentifier

    @usableFromInline
    var description: String { "MapError" }

    @inlinable
    init(downstream: Downstream, transform: @escaping (Upstream.Failure) -> Failure) {
      self.downstream = downstream
      self.transform = transform
      combineIdentifier = CombineIdentifier()
    }

    @inlinable
    func receive(subscription: any Subscription) {
      downstream.receive(subscription: subscription)
    }

    @inlinable
    func receive(_ input: Upstream.Output) -> Subscribers.Demand {
      downstream.receive(input)
    }

    @inlinable
    func receive(completion: Subscribers.Completion<Upstream.Failure>) {
      switch completion {
      case .finished:
        downstream.receive(completion: .finished)
      case let .failure(error):
        downstream.receive(completion: .failure(transform(error)))
      }
    }
  }
}
