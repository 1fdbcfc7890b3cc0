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
  @_alwaysEmitIntoClient
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
    @_alwaysEmitIntoClient
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
/// States (`Phase`), and what each keeps in the stored properties (the
/// others are nil):
/// - `awaitingUpstream`: `downstream`; demand requested so far waits in
///   `pendingDemand`;
/// - `subscribed`: `upstream`, `downstream`; values are dropped while
///   `toDrop > 0`;
/// - `terminal`: completed or cancelled; holds nothing.
///
/// The generic parts live in stored properties beside a payload-free phase
/// (see "Generic payloads cost code" in Docs/Internals.md), touched only
/// under `lock`; what a transition takes out leaves the lock in a tuple and
/// is released after it.
private final class DropInner<Downstream: Subscriber>: Subscriber, Subscription, CustomStringConvertible {
  typealias Input = Downstream.Input
  typealias Failure = Downstream.Failure

  private enum Phase: UInt8 {
    case awaitingUpstream, subscribed, terminal
  }

  /// What the subscription held when it ended, released after the lock.
  private typealias Ending = (downstream: Downstream?, upstream: (any Subscription)?)

  private let lock = StateLock()
  @exclusivity(unchecked) private var phase = Phase.awaitingUpstream
  @exclusivity(unchecked) private var upstream: (any Subscription)?
  @exclusivity(unchecked) private var downstream: Downstream?
  @exclusivity(unchecked) private var pendingDemand = Subscribers.Demand.none
  @exclusivity(unchecked) private var toDrop: Int

  var description: String { "Drop" }

  init(_ downstream: Downstream, count: Int) {
    self.downstream = downstream
    toDrop = count
  }

  /// Under the lock: the subscription is over; what it held leaves with the ending.
  private func takeEnding() -> Ending {
    phase = .terminal
    return (downstream.take(), upstream.take())
  }

  func receive(subscription: any Subscription) {
    let request: Subscribers.Demand? = lock.withLock {
      guard phase == .awaitingUpstream else { return nil }
      precondition(toDrop >= 0, "API violation: dropFirst count must not be negative, got \(toDrop)")
      phase = .subscribed
      upstream = subscription
      return pendingDemand + toDrop
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
    // Before the upstream's subscription, the upstream breaks the contract;
    // the downstream already has its subscription, and Combine counts the
    // value as usual. After the end: ignored.
    let downstream: Downstream? = lock.withLock {
      guard phase != .terminal else { return nil }
      guard toDrop <= 0 else {
        toDrop -= 1
        return nil  // dropped: it used demand asked for it at subscription
      }
      return self.downstream
    }
    return downstream?.receive(input) ?? .none
  }

  func receive(completion: Subscribers.Completion<Failure>) {
    // Before the upstream's subscription, the upstream breaks the contract;
    // the downstream already has its subscription, and Combine passes the
    // completion on. After the end: ignored.
    let ending: Ending = lock.withLock {
      guard phase != .terminal else { return (nil, nil) }
      return takeEnding()
    }
    ending.downstream?.receive(completion: completion)
  }

  func request(_ demand: Subscribers.Demand) {
    APIViolation.checkDemand(demand > 0)
    let upstream: (any Subscription)? = lock.withLock {
      switch phase {
      case .awaitingUpstream:
        pendingDemand += demand
        return nil
      case .subscribed:
        return self.upstream
      case .terminal:
        return nil
      }
    }
    upstream?.request(demand)
  }

  func cancel() {
    let ending: Ending = lock.withLock {
      guard phase != .terminal else { return (nil, nil) }
      return takeEnding()
    }
    ending.upstream?.cancel()
    // The downstream is released here, after the lock.
  }
}

extension DropInner: CombineReflectable {
  /// Shows no children, as Combine's `dropFirst`.
  var customMirror: Mirror { Mirror(childless: self) }
}
