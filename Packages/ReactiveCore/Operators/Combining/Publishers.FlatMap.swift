extension Publisher {
  /// Transforms each value into a publisher, and republishes the values of
  /// all those publishers, interleaved as they arrive.
  ///
  /// `maxPublishers` bounds how many of them run at once: the operator
  /// requests that many values from the upstream, and one more each time an
  /// inner publisher finishes. Each inner publisher is asked for one value at
  /// a time (for `.unlimited` while downstream demand is unlimited), so at
  /// most one value per inner publisher waits for downstream demand.
  ///
  /// ```text
  /// upstream  -a-----b---|
  /// inner(a)   -1--2-|
  /// inner(b)         -3-4|
  /// result    --1--2--3-4|
  /// ```
  ///
  /// A failure of the upstream or of any inner publisher cancels every other
  /// subscription and fails the result at once.
  ///
  /// - Parameters:
  ///   - maxPublishers: The maximum number of inner publishers subscribed to at once.
  ///   - transform: A closure that turns a value into a publisher.
  /// - Returns: A publisher that republishes the values of the publishers `transform` returns.
  @_alwaysEmitIntoClient
  public func flatMap<T, P: Publisher>(
    maxPublishers: Subscribers.Demand = .unlimited,
    _ transform: @escaping (Output) -> P
  ) -> Publishers.FlatMap<P, Self> where T == P.Output, Failure == P.Failure {
    Publishers.FlatMap(upstream: self, maxPublishers: maxPublishers, transform: transform)
  }
}

extension Publisher where Failure == Never {
  /// Transforms each value into a publisher that cannot fail, and
  /// republishes the values of all those publishers.
  ///
  /// The demand rules are those of the general `flatMap(maxPublishers:_:)`.
  ///
  /// - Parameters:
  ///   - maxPublishers: The maximum number of inner publishers subscribed to at once.
  ///   - transform: A closure that turns a value into a publisher.
  /// - Returns: A publisher that republishes the values of the publishers `transform` returns.
  @_alwaysEmitIntoClient
  public func flatMap<P: Publisher>(
    maxPublishers: Subscribers.Demand = .unlimited,
    _ transform: @escaping (Output) -> P
  ) -> Publishers.FlatMap<P, Self> where P.Failure == Never {
    Publishers.FlatMap(upstream: self, maxPublishers: maxPublishers, transform: transform)
  }
}

extension Publisher where Failure == Never {
  /// Transforms each value into a publisher that can fail, and republishes
  /// the values of all those publishers; this upstream, which cannot fail,
  /// takes their failure type.
  ///
  /// - Parameters:
  ///   - maxPublishers: The maximum number of inner publishers subscribed to at once.
  ///   - transform: A closure that turns a value into a publisher.
  /// - Returns: A publisher that republishes the values of the publishers `transform` returns.
  @_alwaysEmitIntoClient
  public func flatMap<P: Publisher>(
    maxPublishers: Subscribers.Demand = .unlimited,
    _ transform: @escaping (Output) -> P
  ) -> Publishers.FlatMap<P, Publishers.SetFailureType<Self, P.Failure>> {
    Publishers.FlatMap(
      upstream: Publishers.SetFailureType(upstream: self),
      maxPublishers: maxPublishers,
      transform: transform
    )
  }
}

extension Publisher {
  /// Transforms each value into a publisher that cannot fail, and
  /// republishes the values of all those publishers with this publisher's
  /// failure type.
  ///
  /// - Parameters:
  ///   - maxPublishers: The maximum number of inner publishers subscribed to at once.
  ///   - transform: A closure that turns a value into a publisher.
  /// - Returns: A publisher that republishes the values of the publishers `transform` returns.
  @_alwaysEmitIntoClient
  public func flatMap<P: Publisher>(
    maxPublishers: Subscribers.Demand = .unlimited,
    _ transform: @escaping (Output) -> P
  ) -> Publishers.FlatMap<Publishers.SetFailureType<P, Failure>, Self> where P.Failure == Never {
    Publishers.FlatMap(upstream: self, maxPublishers: maxPublishers) { value in
      Publishers.SetFailureType(upstream: transform(value))
    }
  }
}

extension Publishers {
  /// The publisher returned by `flatMap`: each upstream value becomes an
  /// inner publisher, and the values of all inner publishers are merged.
  public struct FlatMap<NewPublisher: Publisher, Upstream: Publisher>: Publisher
  where NewPublisher.Failure == Upstream.Failure {
    public typealias Output = NewPublisher.Output
    public typealias Failure = Upstream.Failure

    /// The publisher this operator subscribes to.
    public let upstream: Upstream

    /// How many inner publishers may be subscribed to at the same time.
    public let maxPublishers: Subscribers.Demand

    /// Called with each upstream value; returns the inner publisher for it.
    public let transform: (Upstream.Output) -> NewPublisher

    /// Creates a publisher that maps each upstream value to an inner publisher
    /// and merges their values.
    ///
    /// - Parameters:
    ///   - upstream: The publisher this operator subscribes to.
    ///   - maxPublishers: How many inner publishers may be subscribed to at the same time.
    ///   - transform: A closure that turns an element into a publisher.
    @_alwaysEmitIntoClient
    public init(
      upstream: Upstream,
      maxPublishers: Subscribers.Demand,
      transform: @escaping (Upstream.Output) -> NewPublisher
    ) {
      self.upstream = upstream
      self.maxPublishers = maxPublishers
      self.transform = transform
    }

    @inlinable
    public func receive<S: Subscriber>(subscriber: S)
    where NewPublisher.Output == S.Input, Upstream.Failure == S.Failure {
      let inner = FlatMapInner<S, Upstream, NewPublisher, FlatMapStateMachine<S, Upstream.Output, NewPublisher>>(
        subscriber,
        maxPublishers: maxPublishers,
        transform: transform
      )
      subscriber.receive(subscription: inner)
      if maxPublishers > 0, let just = upstream as? Just<Upstream.Output> {
        // Where the types are known (an inlined chain), this cast is decided
        // by the compiler: no cost for any other upstream.
        inner.receiveJust(just.output)
      } else {
        upstream.subscribe(inner)
      }
    }
  }
}

/// Where flatMap, switchToLatest and the `untilOutputFrom` operators stand
/// with one of their upstreams: the link zip, combineLatest and merge keep,
/// over an existential subscription.
@usableFromInline
typealias CombiningLink = UpstreamLink<any Subscription>

/// The subscription of `FlatMap`: its decisions are `FlatMapStateMachine`'s,
/// taken under its `lock`; the actions they return (requests, cancels,
/// deliveries) are performed here, after it.
///
/// Inlinable, with `request`/`cancel` behind `SpecializedEntryPoints`: it is
/// compiled, specialised, where the chain is subscribed.
///
/// `StoredMachine` is the machine's type, as a generic argument (see
/// `ClassArgumentState`).
@usableFromInline
final class FlatMapInner<
  Downstream: Subscriber,
  Upstream: Publisher,
  Child: Publisher,
  StoredMachine: ClassArgumentState
>:
  Subscriber, SpecializedSubscription, CustomStringConvertible
where
  Child.Output == Downstream.Input,
  Child.Failure == Upstream.Failure,
  Upstream.Failure == Downstream.Failure,
  StoredMachine.Core == FlatMapStateMachine<Downstream, Upstream.Output, Child>
{
  @usableFromInline typealias Input = Upstream.Output
  @usableFromInline typealias Failure = Upstream.Failure
  @usableFromInline typealias Machine = FlatMapStateMachine<Downstream, Input, Child>

  /// The lock of `machine`, beside it (see `StateLock`), and the machine, of
  /// a type among the class's generic arguments (see `ClassArgumentState`):
  /// the deinitialiser, never specialised, then asks the runtime's metadata
  /// cache for nothing.
  @usableFromInline let lock = StateLock()
  @usableFromInline @exclusivity(unchecked) var machine: StoredMachine
  @usableFromInline let entryPoints: SpecializedEntryPoints<FlatMapInner>

  @usableFromInline var description: String { "FlatMap" }

  @inlinable
  init(_ downstream: Downstream, maxPublishers: Subscribers.Demand, transform: @escaping (Input) -> Child) {
    machine = StoredMachine(core: Machine(downstream: downstream, maxPublishers: maxPublishers, transform: transform))
    entryPoints = SpecializedEntryPoints(
      request: { $0.requestSpecialized($1) },
      cancel: { $0.cancelSpecialized() }
    )
  }

  /// Calls `body` with the machine, under the lock.
  @inlinable
  func withState<Result: ~Copyable>(_ body: (inout Machine) -> Result) -> Result {
    lock.withLock { body(&machine.core) }
  }

  /// The delivery loop (see `CombiningOutletHolder.drain`), over the machine.
  @inlinable
  func drain(returning delivered: (Machine.Tag, Subscribers.Demand) -> Subscribers.Demand) -> Subscribers.Demand {
    Machine.drain(locking: { withState($0) }, returning: delivered)
  }

  /// The delivery loop after an event (not inside an upstream's
  /// `receive(_:)`): each delivered value makes room for one more.
  @inlinable
  func drainFromEvent() {
    _ = drain { index, additional in
      requestOneMore(index: index, additional)
      return .none
    }
  }

  /// Performs what the machine decided, after the lock. What the action
  /// holds only to release it is released when it is, at the end.
  @inlinable
  func perform(_ action: consuming Machine.Action) {
    // Consumed, not read: reading made an outlined copy of the whole action.
    // (Noncopyable, read in place, it cost 213 more instructions at the end
    // of a flatMap in make bench, flatMapInnerFail@1; consumed, it crashes
    // Swift 6.3's optimizer.)
    switch consume action {
    case .none:
      break
    case let .request(subscription, demand):
      subscription.request(demand)
    case let .raise(subscriptions, drain):
      for subscription in subscriptions { subscription.request(.unlimited) }
      if drain { drainFromEvent() }
    case let .end(cancelling, drain, _):
      cancelling.cancelAll()
      if drain { drainFromEvent() }
    }
  }

  // MARK: Upstream

  /// Performs what the machine decided for a subscription that just arrived.
  @inlinable
  func admit(_ subscription: any Subscription, _ admission: Machine.Admission) {
    switch admission {
    case .refuse: subscription.cancel()
    case let .request(demand): subscription.request(demand)
    case .keep: break
    }
  }

  @inlinable
  func receive(subscription: any Subscription) {
    admit(subscription, withState { $0.receive(subscription: subscription) })
  }

  @inlinable
  func receive(_ input: Input) -> Subscribers.Demand {
    guard let transform = withState({ $0.transformForValue() }) else { return .none }
    let child = transform.call(input)
    guard let index = withState({ $0.addChild() }) else { return .none }
    if let just = child as? Just<Child.Output> {
      receiveJust(just.output, index: index)  // decided by the compiler where the types are known
    } else {
      child.subscribe(FlatMapChild(inner: self, index: index))
    }
    return .none
  }

  /// Upstream is a `Just`: what subscribing to it would do, without its
  /// subscription object. Its subscription gets `maxPublishers` (greater than
  /// zero) as soon as it arrives, and sends its value and finished from
  /// inside that request; so does this, from here, unless downstream
  /// cancelled in its `receive(subscription:)`. Downstream sees the same
  /// events in the same order, and the transform runs at the same point.
  /// (`Just(x).map{}.flatMap{ Just($0) }.sinkSingle{}` in make bench: one
  /// allocation, one lock and one generic deinitialiser fewer.)
  @inlinable
  func receiveJust(_ value: Input) {
    guard case .request = withState({ $0.receive(subscription: Subscriptions.empty) }) else { return }
    _ = receive(value)
    receive(completion: .finished)
  }

  @inlinable
  func receive(completion: Subscribers.Completion<Failure>) {
    switch completion {
    case .finished:
      perform(withState { $0.upstreamFinished() })
    case let .failure(error):
      perform(withState { $0.fail(error, fromChild: nil) })
    }
  }

  // MARK: Children

  @inlinable
  func receiveChild(subscription: any Subscription, index: Int) {
    admit(subscription, withState { $0.childReceived(subscription: subscription, index: index) })
  }

  /// The child at `index` is a `Just`: what subscribing to it would do,
  /// without its subscription object. A child is always asked for a value
  /// as soon as its subscription arrives, and a `Just` sends its value and
  /// finished from inside that request; so does this, unless the result
  /// ended meanwhile. Later requests to it (after its value) would be
  /// ignored by the `Just`, as they are by the empty subscription that
  /// stands for it. (make bench, single life cycle: one allocation, one
  /// lock and one generic deinitialiser fewer.)
  @inlinable
  func receiveJust(_ value: Child.Output, index: Int) {
    guard case .request = withState({ $0.childReceived(subscription: Subscriptions.empty, index: index) })
    else { return }
    _ = receiveChild(value, index: index)
    receiveChild(completion: .finished, index: index)
  }

  /// A value of a child. When it reaches downstream at once, or is queued
  /// behind a delivery in progress with demand for it, the child's next
  /// value is asked for by returning `.max(1)`, as Combine does; a value
  /// that waits for demand is followed by a `request(.max(1))` once
  /// delivered.
  @inlinable
  func receiveChild(_ input: Child.Output, index: Int) -> Subscribers.Demand {
    let (mustDrain, answered) = withState { machine -> (Bool, Bool) in
      let mustDrain = machine.childValue(input, index: index)
      return (mustDrain, !mustDrain && machine.answerAhead(index: index))
    }
    guard mustDrain else { return answered ? .max(1) : .none }
    return drain { tag, additional in
      guard tag == index else {
        requestOneMore(index: tag, additional)
        return .none
      }
      return withState { $0.owesOneMore(index: index) } ? .max(1) : .none
    }
  }

  @inlinable
  func receiveChild(completion: Subscribers.Completion<Failure>, index: Int) {
    switch completion {
    case .finished:
      perform(withState { $0.childFinished(index: index) })
    case let .failure(error):
      perform(withState { $0.fail(error, fromChild: index) })
    }
  }

  /// After a child's value reached downstream: asks that child for the next one.
  @inlinable
  func requestOneMore(index: Int, _: Subscribers.Demand) {
    perform(withState { $0.requestOneMore(index: index) })
  }

  // MARK: Subscription

  @inlinable
  func requestSpecialized(_ demand: Subscribers.Demand) {
    perform(withState { $0.request(demand) })
  }

  @inlinable
  func cancelSpecialized() {
    perform(withState { $0.cancel() })
  }
}

/// The subscriber `FlatMap` attaches to each inner publisher.
@usableFromInline
struct FlatMapChild<Downstream: Subscriber, Upstream: Publisher, Child: Publisher, StoredMachine: ClassArgumentState>:
  Subscriber, CustomStringConvertible
where
  Child.Output == Downstream.Input,
  Child.Failure == Upstream.Failure,
  Upstream.Failure == Downstream.Failure,
  StoredMachine.Core == FlatMapStateMachine<Downstream, Upstream.Output, Child>
{
  @usableFromInline typealias Input = Child.Output
  @usableFromInline typealias Failure = Child.Failure

  @usableFromInline let inner: FlatMapInner<Downstream, Upstream, Child, StoredMachine>
  @usableFromInline let index: Int
  @usableFromInline let combineIdentifier = CombineIdentifier()

  @usableFromInline var description: String { "FlatMap" }

  @inlinable
  init(inner: FlatMapInner<Downstream, Upstream, Child, StoredMachine>, index: Int) {
    self.inner = inner
    self.index = index
  }

  @inlinable
  func receive(subscription: any Subscription) {
    inner.receiveChild(subscription: subscription, index: index)
  }

  @inlinable
  func receive(_ input: Input) -> Subscribers.Demand {
    inner.receiveChild(input, index: index)
  }

  @inlinable
  func receive(completion: Subscribers.Completion<Failure>) {
    inner.receiveChild(completion: completion, index: index)
  }
}

extension FlatMapInner: CombineReflectable {
  /// Shows no children, as Combine's `flatMap`.
  @usableFromInline
  var customMirror: Mirror { Mirror(childless: self) }
}

extension FlatMapChild: CombineReflectable {
  /// Shows the identity of the subscription it feeds, as Combine's `flatMap`.
  @usableFromInline
  var customMirror: Mirror { Mirror(self, children: ["parentSubscription": inner.combineIdentifier]) }
}
