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
// ended when the result ends; `CombiningLinks`), `values` (what the operator keeps per
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
package protocol CombiningValues: ~Copyable {
  /// What the operator delivers.
  associatedtype Output
  init()
}

@usableFromInline
package struct CombiningStateMachine<
  Downstream,
  Upstream,
  Values: CombiningValues & ~Copyable,
  Failure: Error
>: ~Copyable {
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
  package typealias Leftovers = CombiningLeftovers<Downstream?, Values, InlineFirstQueue<Output>>

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
  @usableFromInline package var links: CombiningLinks<Upstream>
  @usableFromInline package var values = Values()
  @usableFromInline var queue = InlineFirstQueue<Output>()
  @usableFromInline package var demand = Subscribers.Demand.none
  @usableFromInline package var delivering = false

  @inlinable
  package init(downstream: Downstream, upstreams: Int) {
    state = .running(downstream)
    links = CombiningLinks(count: upstreams)
  }

  // MARK: Events

  @inlinable
  package mutating func upstreamSubscribed(_ upstream: Upstream, side: Int) -> Action {
    guard links.subscribe(upstream, side: side) else { return .cancelUpstream(upstream) }
    let uncovered = demand - queue.count
    return uncovered > 0 ? .requestUpstream(upstream, uncovered) : .none
  }

  @inlinable
  package mutating func upstreamCompleted(side: Int, _ completion: Completion) -> Action {
    guard links.finish(side: side) else { return .none }
    guard case let .running(downstream) = state else { return .none }
    if case .finished = completion, !links.allFinished { return .none }
    state = .completing(downstream, completion)
    let cancelled = links.endAll()
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
    return .request(links.all, additional, resume: hasWork && claimIfIdle())
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
    return .request(links.all, additional, resume: true)
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
    let downstream = self.downstream
    state = .terminal
    return .cancelled(cancelled, takeLeftovers(downstream: downstream, keepingQueue: false))
  }

  // MARK: Reading

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
    var stored = Values()
    swap(&stored, &values)  // `Values` is not copyable: taken out, replaced by an empty one
    defer {
      if !keepingQueue { queue = InlineFirstQueue() }
    }
    return Leftovers(downstream: downstream, stored: stored, queue: keepingQueue ? InlineFirstQueue() : queue)
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
///
/// Each stored property's type is one of the class's generic arguments
/// (`DownstreamSlot` is `Downstream?`, `Queue` a `InlineFirstQueue`): the
/// deinitialiser, never specialised, finds their metadata in the object's
/// class, where a property of type `Downstream?` or `InlineFirstQueue<Element>`
/// made it ask the runtime's metadata cache for each (two lookups at every
/// end of a zip, about 650 instructions).
@usableFromInline
package final class CombiningLeftovers<DownstreamSlot, Stored: ~Copyable, Queue> {
  /// The downstream to release (an optional), when cancelled.
  @usableFromInline package let downstream: DownstreamSlot
  /// What the operator kept per upstream.
  @usableFromInline package let stored: Stored
  /// The elements that were waiting for demand.
  @usableFromInline package let queue: Queue

  @inlinable
  init(downstream: DownstreamSlot, stored: consuming Stored, queue: Queue) {
    self.downstream = downstream
    self.stored = stored
    self.queue = queue
  }
}

/// The links of a combining machine (zip, merge, combineLatest), one per
/// upstream, with the subscribed ones also kept as bits, changed with them:
/// a value checks its upstream's bit, where reading the link's case moves
/// its existential subscription out and back (~25 instructions), and
/// `links[side]` copies it through the value witnesses (~220; zip of two
/// subjects in make bench: 1,426 → 1,402 per pair, combineLatest 1,543 →
/// 1,487). Sides from 64 on (a merge of many upstreams) have no bit: their
/// link is read.
@usableFromInline
package struct CombiningLinks<Upstream> {
  /// Per upstream: awaiting → subscribed → finished, or ended when the result ends.
  @usableFromInline package var all: [UpstreamLink<Upstream>]
  @usableFromInline var subscribedBits: UInt64 = 0
  /// How many links are finished: whether all are is then one comparison
  /// (it was `all.allSatisfy(\.isFinished)`, ~900 instructions per link, on
  /// every completion: O(u²) for a `MergeMany` of u upstreams finishing).
  @usableFromInline var finishedCount = 0

  @inlinable
  init(count: Int) {
    all = Array(repeating: .awaiting, count: count)
  }

  /// Subscribes upstream `side`; false if it was not awaiting its subscription.
  @inlinable
  mutating func subscribe(_ upstream: Upstream, side: Int) -> Bool {
    guard all[side].isAwaiting else { return false }
    all[side] = .subscribed(upstream)
    if side < 64 { subscribedBits |= 1 << side }
    return true
  }

  /// Marks upstream `side` finished; false if it was not subscribed.
  @inlinable
  mutating func finish(side: Int) -> Bool {
    guard isSubscribed(side: side) else { return false }
    all[side] = .finished
    finishedCount += 1
    if side < 64 { subscribedBits &= ~(1 << side) }
    return true
  }

  /// Whether upstream `side` is subscribed. Mutating only so that a link
  /// without a bit is reached in place, and moved out and back.
  @inlinable
  mutating func isSubscribed(side: Int) -> Bool {
    if side < 64 { return subscribedBits & (1 << side) != 0 }
    return all[side].phase() == .subscribed
  }

  /// Whether every upstream finished.
  @inlinable
  var allFinished: Bool { finishedCount == all.count }

  /// Ends every link; returns the subscriptions they held, to cancel after the lock.
  @inlinable
  mutating func endAll() -> [Upstream] {
    let subscriptions = all.compactMap(\.subscription)
    for side in all.indices { all[side] = .ended }
    subscribedBits = 0
    return subscriptions
  }
}

/// The case of an ``UpstreamLink``, without its subscription.
@usableFromInline
enum UpstreamLinkPhase {
  case awaiting, subscribed, finished, ended
}

extension UpstreamLink {
  /// The link's case, read in place: the link is moved out and back.
  /// Matching it (`guard case .subscribed = link`) copies its existential
  /// subscription through the value witnesses, and destroys the copy.
  @inlinable
  mutating func phase() -> UpstreamLinkPhase {
    switch consume self {
    case .awaiting:
      self = .awaiting
      return .awaiting
    case let .subscribed(upstream):
      self = .subscribed(upstream)
      return .subscribed
    case .finished:
      self = .finished
      return .finished
    case .ended:
      self = .ended
      return .ended
    }
  }

  /// Finished, if it was awaiting its subscription or subscribed; whether
  /// it was. Moved out, as `phase()`.
  @inlinable
  mutating func finishUnlessOver() -> Bool {
    switch consume self {
    case .awaiting, .subscribed:
      self = .finished
      return true
    case let other:
      self = other
      return false
    }
  }

  /// Ended; returns the subscription to cancel, if it was subscribed.
  /// Moved out, as `phase()`.
  @inlinable
  mutating func end() -> Upstream? {
    switch consume self {
    case let .subscribed(upstream):
      self = .ended
      return upstream
    case .awaiting, .finished, .ended:
      self = .ended
      return nil
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
