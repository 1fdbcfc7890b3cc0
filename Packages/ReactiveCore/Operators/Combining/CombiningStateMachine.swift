// The decisions shared by `merge` (`Merge` to `Merge8`, `MergeMany`) and
// `combineLatest` (`CombineLatest` to `CombineLatest4`), without locks and
// without callouts: each event is a method that updates the state and
// returns the `Action` its caller performs after unlocking. The two differ
// only in what a value does (MergeStateMachine.swift: queued as it is;
// CombineLatestStateMachine.swift: stored as its upstream's latest, and a
// combination queued); everything else is here. `CombiningInner` holds it
// behind its lock; MergeStateMachineTests and CombineLatestStateMachineTests
// drive it alone.
//
// States (`state`):
//
//   running(downstream)       downstream has its subscription (given before
//                             the upstreams are subscribed, as in Combine)
//   completing(downstream, completion)
//                             every upstream finished (delivered after the
//                             queued elements), or one failed (next)
//   terminal                  completion delivered or cancelled: holds nothing
//
// Beside it: `links` (per upstream: awaiting → subscribed → finished, or
// ended when the result ends; `subscribedSides` keeps which are subscribed
// as bits, changed with them), `values` (what the operator keeps per
// upstream: combineLatest's latest values, nothing for merge), `queue`
// (elements waiting for demand), `demand` (requested, not yet consumed) and
// `delivering` (a thread delivers).
//
// Transitions (→ action):
//
//   upstreamSubscribed(i)  link i not awaiting       → cancelUpstream (a second subscription)
//                          otherwise                 → request the demand not covered by
//                                                      queued elements (if any)
//   valueArrived           (per operator) queues an element; demand and nobody delivers
//                          → claim, first delivery step
//   upstreamCompleted(i)   link i not subscribed     → none
//                          finished, others not all finished → none
//                          every upstream finished, or a failure (which drops the queue)
//                          → completing; cancel the other upstreams and release the
//                          values first, then deliver if nobody does
//   request(d)             demand += d; request d from every subscribed upstream; work
//                          and nobody delivers → claim
//   delivered(additional)  demand += additional; request it from every upstream → resume
//   resume()               the next delivery step: deliver an element (demand and one
//                          queued), complete (failure, or finished and none left) →
//                          terminal, or idle (release the claim)
//   cancel()               → terminal; cancel every upstream; release downstream and values

/// What a combining operator keeps per upstream between values (typed;
/// generated per arity for combineLatest).
@usableFromInline
package protocol CombiningValues {
  /// What the operator delivers.
  associatedtype Output
  init()
}

@usableFromInline
package struct CombiningStateMachine<Downstream, Upstream, Values: CombiningValues, Failure: Error> {
  @usableFromInline package typealias Output = Values.Output
  @usableFromInline package typealias Completion = Subscribers.Completion<Failure>

  @usableFromInline
  package enum State {
    case running(Downstream)
    case completing(Downstream, Completion)
    case terminal
  }

  /// What is released after the lock when the result ends.
  @usableFromInline
  package typealias Leftovers = CombiningLeftovers<Downstream, Values, Output>

  @usableFromInline
  package enum Action {
    case none
    /// An upstream gave a second subscription: cancel it.
    case cancelUpstream(Upstream)
    /// Request `demand` from one upstream that just subscribed.
    case requestUpstream(Upstream, Subscribers.Demand)
    /// Request `demand` from every subscribed upstream of `links`; then, if
    /// `resume`, the caller delivers: it calls `resume()`.
    case request([UpstreamLink<Upstream>], Subscribers.Demand, resume: Bool)
    /// A queued element that a newer one replaced: release it.
    case discard(Output)
    /// Cancel these upstreams (the result ended), release the leftovers;
    /// then, if `resume`, call `resume()`.
    case cancelUpstreams([Upstream], Leftovers, resume: Bool)
    /// Deliver the element, then call `delivered(_:)` with what downstream returned.
    case deliver(Downstream, Output)
    /// The delivery is over.
    case idle
    /// Deliver the completion.
    case complete(Downstream, Completion)
    /// Downstream cancelled: cancel the upstreams; release the leftovers.
    case cancelled([Upstream], Leftovers)
  }

  @usableFromInline package var state: State
  @usableFromInline package var links: [UpstreamLink<Upstream>]
  /// The subscribed links, as bits: what a value checks.
  @usableFromInline var subscribedSides = SubscribedSides()
  @usableFromInline package var values = Values()
  @usableFromInline var queue = CombiningQueue<Output>()
  @usableFromInline package var demand = Subscribers.Demand.none
  @usableFromInline package var delivering = false

  @inlinable
  package init(downstream: Downstream, upstreams: Int) {
    state = .running(downstream)
    links = Array(repeating: .awaiting, count: upstreams)
  }

  // MARK: Events

  @inlinable
  package mutating func upstreamSubscribed(_ upstream: Upstream, side: Int) -> Action {
    guard case .awaiting = links[side] else { return .cancelUpstream(upstream) }
    links[side] = .subscribed(upstream)
    subscribedSides.insert(side)
    let uncovered = demand - queue.count
    return uncovered > 0 ? .requestUpstream(upstream, uncovered) : .none
  }

  @inlinable
  package mutating func upstreamCompleted(side: Int, _ completion: Completion) -> Action {
    guard isSubscribed(side: side) else { return .none }
    links[side] = .finished
    subscribedSides.remove(side)
    guard case let .running(downstream) = state else { return .none }
    if case .finished = completion, !links.allSatisfy(\.isFinished) { return .none }
    state = .completing(downstream, completion)
    let cancelled = links.endAll()
    subscribedSides = SubscribedSides()
    // A failure goes ahead of the queued elements, which are released with the leftovers.
    let leftovers = takeLeftovers(downstream: nil, keepingQueue: completion.isFinished)
    return .cancelUpstreams(cancelled, leftovers, resume: claimIfIdle())
  }

  @inlinable
  package mutating func request(_ additional: Subscribers.Demand) -> Action {
    switch state {
    case .running, .completing: demand += additional
    case .terminal: break
    }
    return .request(links, additional, resume: hasWork && claimIfIdle())
  }

  /// Downstream returned `additional` for the element just delivered.
  @inlinable
  package mutating func delivered(_ additional: Subscribers.Demand) -> Action {
    if additional == .none, queue.isEmpty, case .running = state {
      // What `resume()` decides when nothing waits (the common case): the
      // delivery is over. Decided here, it saves the call (combineLatest of
      // two subjects in make bench: ~50 instructions per pair).
      delivering = false
      return .idle
    }
    guard additional > 0 else { return resume() }
    switch state {
    case .running, .completing: demand += additional
    case .terminal: break
    }
    return .request(links, additional, resume: true)
  }

  /// The next step of the thread that delivers.
  @inlinable
  package mutating func resume() -> Action {
    switch state {
    case let .running(downstream):
      if demand > 0, !queue.isEmpty { return deliverNext(to: downstream) }
    case let .completing(downstream, completion):
      if case .finished = completion, !queue.isEmpty {
        if demand > 0 { return deliverNext(to: downstream) }
        break
      }
      state = .terminal
      delivering = false
      return .complete(downstream, completion)
    case .terminal:
      break
    }
    delivering = false
    return .idle
  }

  @inlinable
  package mutating func cancel() -> Action {
    let cancelled = links.endAll()
    subscribedSides = SubscribedSides()
    let downstream = self.downstream
    state = .terminal
    return .cancelled(cancelled, takeLeftovers(downstream: downstream, keepingQueue: false))
  }

  // MARK: Reading

  /// Whether upstream `side` is subscribed.
  @inlinable
  mutating func isSubscribed(side: Int) -> Bool {
    subscribedSides.contains(side) ?? links.isSubscribed(side: side)
  }

  /// Elements waiting for demand.
  @inlinable
  package var queuedCount: Int { queue.count }

  /// The downstream, until the result ends.
  @inlinable
  package var downstream: Downstream? {
    switch state {
    case let .running(downstream), let .completing(downstream, _): downstream
    case .terminal: nil
    }
  }

  // MARK: Helpers

  /// The thread that delivers has something to do: an element and demand, or a completion.
  @inlinable
  var hasWork: Bool {
    switch state {
    case .running: demand > 0 && !queue.isEmpty
    case .completing: true
    case .terminal: false
    }
  }

  /// Queues an element, or, with `replacingUnrequested`, replaces the newest
  /// queued element when downstream has no demand for it (→ discard it).
  @inlinable
  mutating func enqueue(_ element: Output, replacingUnrequested: Bool) -> Action {
    if queue.isEmpty, demand > 0, !delivering, case let .running(downstream) = state {
      // What queueing, claiming and taking the element back out would
      // decide, without the queue (combineLatest of two subjects in make
      // bench: ~100 instructions per pair of sends).
      delivering = true
      demand -= 1
      return .deliver(downstream, element)
    }
    if replacingUnrequested, !queue.isEmpty, demand <= queue.count - 1 {
      return .discard(queue.replaceLast(with: element))
    }
    queue.append(element)
    return claim()
  }

  /// Claims the delivery for the caller if there is work and nobody delivers.
  @inlinable
  mutating func claim() -> Action {
    guard hasWork, claimIfIdle() else { return .none }
    return resume()
  }

  @inlinable
  mutating func claimIfIdle() -> Bool {
    guard !delivering else { return false }
    delivering = true
    return true
  }

  @inlinable
  mutating func deliverNext(to downstream: Downstream) -> Action {
    demand -= 1
    return .deliver(downstream, queue.removeFirst())
  }

  @inlinable
  mutating func takeLeftovers(downstream: Downstream?, keepingQueue: Bool) -> Leftovers {
    defer {
      values = Values()
      if !keepingQueue { queue = CombiningQueue() }
    }
    return Leftovers(downstream: downstream, stored: values, queue: keepingQueue ? CombiningQueue() : queue)
  }
}

/// Which upstreams of a combining machine are subscribed, as bits, kept
/// beside its links: a value checks its upstream here, where reading the
/// link's case moves its existential subscription out and back
/// (combineLatest of two subjects in make bench: ~50 instructions per pair).
/// Sides from 64 on (a merge of many upstreams) are not kept: `contains`
/// answers nil, and the machine reads the link.
@usableFromInline
struct SubscribedSides {
  @usableFromInline var bits: UInt64 = 0

  @inlinable init() {}

  @inlinable
  mutating func insert(_ side: Int) {
    if side < 64 { bits |= 1 << side }
  }

  @inlinable
  mutating func remove(_ side: Int) {
    if side < 64 { bits &= ~(1 << side) }
  }

  @inlinable
  func contains(_ side: Int) -> Bool? {
    side < 64 ? bits & (1 << side) != 0 : nil
  }
}

/// What a combining machine (merge, combineLatest, zip) releases after the
/// lock when its result ends: the downstream (when cancelled), what it kept
/// per upstream, and the elements that waited for demand.
///
/// A class, allocated once when the result ends: as a struct it made every
/// action of the machines twice as large, and an action is moved a few times
/// per value (zip of two subjects in make bench: ~230 instructions of memcpy
/// per pair of sends). (An `indirect` case would box it the same way, but
/// crashes Swift 6.3's move checker in the `switch consume` of `perform`.)
@usableFromInline
package final class CombiningLeftovers<Downstream, Stored, Element> {
  @usableFromInline package let downstream: Downstream?
  /// What the operator kept per upstream.
  @usableFromInline package let stored: Stored
  @usableFromInline let queue: CombiningQueue<Element>

  @inlinable
  init(downstream: Downstream?, stored: Stored, queue: CombiningQueue<Element>) {
    self.downstream = downstream
    self.stored = stored
    self.queue = queue
  }

  /// The elements that were waiting for demand.
  @inlinable
  package var queued: [Element] { queue.elements }
}

extension Array {
  /// Ends every link of a combining operator; returns the subscriptions they
  /// held, to cancel after the lock.
  @inlinable
  mutating func endAll<Upstream>() -> [Upstream] where Element == UpstreamLink<Upstream> {
    let subscriptions = compactMap(\.subscription)
    for side in indices { self[side] = .ended }
    return subscriptions
  }

  /// Whether upstream `side` is subscribed, read in place: reading
  /// `links[side]` copies the link, its existential subscription through the
  /// value witnesses (zip of two subjects in make bench: about 440
  /// instructions per pair of sends). Mutating only so that the link is
  /// reached through the array's in-place accessor.
  @inlinable
  mutating func isSubscribed<Upstream>(side: Int) -> Bool where Element == UpstreamLink<Upstream> {
    self[side].isSubscribedInPlace()
  }
}

extension UpstreamLink {
  /// Whether subscribed; the link is moved out and back, not copied (see
  /// `Array.isSubscribed(side:)`).
  @inlinable
  mutating func isSubscribedInPlace() -> Bool {
    switch consume self {
    case let .subscribed(upstream):
      self = .subscribed(upstream)
      return true
    case let other:
      self = other
      return false
    }
  }

  @inlinable
  package var isFinished: Bool {
    if case .finished = self { return true }
    return false
  }
}

extension Subscribers.Completion {
  @inlinable
  var isFinished: Bool {
    if case .finished = self { return true }
    return false
  }
}
