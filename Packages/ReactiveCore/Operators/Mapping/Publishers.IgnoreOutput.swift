extension Publisher {
  /// Drops every value and forwards only how the upstream ends: finished or
  /// failed.
  ///
  /// The publisher asks upstream for `.unlimited` as soon as it is
  /// subscribed, whatever its subscriber asks.
  ///
  /// ```text
  /// upstream  -a-b-|     -a-x
  /// result    -----|     ---x
  /// ```
  ///
  /// - Returns: A publisher that never publishes a value.
  @inlinable
  public func ignoreOutput() -> Publishers.IgnoreOutput<Self> {
    Publishers.IgnoreOutput(upstream: self)
  }
}

extension Publishers {
  /// The publisher returned by ``Publisher/ignoreOutput()``: no values, only
  /// the upstream's completion.
  public struct IgnoreOutput<Upstream: Publisher>: Publisher {
    public typealias Output = Never

    public typealias Failure = Upstream.Failure

    /// The publisher this operator subscribes to.
    public let upstream: Upstream

    /// Creates a publisher that ignores the elements of `upstream`.
    ///
    /// - Parameter upstream: The publisher this operator subscribes to.
    @inlinable
    public init(upstream: Upstream) {
      self.upstream = upstream
    }

    @inlinable
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Never, S.Failure == Upstream.Failure {
      upstream.subscribe(Inner(downstream: subscriber))
    }
  }
}

extension Publishers.IgnoreOutput {
  /// Stands between upstream and downstream without a subscription of its
  /// own: the downstream receives the upstream's subscription as is.
  @usableFromInline
  struct Inner<Downstream: Subscriber>: Subscriber, CustomStringConvertible
  where Downstream.Input == Never, Downstream.Failure == Upstream.Failure {
    @usableFromInline
    typealias Input = Upstream.Output

    @usableFromInline
    typealias Failure = Upstream.Failure

    @usableFromInline
    let downstream: Downstream

    @usableFromInline
    let combineIdentifier: CombineIdentifier

    @usableFromInline
    var description: String { "IgnoreOutput" }

    @inlinable
    init(downstream: Downstream) {
      self.downstream = downstream
      combineIdentifier = CombineIdentifier()
    }

    @inlinable
    func receive(subscription: any Subscription) {
      downstream.receive(subscription: subscription)
      // The downstream can ask for nothing that would ever come: drain the upstream.
      subscription.request(.unlimited)
    }

    @inlinable
    func receive(_ input: Upstream.Output) -> Subscribers.Demand {
      .none
    }

    @inlinable
    func receive(completion: Subscribers.Completion<Upstream.Failure>) {
      downstream.receive(completion: completion)
    }
  }
}

extension Publishers.IgnoreOutput: Equatable where Upstream: Equatable {}

extension Publishers.IgnoreOutput.Inner: CombineReflectable {
  /// Shows no children, as Combine's `ignoreOutput`.
  @usableFromInline
  var customMirror: Mirror { Mirror(childless: self) }
}
