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
  @inlinable
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
    @inlinable
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
/// States:
/// - `awaitingSubscription(downstream)`: created, no upstream yet;
/// - `collecting(upstream, downstream, buffer)`: the buffer holds fewer than `count` elements;
/// - `terminal`: completed or cancelled; holds nothing.
private final class CollectByCountInner<Downstream: Subscriber, Element>: Subscriber, Subscription,
  CustomStringConvertible
where Downstream.Input == [Element] {
  typealias Input = Element
  typealias Failure = Downstream.Failure

  private enum State {
    case awaitingSubscription(Downstream)
    case collecting(any Subscription, Downstream, [Element])
    case terminal
  }

  private let state: Lock<State>
  private let count: Int

  var description: String { "CollectByCount" }

  init(_ downstream: Downstream, count: Int) {
    state = Lock(.awaitingSubscription(downstream))
    self.count = count
  }

  func receive(subscription: any Subscription) {
    let downstream = state.withLock { state -> Downstream? in
      switch state {
      case let .awaitingSubscription(downstream):
        state = .collecting(subscription, downstream, [])
        return downstream
      case .collecting, .terminal:
        return nil
      }
    }
    guard let downstream else {
      subscription.cancel()
      return
    }
    downstream.receive(subscription: self)
  }

  func receive(_ input: Input) -> Subscribers.Demand {
    let full = state.withLock { state -> (downstream: Downstream, elements: [Element])? in
      guard case .collecting(let upstream, let downstream, var buffer) = state else {
        return nil  // before the subscription (a contract violation) or after the end: ignored
      }
      state = .terminal  // drops the state's reference to the buffer, so the append does not copy it
      buffer.append(input)
      guard buffer.count >= count else {
        state = .collecting(upstream, downstream, buffer)
        return nil
      }
      state = .collecting(upstream, downstream, [])
      return (downstream, buffer)
    }
    guard let full else { return .none }
    return full.downstream.receive(full.elements) * count
  }

  func receive(completion: Subscribers.Completion<Failure>) {
    let replaced = state.withLock { state -> State in
      switch state {
      case .collecting:
        defer { state = .terminal }
        return state
      case .awaitingSubscription, .terminal:
        // Before the subscription (a contract violation: ignored, the
        // subscription may still come) or after the end.
        return .terminal
      }
    }
    guard case let .collecting(_, downstream, buffer) = replaced else { return }
    if case .finished = completion, !buffer.isEmpty {
      _ = downstream.receive(buffer)
    }
    downstream.receive(completion: completion)
  }

  func request(_ demand: Subscribers.Demand) {
    APIViolation.checkDemand(demand > 0)
    let upstream = state.withLock { state -> (any Subscription)? in
      guard case let .collecting(upstream, _, _) = state else { return nil }
      return upstream
    }
    upstream?.request(demand * count)
  }

  func cancel() {
    let replaced = state.exchange(.terminal)
    if case let .collecting(upstream, _, _) = replaced {
      upstream.cancel()
    }
    // The downstream and the buffer are released here, after the lock.
  }
}

extension CollectByCountInner: CombineReflectable {
  /// Shows the downstream, the upstream subscription, the partial array and
  /// the count, as Combine's `collect(_:)`.
  var customMirror: Mirror {
    let (downstream, upstream, buffer) = state.withLock { state -> (Downstream?, (any Subscription)?, [Element]) in
      switch state {
      case let .awaitingSubscription(downstream): (downstream, nil, [])
      case let .collecting(upstream, downstream, buffer): (downstream, upstream, buffer)
      case .terminal: (nil, nil, [])
      }
    }
    return Mirror(
      self,
      children: [
        "downstream": downstream as Any, "upstreamSubscription": upstream as Any, "buffer": buffer, "count": count,
      ]
    )
  }
}
