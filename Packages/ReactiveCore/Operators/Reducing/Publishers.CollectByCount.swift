extension Publisher {
  /// Collects elements into arrays of `count` elements, and publishes each
  /// array when it is full; a partial array is published when the upstream finishes.
  ///
  /// Each demand of the downstream asks the upstream for `count` times as
  /// many elements. On failure, a partial array is dropped.
  ///
  /// ```text
  /// upstream  -a-b-c-d-e-|
  /// result    ---o---p---(q|)   count: 2; o = [a, b], p = [c, d], q = [e]
  /// ```
  ///
  /// - Parameter count: The number of elements in each array.
  /// - Returns: A publisher that publishes arrays of up to `count` elements.
  @_alwaysEmitIntoClient
  public func collect(_ count: Int) -> Publishers.CollectByCount<Self> {
    Publishers.CollectByCount(upstream: self, count: count)
  }
}

extension Publishers {
  /// A publisher that publishes the elements of a stream in arrays of a given size.
  public struct CollectByCount<Upstream: Publisher>: Publisher {
    public typealias Output = [Upstream.Output]
    public typealias Failure = Upstream.Failure

    /// The publisher this operator subscribes to.
    public let upstream: Upstream

    /// The number of elements in each array.
    public let count: Int

    /// Creates a publisher that collects the elements of `upstream` in arrays of `count` elements.
    ///
    /// - Parameters:
    ///   - upstream: The publisher this operator subscribes to.
    ///   - count: The number of elements in each array.
    @_alwaysEmitIntoClient
    public init(upstream: Upstream, count: Int) {
      self.upstream = upstream
      self.count = count
    }

    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
      upstream.subscribe(CollectByCountInner(subscriber, count: count))
    }
  }
}

extension Publishers.CollectByCount: Equatable where Upstream: Equatable {}

/// The subscription of `collect(_:)`.
///
/// States (`Phase`), and what each keeps in the stored properties (the
/// others are nil, the buffer empty):
/// - `awaitingSubscription`: `downstream`; created, no upstream yet;
/// - `collecting`: `upstream`, `downstream`, `buffer`; the buffer holds
///   fewer than `count` elements;
/// - `terminal`: completed or cancelled; holds nothing.
///
/// The generic parts live in stored properties beside a payload-free phase
/// (see "Generic payloads cost code" in Docs/Internals.md), touched only
/// under `lock`; what a transition takes out leaves the lock in a tuple and
/// is released after it.
private final class CollectByCountInner<Downstream: Subscriber, Element>: Subscriber, Subscription,
  CustomStringConvertible
where Downstream.Input == [Element] {
  typealias Input = Element
  typealias Failure = Downstream.Failure

  private enum Phase: UInt8 {
    case awaitingSubscription, collecting, terminal
  }

  /// What the subscription held when it ended, released after the lock.
  private typealias Ending = (downstream: Downstream?, upstream: (any Subscription)?, buffer: [Element])

  private let lock = StateLock()
  @exclusivity(unchecked) private var phase = Phase.awaitingSubscription
  @exclusivity(unchecked) private var upstream: (any Subscription)?
  @exclusivity(unchecked) private var downstream: Downstream?
  @exclusivity(unchecked) private var buffer: [Element] = []
  private let count: Int

  var description: String { "CollectByCount" }

  init(_ downstream: Downstream, count: Int) {
    self.downstream = downstream
    self.count = count
  }

  /// Under the lock: the subscription is over; what it held leaves with the ending.
  private func takeEnding() -> Ending {
    phase = .terminal
    var elements: [Element] = []
    swap(&elements, &buffer)
    return (downstream.take(), upstream.take(), elements)
  }

  func receive(subscription: any Subscription) {
    let downstream: Downstream? = lock.withLock {
      guard phase == .awaitingSubscription else { return nil }
      phase = .collecting
      upstream = subscription
      return self.downstream
    }
    guard let downstream else {
      subscription.cancel()
      return
    }
    downstream.receive(subscription: self)
  }

  func receive(_ input: Input) -> Subscribers.Demand {
    let full: (downstream: Downstream, elements: [Element])? = lock.withLock {
      // Before the subscription (a contract violation) or after the end: ignored.
      guard phase == .collecting, let downstream else { return nil }
      buffer.append(input)  // in place: the buffer has no other reference
      guard buffer.count >= count else { return nil }
      var elements: [Element] = []
      swap(&elements, &buffer)
      return (downstream, elements)
    }
    guard let full else { return .none }
    return full.downstream.receive(full.elements) * count
  }

  func receive(completion: Subscribers.Completion<Failure>) {
    // Before the subscription (a contract violation: ignored, the
    // subscription may still come) or after the end: nothing to do.
    let ending: Ending = lock.withLock {
      guard phase == .collecting else { return (nil, nil, []) }
      return takeEnding()
    }
    guard let downstream = ending.downstream else { return }
    if case .finished = completion, !ending.buffer.isEmpty {
      _ = downstream.receive(ending.buffer)
    }
    downstream.receive(completion: completion)
  }

  func request(_ demand: Subscribers.Demand) {
    APIViolation.checkDemand(demand > 0)
    let upstream: (any Subscription)? = lock.withLock { phase == .collecting ? self.upstream : nil }
    upstream?.request(demand * count)
  }

  func cancel() {
    let ending: Ending = lock.withLock {
      guard phase != .terminal else { return (nil, nil, []) }
      return takeEnding()
    }
    ending.upstream?.cancel()
    // The downstream and the buffer are released here, after the lock.
  }
}

extension CollectByCountInner: CombineReflectable {
  /// Shows the downstream, the upstream subscription, the partial array and
  /// the count, as Combine's `collect(_:)`.
  var customMirror: Mirror {
    let (downstream, upstream, buffer): (Downstream?, (any Subscription)?, [Element]) = lock.withLock {
      (self.downstream, self.upstream, self.buffer)
    }
    return Mirror(
      self,
      children: [
        "downstream": downstream as Any, "upstreamSubscription": upstream as Any, "buffer": buffer, "count": count,
      ]
    )
  }
}
