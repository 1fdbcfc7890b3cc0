extension Publisher {
  /// Drops the first `count` elements, then republishes all the rest.
  ///
  /// As in Combine, the operator asks the upstream for the elements it drops
  /// as soon as it subscribes, on top of the downstream's demand.
  ///
  /// ```text
  /// upstream  -a-b-c-d-|
  /// result    -----c-d-|      count: 2
  /// ```
  ///
  /// - Parameter count: The number of elements to drop; must not be negative.
  /// - Returns: A publisher that skips the first `count` elements.
  @inlinable
  public func dropFirst(_ count: Int = 1) -> Publishers.Drop<Self> {
    Publishers.Drop(upstream: self, count: count)
  }
}

extension Publishers {
  /// The publisher returned by ``Publisher/dropFirst(_:)``: the upstream
  /// minus its first ``count`` values.
  public struct Drop<Upstream: Publisher>: Publisher {
    public typealias Output = Upstream.Output
    public typealias Failure = Upstream.Failure

    /// The publisher this operator subscribes to.
    public let upstream: Upstream

    /// The number of elements to drop.
    public let count: Int

    /// Creates a publisher that drops the first `count` elements of `upstream`.
    ///
    /// - Parameters:
    ///   - upstream: The publisher this operator subscribes to.
    ///   - count: The number of elements to drop.
    @inlinable
    public init(upstream: Upstream, count: Int) {
      self.upstream = upstream
      self.count = count
    }

    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
      let inner = DropInner(subscriber, count: count)
      subscriber.receive(subscription: inner)
      upstream.subscribe(inner)
    }
  }
}

extension Publishers.Drop: Equatable where Upstream: Equatable {}

/// The subscription of `dropFirst(_:)`. The downstream gets it before the
/// upstream is subscribed, so demand may arrive first and wait.
///
/// States:
/// - `awaitingUpstream(downstream, pendingDemand, toDrop)`: demand requested so far waits;
/// - `subscribed(upstream, downstream, toDrop)`: values are dropped while `toDrop > 0`;
/// - `terminal`: completed or cancelled; holds nothing.
private final class DropInner<Downstream: Subscriber>: Subscriber, Subscription, CustomStringConvertible {
  typealias Input = Downstream.Input
  typealias Failure = Downstream.Failure

  private enum State {
    case awaitingUpstream(Downstream, pendingDemand: Subscribers.Demand, toDrop: Int)
    case subscribed(any Subscription, Downstream, toDrop: Int)
    case terminal
  }

  private let state: Lock<State>

  var description: String { "Drop" }

  init(_ downstream: Downstream, count: Int) {
    state = Lock(.awaitingUpstream(downstream, pendingDemand: .none, toDrop: count))
  }

  func receive(subscription: any Subscription) {
    let request = state.withLock { state -> Subscribers.Demand? in
      switch state {
      case let .awaitingUpstream(downstream, pendingDemand, toDrop):
        precondition(toDrop >= 0, "API violation: dropFirst count must not be negative, got \(toDrop)")
        state = .subscribed(subscription, downstream, toDrop: toDrop)
        return pendingDemand + toDrop
      case .subscribed, .terminal:
        return nil
      }
    }
    guard let request else {
      subscription.cancel()  // a second subscription, or one after cancel
      return
    }
    if request > 0 {
      subscription.request(request)
    }
  }

  func receive(_ input: Input) -> Subscribers.Demand {
    let downstream = state.withLock { state -> Downstream? in
      switch state {
      case let .subscribed(upstream, downstream, toDrop) where toDrop > 0:
        state = .subscribed(upstream, downstream, toDrop: toDrop - 1)
        return nil  // dropped: it used demand asked for it at subscription
      case let .subscribed(_, downstream, _):
        return downstream
      // Before the upstream's subscription, the upstream breaks the contract; the
      // downstream already has its subscription, and Combine counts the value as usual.
      case let .awaitingUpstream(downstream, pendingDemand, toDrop) where toDrop > 0:
        state = .awaitingUpstream(downstream, pendingDemand: pendingDemand, toDrop: toDrop - 1)
        return nil
      case let .awaitingUpstream(downstream, _, _):
        return downstream
      case .terminal:
        return nil  // after the end: ignored
      }
    }
    return downstream?.receive(input) ?? .none
  }

  func receive(completion: Subscribers.Completion<Failure>) {
    let replaced = state.exchange(.terminal)
    switch replaced {
    case let .subscribed(_, downstream, _), let .awaitingUpstream(downstream, _, _):
      // Before the upstream's subscription, the upstream breaks the contract; the
      // downstream already has its subscription, and Combine passes the completion on.
      downstream.receive(completion: completion)
    case .terminal:
      break  // after the end: ignored
    }
  }

  func request(_ demand: Subscribers.Demand) {
    APIViolation.checkDemand(demand > 0)
    let upstream = state.withLock { state -> (any Subscription)? in
      switch state {
      case let .awaitingUpstream(downstream, pendingDemand, toDrop):
        state = .awaitingUpstream(downstream, pendingDemand: pendingDemand + demand, toDrop: toDrop)
        return nil
      case let .subscribed(upstream, _, _):
        return upstream
      case .terminal:
        return nil
      }
    }
    upstream?.request(demand)
  }

  func cancel() {
    let replaced = state.exchange(.terminal)
    if case let .subscribed(upstream, _, _) = replaced {
      upstream.cancel()
    }
    // The downstream is released here, after the lock.
  }
}

extension DropInner: CombineReflectable {
  /// Shows no children, as Combine's `dropFirst`.
  var customMirror: Mirror { Mirror(childless: self) }
}
