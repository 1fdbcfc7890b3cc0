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
  @inlinable
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
  @inlinable
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
  @inlinable
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
  @inlinable
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
    @inlinable
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
      let inner = FlatMapInner<S, Upstream, NewPublisher>(
        subscriber,
        maxPublishers: maxPublishers,
        transform: transform
      )
      subscriber.receive(subscription: inner)
      upstream.subscribe(inner)
    }
  }
}

/// Where a combining operator stands with one of its upstreams.
@usableFromInline
enum CombiningLink {
  /// Subscribed to, no subscription yet.
  case awaiting
  case subscribed(any Subscription)
  /// The upstream completed.
  case finished
  /// Cancelled, or over because the result ended.
  case ended

  @inlinable
  var subscription: (any Subscription)? {
    if case let .subscribed(subscription) = self { return subscription }
    return nil
  }
}

/// The children of `FlatMap` by index: the oldest one inline, the others in
/// a dictionary. The common case (one inner publisher at a time, as in a
/// single life cycle) then allocates no dictionary storage.
@usableFromInline
struct FlatMapChildren<Slot> {
  @usableFromInline var first: (index: Int, slot: Slot)?
  @usableFromInline var others: [Int: Slot] = [:]

  @inlinable init() {}

  @inlinable var isEmpty: Bool { first == nil && others.isEmpty }

  @inlinable
  subscript(index: Int) -> Slot? {
    if let first, first.index == index { return first.slot }
    return others.isEmpty ? nil : others[index]
  }

  /// Adds a child or replaces the slot of one.
  @inlinable
  mutating func set(_ slot: Slot, at index: Int) {
    if let first, first.index == index {
      self.first = (index, slot)
    } else if first == nil, others[index] == nil {
      first = (index, slot)
    } else {
      others[index] = slot
    }
  }

  @inlinable
  mutating func remove(at index: Int) -> Slot? {
    if let first, first.index == index {
      self.first = nil
      return first.slot
    }
    return others.isEmpty ? nil : others.removeValue(forKey: index)
  }

  /// Every child, in no particular order.
  @inlinable
  var all: [(index: Int, slot: Slot)] {
    var all: [(index: Int, slot: Slot)] = []
    if let first { all.append(first) }
    for (index, slot) in others { all.append((index, slot)) }
    return all
  }
}

/// The subscription of `FlatMap`. Its state:
/// - `outlet`: downstream, its demand, and the values waiting for it (see
///   `CombiningOutlet`); tag = the index of the inner publisher;
/// - `upstream`: `awaiting` → `subscribed` → `finished` (or `ended` on
///   cancel or failure);
/// - `children`: one slot per inner publisher subscribed to and not yet
///   finished: `pending` until its subscription arrives, then
///   `live(subscription, unlimited)` (`unlimited`: it was asked for
///   `.unlimited`, so it gets no `.max(1)` after each value);
/// - `transform`: nil once the result ended.
///
/// The result finishes when the upstream finished and no child is left; it
/// fails at the first failure, cancelling the upstream and every child.
///
/// Inlinable, with `request`/`cancel` behind `SpecializedEntryPoints`: it is
/// compiled, specialised, where the chain is subscribed.
@usableFromInline
final class FlatMapInner<Downstream: Subscriber, Upstream: Publisher, Child: Publisher>: Subscriber,
  Subscription, CustomStringConvertible, @unchecked Sendable
where Child.Output == Downstream.Input, Child.Failure == Upstream.Failure, Upstream.Failure == Downstream.Failure {
  // @unchecked Sendable: the mutable state is behind `state`.
  @usableFromInline typealias Input = Upstream.Output
  @usableFromInline typealias Failure = Upstream.Failure

  @usableFromInline
  enum Slot {
    case pending
    case live(any Subscription, unlimited: Bool)
  }

  /// The transform, in a struct: taken out whole and called in place, it
  /// needs no reabstraction thunk (see `Subscribers.Sink`).
  @usableFromInline
  struct Transform {
    @usableFromInline let call: (Input) -> Child

    @inlinable init(_ call: @escaping (Input) -> Child) { self.call = call }
  }

  @usableFromInline
  struct State: CombiningOutletHolder, @unchecked Sendable {
    @usableFromInline var outlet: CombiningOutlet<Downstream, Int>
    @usableFromInline var upstream = CombiningLink.awaiting
    @usableFromInline var children = FlatMapChildren<Slot>()
    @usableFromInline var nextIndex = 0
    @usableFromInline var transform: Transform?

    @inlinable
    init(outlet: CombiningOutlet<Downstream, Int>, transform: Transform) {
      self.outlet = outlet
      self.transform = transform
    }

    /// Ends everything; returns the subscriptions to cancel after the lock:
    /// the children's, then the upstream's, the order in which Combine
    /// cancels them.
    @inlinable
    mutating func end() -> [any Subscription] {
      var cancelled: [any Subscription] = []
      for case (_, .live(let subscription, _)) in children.all { cancelled.append(subscription) }
      if let subscription = upstream.subscription { cancelled.append(subscription) }
      upstream = .ended
      children = FlatMapChildren()
      return cancelled
    }
  }

  @usableFromInline let state: Lock<State>
  @usableFromInline let maxPublishers: Subscribers.Demand
  @usableFromInline let entryPoints: SpecializedEntryPoints<FlatMapInner>

  @usableFromInline var description: String { "FlatMap" }

  @inlinable
  init(_ downstream: Downstream, maxPublishers: Subscribers.Demand, transform: @escaping (Input) -> Child) {
    state = Lock(State(outlet: CombiningOutlet(downstream), transform: Transform(transform)))
    self.maxPublishers = maxPublishers
    entryPoints = SpecializedEntryPoints(
      request: { $0.requestSpecialized($1) },
      cancel: { $0.cancelSpecialized() }
    )
  }

  // MARK: Upstream

  @inlinable
  func receive(subscription: any Subscription) {
    let accepted = state.withLock { state -> Bool in
      guard case .awaiting = state.upstream else { return false }
      state.upstream = .subscribed(subscription)
      return true
    }
    guard accepted else { return subscription.cancel() }
    if maxPublishers > 0 { subscription.request(maxPublishers) }
  }

  @inlinable
  func receive(_ input: Input) -> Subscribers.Demand {
    guard let transform = state.withLock({ $0.outlet.isOpen ? $0.transform : nil }) else { return .none }
    let child = transform.call(input)
    let index = state.withLock { state -> Int? in
      guard state.outlet.isOpen else { return nil }
      defer { state.nextIndex += 1 }
      state.children.set(.pending, at: state.nextIndex)
      return state.nextIndex
    }
    guard let index else { return .none }
    child.subscribe(FlatMapChild(inner: self, index: index))
    return .none
  }

  @inlinable
  func receive(completion: Subscribers.Completion<Failure>) {
    switch completion {
    case .finished:
      let (drain, transform) = state.withLock { state -> (Bool, Transform?) in
        guard case .subscribed = state.upstream else { return (false, nil) }
        state.upstream = .finished
        guard state.children.isEmpty else { return (false, nil) }
        defer { state.transform = nil }
        return (state.outlet.finish(), state.transform)
      }
      _ = transform  // released after the lock
      if drain { state.drain(delivered: requestOneMore) }
    case let .failure(error):
      fail(error, fromChild: nil)
    }
  }

  /// Fails the result. The publisher that failed (the upstream, or the
  /// child at index `fromChild`) is over: it is not cancelled; the others are.
  @inlinable
  func fail(_ error: Failure, fromChild index: Int?) {
    let (drain, cancelled, dropped, transform) = state.withLock { state in
      if let index {
        _ = state.children.remove(at: index)
      } else if case .subscribed = state.upstream {
        state.upstream = .finished
      }
      let (drain, dropped) = state.outlet.fail(error)
      defer { state.transform = nil }
      return (drain, state.end(), dropped, state.transform)
    }
    for subscription in cancelled { subscription.cancel() }
    _ = (dropped, transform)  // released after the lock
    if drain { state.drain(delivered: requestOneMore) }
  }

  // MARK: Children

  @inlinable
  func receiveChild(subscription: any Subscription, index: Int) {
    let demand = state.withLock { state -> Subscribers.Demand? in
      guard case .pending = state.children[index] else { return nil }
      let unlimited = state.outlet.demand == .unlimited
      state.children.set(.live(subscription, unlimited: unlimited), at: index)
      return unlimited ? .unlimited : .max(1)
    }
    guard let demand else { return subscription.cancel() }
    subscription.request(demand)
  }

  /// A value of a child. When it reaches downstream at once, the child's
  /// next value is asked for by returning `.max(1)`, as Combine does; a
  /// value that waits for demand is followed by a `request(.max(1))` once
  /// delivered.
  @inlinable
  func receiveChild(_ input: Child.Output, index: Int) -> Subscribers.Demand {
    guard state.withLock({ $0.outlet.enqueue(input, tag: index) }) else { return .none }
    return state.drain { tag, additional in
      guard tag == index else {
        requestOneMore(index: tag, additional)
        return .none
      }
      let limited = state.withLock { state -> Bool in
        guard case .live(_, unlimited: false) = state.children[index] else { return false }
        return true
      }
      return limited ? .max(1) : .none
    }
  }

  @inlinable
  func receiveChild(completion: Subscribers.Completion<Failure>, index: Int) {
    if case let .failure(error) = completion { return fail(error, fromChild: index) }
    let (drain, upstream, transform) = state.withLock { state -> (Bool, (any Subscription)?, Transform?) in
      guard state.children.remove(at: index) != nil else { return (false, nil, nil) }
      switch state.upstream {
      case .finished where state.children.isEmpty:
        defer { state.transform = nil }
        return (state.outlet.finish(), nil, state.transform)
      case let .subscribed(subscription) where maxPublishers != .unlimited:
        return (false, subscription, nil)
      case .awaiting, .subscribed, .finished, .ended:
        return (false, nil, nil)
      }
    }
    _ = transform  // released after the lock
    upstream?.request(.max(1))
    if drain { state.drain(delivered: requestOneMore) }
  }

  /// After a child's value reached downstream: asks that child for the next one.
  @inlinable
  func requestOneMore(index: Int, _: Subscribers.Demand) {
    let subscription = state.withLock { state -> (any Subscription)? in
      guard case let .live(subscription, unlimited: false) = state.children[index] else { return nil }
      return subscription
    }
    subscription?.request(.max(1))
  }

  // MARK: Subscription

  @inlinable
  func request(_ demand: Subscribers.Demand) {
    entryPoints.request(self, demand)
  }

  @inlinable
  func requestSpecialized(_ demand: Subscribers.Demand) {
    precondition(demand > 0, "API violation: demand must be greater than zero")
    let (drain, raised) = state.withLock { state -> (Bool, [any Subscription]) in
      let drain = state.outlet.add(demand)
      guard state.outlet.demand == .unlimited, !state.children.isEmpty else { return (drain, []) }
      var raised: [any Subscription] = []
      for (index, slot) in state.children.all {
        if case let .live(subscription, unlimited: false) = slot {
          state.children.set(.live(subscription, unlimited: true), at: index)
          raised.append(subscription)
        }
      }
      return (drain, raised)
    }
    for subscription in raised { subscription.request(.unlimited) }
    if drain { state.drain(delivered: requestOneMore) }
  }

  @inlinable
  func cancel() {
    entryPoints.cancel(self)
  }

  @inlinable
  func cancelSpecialized() {
    let (cancelled, taken, transform) = state.withLock { state in
      defer { state.transform = nil }
      return (state.end(), state.outlet.cancel(), state.transform)
    }
    for subscription in cancelled { subscription.cancel() }
    _ = (taken, transform)  // released after the lock
  }
}

/// The subscriber `FlatMap` attaches to each inner publisher.
@usableFromInline
struct FlatMapChild<Downstream: Subscriber, Upstream: Publisher, Child: Publisher>: Subscriber,
  CustomStringConvertible
where Child.Output == Downstream.Input, Child.Failure == Upstream.Failure, Upstream.Failure == Downstream.Failure {
  @usableFromInline typealias Input = Child.Output
  @usableFromInline typealias Failure = Child.Failure

  @usableFromInline let inner: FlatMapInner<Downstream, Upstream, Child>
  @usableFromInline let index: Int
  @usableFromInline let combineIdentifier = CombineIdentifier()

  @usableFromInline var description: String { "FlatMap" }

  @inlinable
  init(inner: FlatMapInner<Downstream, Upstream, Child>, index: Int) {
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
