// The decisions of every merge (`Merge` to `Merge8`, `MergeMany`), without
// locks and without callouts: each event is a method that updates the state
// and returns the `Action` its caller performs after unlocking. `MergeInner`
// holds it behind its lock; MergeStateMachineTests drives it alone.
//
// States (`state`):
//
//   running(downstream)       downstream has its subscription (given before
//                             the upstreams are subscribed, as in Combine)
//   completing(downstream, completion)
//                             every upstream finished (delivered after the
//                             queued values), or one failed (next)
//   terminal                  completion delivered or cancelled: holds nothing
//
// Beside it: `links` (per upstream: awaiting → subscribed → finished, or
// ended when the result ends), `queue` (values waiting for demand), `demand`
// (requested, not yet consumed) and `delivering` (a thread delivers).
//
// Transitions (→ action):
//
//   upstreamSubscribed(i)  link i not awaiting       → cancelUpstream (a second subscription)
//                          otherwise                 → request the demand not covered by
//                                                      queued values (if any)
//   valueArrived           not running               → none (dropped)
//                          queued; demand and nobody delivers → claim, first delivery step
//   upstreamCompleted(i)   link i not subscribed     → none
//                          finished, others not all finished → none
//                          every upstream finished   → completing; nobody delivers → claim
//                          a failure                 → completing, the queue dropped; cancel
//                                                      the others first, then deliver if
//                                                      nobody does
//   noUpstreams            (MergeMany of nothing)    → completing(.finished); claim
//   request(d)             demand += d; request d from every subscribed upstream; work
//                          and nobody delivers → claim
//   delivered(additional)  demand += additional; request it from every upstream → resume
//   resume()               the next delivery step: deliver a value (demand and one
//                          queued), complete (failure, or finished and none left) →
//                          terminal, or idle (release the claim)
//   cancel()               → terminal; cancel every upstream; release downstream and values

@usableFromInline
package struct MergeStateMachine<Downstream, Upstream, Output, Failure: Error> {
  @usableFromInline package typealias Completion = Subscribers.Completion<Failure>

  @usableFromInline
  package enum State {
    case running(Downstream)
    case completing(Downstream, Completion)
    case terminal
  }

  /// What is released after the lock when the result ends.
  @usableFromInline
  package struct Leftovers {
    @usableFromInline package var downstream: Downstream?
    @usableFromInline var queue: CombiningQueue<Output>

    @inlinable
    init(downstream: Downstream?, queue: CombiningQueue<Output>) {
      self.downstream = downstream
      self.queue = queue
    }

    /// The values that were waiting for demand.
    @inlinable
    package var values: [Output] { queue.elements }
  }

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
    /// Cancel these upstreams (an upstream failed), release the leftovers;
    /// then, if `resume`, call `resume()`.
    case cancelUpstreams([Upstream], Leftovers, resume: Bool)
    /// Deliver the value, then call `delivered(_:)` with what downstream returned.
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
    let uncovered = demand - queue.count
    return uncovered > 0 ? .requestUpstream(upstream, uncovered) : .none
  }

  /// A value of any upstream: Combine does not check which.
  @inlinable
  package mutating func valueArrived(_ value: Output) -> Action {
    guard case .running = state else { return .none }
    queue.append(value)
    return claim()
  }

  @inlinable
  package mutating func upstreamCompleted(side: Int, _ completion: Completion) -> Action {
    guard case .subscribed = links[side] else { return .none }
    links[side] = .finished
    guard case let .running(downstream) = state else { return .none }
    switch completion {
    case .finished:
      guard links.allSatisfy(\.isFinished) else { return .none }
      state = .completing(downstream, completion)
      return claim()
    case .failure:
      state = .completing(downstream, completion)
      let cancelled = endLinks()
      return .cancelUpstreams(cancelled, takeLeftovers(downstream: nil), resume: claimIfIdle())
    }
  }

  /// A merge of no upstream (an empty `MergeMany`) finishes at once.
  @inlinable
  package mutating func noUpstreams() -> Action {
    guard case let .running(downstream) = state else { return .none }
    state = .completing(downstream, .finished)
    return claim()
  }

  @inlinable
  package mutating func request(_ additional: Subscribers.Demand) -> Action {
    switch state {
    case .running, .completing: demand += additional
    case .terminal: break
    }
    return .request(links, additional, resume: hasWork && claimIfIdle())
  }

  /// Downstream returned `additional` for the value just delivered.
  @inlinable
  package mutating func delivered(_ additional: Subscribers.Demand) -> Action {
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
    let cancelled = endLinks()
    let downstream = self.downstream
    state = .terminal
    return .cancelled(cancelled, takeLeftovers(downstream: downstream))
  }

  // MARK: Reading

  /// Values waiting for demand.
  @inlinable
  package var queuedValues: Int { queue.count }

  /// The downstream, until the result ends.
  @inlinable
  package var downstream: Downstream? {
    switch state {
    case let .running(downstream), let .completing(downstream, _): downstream
    case .terminal: nil
    }
  }

  // MARK: Helpers

  /// The thread that delivers has something to do: a value and demand, or a completion.
  @inlinable
  var hasWork: Bool {
    switch state {
    case .running: demand > 0 && !queue.isEmpty
    case .completing: true
    case .terminal: false
    }
  }

  @inlinable
  mutating func endLinks() -> [Upstream] {
    let subscriptions = links.compactMap(\.subscription)
    for side in links.indices { links[side] = .ended }
    return subscriptions
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
  mutating func takeLeftovers(downstream: Downstream?) -> Leftovers {
    defer { queue = CombiningQueue() }
    return Leftovers(downstream: downstream, queue: queue)
  }
}
