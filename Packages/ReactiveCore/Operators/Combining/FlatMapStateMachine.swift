/// The decisions of `flatMap`'s subscription (`FlatMapInner`), without
/// locks, threads or callouts: each event is a `mutating` method that
/// updates the state and returns what the subscription must do once it has
/// left its lock (an `Action`, or the little an event needs back). Tested
/// alone in FlatMapStateMachineTests.
///
/// What it holds:
/// - `state`: where the operator stands with its upstream (below);
/// - `outlet`: the downstream, its demand, and the values waiting for it
///   (see `CombiningOutlet`); tag = the index of the inner publisher;
/// - `children`: one slot per inner publisher subscribed to and not yet
///   finished: `pending` until its subscription arrives, then
///   `live(subscription, unlimited)` (`unlimited`: it was asked for
///   `.unlimited`, so it gets no `.max(1)` after each value);
/// - `transform`: nil once the result ended.
///
/// The result finishes when the upstream finished and no child is left; it
/// fails at the first failure, cancelling the upstream and every child.
@usableFromInline
package struct FlatMapStateMachine<Downstream: Subscriber, Input, Child: Publisher>: CombiningOutletHolder
where Child.Output == Downstream.Input, Child.Failure == Downstream.Failure {
  @usableFromInline
  package typealias Failure = Downstream.Failure

  /// Where the operator stands with its upstream: awaiting its
  /// subscription, subscribed, finished (the children may still run), or
  /// ended (cancelled, or failed: holds nothing). The link zip, merge and
  /// combineLatest keep per upstream.
  @usableFromInline
  package typealias State = UpstreamLink<any Subscription>

  /// One inner publisher.
  @usableFromInline
  package enum Slot {
    /// Subscribed to, no subscription yet.
    case pending
    case live(any Subscription, unlimited: Bool)
  }

  /// The transform, in a struct: taken out whole and called in place, it
  /// needs no reabstraction thunk (see `Subscribers.Sink`).
  @usableFromInline
  package struct Transform {
    @usableFromInline let call: (Input) -> Child

    @inlinable init(_ call: @escaping (Input) -> Child) { self.call = call }
  }

  /// What the subscription does, after the lock, with a subscription that
  /// just arrived (the caller still holds it: it is not carried out of the
  /// lock).
  @usableFromInline
  package enum Admission: Equatable, Sendable {
    /// A second subscription, or one that came too late: cancel it.
    case refuse
    /// Keep it and request this much from it.
    case request(Subscribers.Demand)
    /// Keep it; request nothing now (`maxPublishers` is zero).
    case keep
  }

  /// What the subscription does after the lock. The values an action holds
  /// that are only to be released (`Released`) are released when the action
  /// is, after the callouts.
  @usableFromInline
  package enum Action {
    case none
    case request(any Subscription, Subscribers.Demand)
    /// Ask each of these children for `.unlimited`, then drain if `drain`.
    case raise([any Subscription], drain: Bool)
    /// The result ended: cancel these (the children, then the upstream, the
    /// order in which Combine cancels them), then drain if `drain` (the
    /// completion is due downstream).
    case end(cancelling: EndCancellations, drain: Bool, released: Released)
  }

  /// What an event takes out of the state only to release it after the lock.
  @usableFromInline
  package struct Released {
    @usableFromInline package var transform: Transform?
    @usableFromInline package var values: [(value: Downstream.Input, tag: Int)] = []
    @usableFromInline package var downstream: Downstream?

    @inlinable
    init(transform: Transform?, values: [(value: Downstream.Input, tag: Int)] = [], downstream: Downstream? = nil) {
      self.transform = transform
      self.values = values
      self.downstream = downstream
    }
  }

  @usableFromInline package var state = State.awaiting
  @usableFromInline var outlet: CombiningOutlet<Downstream, Int>
  @usableFromInline var children = FlatMapChildren<Slot>()
  @usableFromInline var nextIndex = 0
  /// By child index: how many of its queued values already had their next
  /// value asked for, returned from `receive` (see `answerAhead(index:)`);
  /// the drain asks nothing more for as many of them. Empty but for values
  /// that arrive while another thread, or a reentrant call, delivers.
  @usableFromInline var answeredAhead: [Int: Int] = [:]
  @usableFromInline var transform: Transform?
  @usableFromInline let maxPublishers: Subscribers.Demand

  @inlinable
  package init(downstream: Downstream, maxPublishers: Subscribers.Demand, transform: @escaping (Input) -> Child) {
    outlet = CombiningOutlet(downstream)
    self.maxPublishers = maxPublishers
    self.transform = Transform(transform)
  }

  /// The inner publisher at `index`, if it is still running.
  @inlinable
  package func child(at index: Int) -> Slot? { children[index] }

  // MARK: Upstream

  @inlinable
  package mutating func receive(subscription: any Subscription) -> Admission {
    switch state {
    case .awaiting:
      state = .subscribed(subscription)
      return maxPublishers > 0 ? .request(maxPublishers) : .keep
    case .subscribed, .finished, .ended:
      return .refuse
    }
  }

  /// The transform to call (after the lock) on an upstream value; nil once
  /// the result ended.
  @inlinable
  package func transformForValue() -> Transform? {
    outlet.isOpen ? transform : nil
  }

  /// Adds a child for the publisher the transform returned; returns its
  /// index, or nil if the result ended meanwhile.
  @inlinable
  package mutating func addChild() -> Int? {
    guard outlet.isOpen else { return nil }
    defer { nextIndex += 1 }
    children.set(.pending, at: nextIndex)
    return nextIndex
  }

  /// The upstream finished: the result finishes once no child is left. A
  /// completion that comes before the upstream's subscription counts too,
  /// as in Combine (the downstream already has its subscription).
  @inlinable
  package mutating func upstreamFinished() -> Action {
    guard state.finishUnlessOver() else { return .none }
    return finishIfDone()
  }

  /// Fails the result. The publisher that failed (the upstream, or the
  /// child at index `fromChild`) is over: it is not cancelled; the others are.
  @inlinable
  package mutating func fail(_ error: Failure, fromChild index: Int?) -> Action {
    if let index {
      _ = children.remove(at: index)
    } else {
      _ = state.finishUnlessOver()
    }
    let (drain, dropped) = outlet.fail(error)
    return .end(cancelling: end(), drain: drain, released: Released(transform: takeTransform(), values: dropped))
  }

  // MARK: Children

  @inlinable
  package mutating func childReceived(subscription: any Subscription, index: Int) -> Admission {
    guard case .pending = children[index] else { return .refuse }
    let unlimited = outlet.demand == .unlimited
    children.set(.live(subscription, unlimited: unlimited), at: index)
    return .request(unlimited ? .unlimited : .max(1))
  }

  /// A value of the child at `index`: queued for downstream; true if the
  /// caller must drain (it claimed the delivery).
  @inlinable
  package mutating func childValue(_ value: Downstream.Input, index: Int) -> Bool {
    outlet.enqueue(value, tag: index)
  }

  /// A value of the child at `index` was queued while someone else delivers
  /// (`childValue` returned false). If downstream's demand covers it, the
  /// child is asked for its next value at once, by returning `.max(1)` from
  /// its `receive` (true), as Combine does for a value it delivers, instead
  /// of a `request(.max(1))` once the value is delivered.
  @inlinable
  package mutating func answerAhead(index: Int) -> Bool {
    guard outlet.isOpen, outlet.demand >= outlet.queuedCount, isLimited(index) else { return false }
    answeredAhead[index, default: 0] += 1
    return true
  }

  /// Whether the next value of the limited child at `index`, just
  /// delivered, still has to be asked for: false if it was answered ahead.
  @inlinable
  package mutating func owesOneMore(index: Int) -> Bool {
    guard isLimited(index) else { return false }
    guard !answeredAhead.isEmpty, let answered = answeredAhead[index] else { return true }
    answeredAhead[index] = answered > 1 ? answered - 1 : nil
    return false
  }

  /// Downstream's demand not yet used.
  @inlinable
  package var demand: Subscribers.Demand { outlet.demand }

  /// Whether the result still runs (neither completed nor cancelled).
  @inlinable
  package var isOpen: Bool { outlet.isOpen }

  /// How many values wait for downstream demand.
  @inlinable
  package var queuedCount: Int { outlet.queuedCount }

  /// Whether the child at `index` gets its next value one at a time.
  @inlinable
  package func isLimited(_ index: Int) -> Bool {
    guard case .live(_, unlimited: false) = children[index] else { return false }
    return true
  }

  @inlinable
  package mutating func childFinished(index: Int) -> Action {
    guard children.remove(at: index) != nil else { return .none }
    if !answeredAhead.isEmpty { answeredAhead[index] = nil }
    switch state {
    case .finished:
      return finishIfDone()
    case let .subscribed(subscription) where maxPublishers != .unlimited:
      return .request(subscription, .max(1))  // room for one more inner publisher
    case .awaiting, .subscribed, .ended:
      return .none
    }
  }

  /// After a child's value reached downstream: ask that child for the next
  /// one, unless it was asked already (`answerAhead(index:)`).
  @inlinable
  package mutating func requestOneMore(index: Int) -> Action {
    guard case let .live(subscription, unlimited: false) = children[index], owesOneMore(index: index) else {
      return .none
    }
    return .request(subscription, .max(1))
  }

  // MARK: Downstream

  @inlinable
  package mutating func request(_ demand: Subscribers.Demand) -> Action {
    let drain = outlet.add(demand)
    guard outlet.demand == .unlimited, !children.isEmpty else { return .raise([], drain: drain) }
    var raised: [any Subscription] = []
    for (index, slot) in children.all {
      if case let .live(subscription, unlimited: false) = slot {
        children.set(.live(subscription, unlimited: true), at: index)
        raised.append(subscription)
      }
    }
    return .raise(raised, drain: drain)
  }

  @inlinable
  package mutating func cancel() -> Action {
    let (downstream, values) = outlet.cancel()
    return .end(
      cancelling: end(),
      drain: false,
      released: Released(transform: takeTransform(), values: values, downstream: downstream)
    )
  }

  // MARK: Helpers

  /// Finishes the result if the upstream finished and no child is left.
  @inlinable
  mutating func finishIfDone() -> Action {
    guard state.phase() == .finished, children.isEmpty else { return .none }
    let drain = outlet.finish()
    return .end(cancelling: EndCancellations(), drain: drain, released: Released(transform: takeTransform()))
  }

  @inlinable
  mutating func takeTransform() -> Transform? {
    defer { transform = nil }
    return transform
  }

  /// Ends everything; returns the subscriptions to cancel after the lock:
  /// the children's, then the upstream's.
  @inlinable
  mutating func end() -> EndCancellations {
    var cancelled = EndCancellations()
    // The slots themselves, not `children.all`: building that array copied
    // the oldest child through Optional's unspecialised value witnesses
    // (about 300 instructions at every end of a flatMap).
    if case let .live(subscription, _)? = children.first.take()?.slot { cancelled.children.append(subscription) }
    for case let .live(subscription, _) in children.others.values { cancelled.children.append(subscription) }
    cancelled.upstream = state.end()
    children.removeAll()
    if !answeredAhead.isEmpty { answeredAhead = [:] }
    return cancelled
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

  // The oldest child is reached through `first?.index` and `first?.slot`,
  // never bound whole (`if let first`) nor compared with nil: either copies
  // the tuple, its existential subscription through the value witnesses
  // (single life cycle in make bench: 11 copies and destroys, ~1,000
  // instructions).

  @inlinable var isEmpty: Bool { first?.index == nil && others.isEmpty }

  @inlinable
  subscript(index: Int) -> Slot? {
    if first?.index == index { return first?.slot }
    return others.isEmpty ? nil : others[index]
  }

  /// Adds a child or replaces the slot of one.
  @inlinable
  mutating func set(_ slot: consuming Slot, at index: Int) {
    if let firstIndex = first?.index {
      if firstIndex == index {
        first = (index, slot)
      } else {
        others[index] = slot
      }
    } else if others.isEmpty || others.index(forKey: index) == nil {
      first = (index, slot)
    } else {
      others[index] = slot
    }
  }

  @inlinable
  mutating func remove(at index: Int) -> Slot? {
    if first?.index == index { return first.take()?.slot }
    return others.isEmpty ? nil : others.removeValue(forKey: index)
  }

  /// Forgets every child. Field by field: assigning `FlatMapChildren()`
  /// went through the type's value witnesses (about 150 instructions at
  /// every end of a flatMap).
  @inlinable
  mutating func removeAll() {
    first = nil
    if !others.isEmpty { others = [:] }
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

extension FlatMapStateMachine: ClassArgumentState {
  @usableFromInline
  package typealias Core = FlatMapStateMachine
}

/// The subscriptions an ending operator cancels after its lock, in the
/// order Combine cancels them: the children, then the upstream. The
/// upstream is kept apart, so that an end without a live child (a child
/// failed, or the upstream did) allocates no array (a malloc and about 450
/// instructions at every such end of a flatMap).
@usableFromInline
package struct EndCancellations {
  @usableFromInline package var children: [any Subscription] = []
  @usableFromInline package var upstream: (any Subscription)?

  @inlinable
  init() {}

  /// All of them, in the order they are cancelled.
  package var all: [any Subscription] {
    children + (upstream.map { [$0] } ?? [])
  }

  /// Cancels the children, then the upstream.
  @inlinable
  func cancelAll() {
    for child in children { child.cancel() }
    upstream?.cancel()
  }
}
