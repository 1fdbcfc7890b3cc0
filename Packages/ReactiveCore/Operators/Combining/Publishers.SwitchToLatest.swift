extension Publisher where Output: Publisher, Output.Failure == Failure {
  /// Republishes the values of the most recent publisher the upstream
  /// published, cancelling the previous one.
  ///
  /// The upstream is asked for `.unlimited`; the current inner publisher is
  /// asked for what downstream requested and no value has consumed yet.
  ///
  /// ```text
  /// upstream  -A----B-----|
  /// A          -1-2--3          (cancelled when B arrives)
  /// B               --4-|
  /// result    --1-2---4---|
  /// ```
  ///
  /// The result finishes when the upstream and the current inner publisher
  /// have finished; any failure cancels everything and fails the result.
  ///
  /// - Returns: A publisher that republishes the values of the latest inner publisher.
  @_alwaysEmitIntoClient
  public func switchToLatest() -> Publishers.SwitchToLatest<Output, Self> {
    Publishers.SwitchToLatest(upstream: self)
  }
}

extension Publisher where Failure == Never, Output: Publisher, Output.Failure == Never {
  /// Republishes the values of the most recent publisher the upstream
  /// published, cancelling the previous one.
  ///
  /// The rules are those of the general `switchToLatest()`.
  ///
  /// - Returns: A publisher that republishes the values of the latest inner publisher.
  @_alwaysEmitIntoClient
  public func switchToLatest() -> Publishers.SwitchToLatest<Output, Self> {
    Publishers.SwitchToLatest(upstream: self)
  }
}

extension Publisher where Failure == Never, Output: Publisher {
  /// Republishes the values of the most recent publisher the upstream
  /// published; this upstream, which cannot fail, takes their failure type.
  ///
  /// - Returns: A publisher that republishes the values of the latest inner publisher.
  @_alwaysEmitIntoClient
  public func switchToLatest() -> Publishers.SwitchToLatest<Output, Publishers.SetFailureType<Self, Output.Failure>> {
    Publishers.SwitchToLatest(upstream: Publishers.SetFailureType(upstream: self))
  }
}

extension Publisher where Output: Publisher, Output.Failure == Never {
  /// Republishes the values of the most recent publisher the upstream
  /// published, which cannot fail, with this publisher's failure type.
  ///
  /// - Returns: A publisher that republishes the values of the latest inner publisher.
  @_alwaysEmitIntoClient
  public func switchToLatest()
    -> Publishers.SwitchToLatest<
      Publishers.SetFailureType<Output, Failure>,
      Publishers.Map<Self, Publishers.SetFailureType<Output, Failure>>
    >
  {
    Publishers.SwitchToLatest(
      upstream: Publishers.Map(upstream: self) { Publishers.SetFailureType(upstream: $0) }
    )
  }
}

extension Publishers {
  /// A publisher that flattens nested publishers, republishing only the
  /// values of the most recent one.
  public struct SwitchToLatest<P: Publisher, Upstream: Publisher>: Publisher
  where P == Upstream.Output, P.Failure == Upstream.Failure {
    public typealias Output = P.Output
    public typealias Failure = P.Failure

    /// The publisher this operator subscribes to.
    public let upstream: Upstream

    /// Creates a publisher that follows only the newest inner publisher.
    ///
    /// - Parameter upstream: The publisher this operator subscribes to.
    @_alwaysEmitIntoClient
    public init(upstream: Upstream) {
      self.upstream = upstream
    }

    // Inlinable, with its subscription: compiled where the types are known,
    // a new inner publisher, its subscription and its end run specialised
    // (unspecialised, each asked the runtime for the metadata of the state
    // it locks; see Docs/Internals.md).
    @inlinable
    public func receive<S: Subscriber>(subscriber: S) where P.Output == S.Input, Upstream.Failure == S.Failure {
      let inner = SwitchToLatestInner<S, P>(subscriber)
      subscriber.receive(subscription: inner)
      upstream.subscribe(inner)
    }
  }
}

/// The subscription of `SwitchToLatest`: its decisions are
/// `SwitchToLatestStateMachine`'s, taken under `state`'s lock; the actions
/// they return (requests, cancels, subscribing to a new child, deliveries)
/// are performed here, after it.
@usableFromInline
final class SwitchToLatestInner<Downstream: Subscriber, Child: Publisher>: Subscriber, Subscription,
  CustomStringConvertible
where Child.Output == Downstream.Input, Child.Failure == Downstream.Failure {
  @usableFromInline
  typealias Input = Child
  @usableFromInline
  typealias Failure = Child.Failure
  @usableFromInline
  typealias Machine = SwitchToLatestStateMachine<Downstream, Child>

  @usableFromInline
  let state: Lock<Machine>

  @usableFromInline
  var description: String { "SwitchToLatest" }

  @inlinable
  init(_ downstream: Downstream) {
    state = Lock(Machine(downstream: downstream))
  }

  /// Performs what the machine decided, after the lock. `child` is the
  /// inner publisher a `.switchTo` subscribes to. What the action holds only
  /// to release it is released when it is, at the end.
  @inlinable
  func perform(_ action: consuming Machine.Action, child: Child? = nil) {
    switch action {
    case .none:
      break
    case let .switchTo(generation, previous):
      previous?.cancel()
      child?.subscribe(SwitchToLatestChild(inner: self, generation: generation))
    case let .request(subscription, demand, drain):
      subscription?.request(demand)
      if drain { state.drain(delivered: forward) }
    case .drain:
      state.drain(delivered: forward)
    case let .end(cancelling, drain, _):
      for subscription in cancelling { subscription.cancel() }
      if drain { state.drain(delivered: forward) }
    }
  }

  /// Performs what the machine decided for a subscription that just arrived.
  @inlinable
  func admit(_ subscription: any Subscription, _ admission: Machine.Admission) {
    switch admission {
    case .refuse: subscription.cancel()
    case let .request(demand): subscription.request(demand)
    case .keep: break
    }
  }

  // MARK: Upstream

  @inlinable
  func receive(subscription: any Subscription) {
    admit(subscription, state.withLock { $0.receive(subscription: subscription) })
  }

  @inlinable
  func receive(_ input: Child) -> Subscribers.Demand {
    perform(state.withLock { $0.receiveChild() }, child: input)
    return .none
  }

  @inlinable
  func receive(completion: Subscribers.Completion<Failure>) {
    switch completion {
    case .finished:
      perform(state.withLock { $0.upstreamFinished() })
    case let .failure(error):
      perform(state.withLock { $0.fail(error, fromChild: nil) })
    }
  }

  // MARK: Children

  @inlinable
  func receiveChild(subscription: any Subscription, generation: Int) {
    admit(subscription, state.withLock { $0.childReceived(subscription: subscription, generation: generation) })
  }

  /// A value of a child. As in Combine, the demand downstream returns for
  /// it is returned to that child rather than requested from it; a value
  /// that finds no demand waits in the outlet, so downstream never gets
  /// more than it asked for, even from a child that ignores demand.
  @inlinable
  func receiveChild(_ input: Child.Output, generation: Int) -> Subscribers.Demand {
    guard state.withLock({ $0.childValue(input, generation: generation) }) else { return .none }
    return state.drain { tag, additional in
      guard additional > 0 else { return .none }
      switch state.withLock({ $0.route(valueOf: tag, sender: generation) }) {
      case .toSender:
        return additional
      case let .request(current):
        current?.request(additional)
        return .none
      }
    }
  }

  @inlinable
  func receiveChild(completion: Subscribers.Completion<Failure>, generation: Int) {
    state.withLock { $0.checkCompletion(generation: generation) }
    switch completion {
    case .finished:
      perform(state.withLock { $0.childFinished(generation: generation) })
    case let .failure(error):
      perform(state.withLock { $0.fail(error, fromChild: generation) })
    }
  }

  /// After a value reached downstream: passes the additional demand to the current child.
  @inlinable
  func forward(_: Int, additional: Subscribers.Demand) {
    guard additional > 0 else { return }
    state.withLock { $0.currentSubscription }?.request(additional)
  }

  // MARK: Subscription

  @inlinable
  func request(_ demand: Subscribers.Demand) {
    APIViolation.checkDemand(demand > 0)
    perform(state.withLock { $0.request(demand) })
  }

  @inlinable
  func cancel() {
    perform(state.withLock { $0.cancel() })
  }
}

/// The subscriber `SwitchToLatest` attaches to each inner publisher.
@usableFromInline
struct SwitchToLatestChild<Downstream: Subscriber, Child: Publisher>: Subscriber, CustomStringConvertible
where Child.Output == Downstream.Input, Child.Failure == Downstream.Failure {
  @usableFromInline
  typealias Input = Child.Output
  @usableFromInline
  typealias Failure = Child.Failure

  @usableFromInline
  let inner: SwitchToLatestInner<Downstream, Child>
  @usableFromInline
  let generation: Int
  @usableFromInline
  let combineIdentifier = CombineIdentifier()

  @inlinable
  init(inner: SwitchToLatestInner<Downstream, Child>, generation: Int) {
    self.inner = inner
    self.generation = generation
  }

  @usableFromInline
  var description: String { "SwitchToLatest" }

  @inlinable
  func receive(subscription: any Subscription) {
    inner.receiveChild(subscription: subscription, generation: generation)
  }

  @inlinable
  func receive(_ input: Input) -> Subscribers.Demand {
    inner.receiveChild(input, generation: generation)
  }

  @inlinable
  func receive(completion: Subscribers.Completion<Failure>) {
    inner.receiveChild(completion: completion, generation: generation)
  }
}

extension SwitchToLatestInner: CombineReflectable {
  /// Shows no children, as Combine's `switchToLatest`.
  @usableFromInline
  var customMirror: Mirror { Mirror(childless: self) }
}

extension SwitchToLatestChild: CombineReflectable {
  /// Shows the identity of the subscription it feeds, as Combine's `switchToLatest`.
  @usableFromInline
  var customMirror: Mirror { Mirror(self, children: ["parentSubscription": inner.combineIdentifier]) }
}
