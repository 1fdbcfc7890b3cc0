// The decisions of `combineLatest` (`CombineLatest`, `CombineLatest3`,
// `CombineLatest4`), without locks and without callouts: each event is a
// method that updates the state and returns the `Action` its caller performs
// after unlocking. `CombineLatestInner` holds it behind its lock;
// CombineLatestStateMachineTests drives it alone.
//
// States (`state`):
//
//   running(downstream)       downstream has its subscription (given before
//                             the upstreams are subscribed, as in Combine)
//   completing(downstream, completion)
//                             every upstream finished (delivered after the
//                             queued combinations), or one failed (next)
//   terminal                  completion delivered or cancelled: holds nothing
//
// Beside it: `links` (per upstream: awaiting → subscribed → finished, or
// ended when the result ends), `latest` (per upstream, its latest value,
// typed), `combinations` (waiting for demand), `demand` (requested, not yet
// consumed) and `delivering` (a thread delivers).
//
// Transitions (→ action):
//
//   upstreamSubscribed(i)  link i not awaiting       → cancelUpstream (a second subscription)
//                          otherwise                 → request the demand not covered by
//                                                      queued combinations (if any)
//   valueArrived(i)        link i not subscribed, or not running → none (dropped)
//                          stored as upstream i's latest; once every upstream has one, a
//                          combination is queued — or replaces the newest queued one when
//                          downstream has no demand for that one (→ discard it);
//                          demand and nobody delivers → claim, first delivery step
//   upstreamCompleted(i)   link i not subscribed     → none
//                          finished, others not all finished → none
//                          every upstream finished, or a failure (which drops the queue)
//                          → completing; cancel the other upstreams first, then
//                          deliver if nobody does
//   request(d)             demand += d; request d from every subscribed upstream; work
//                          and nobody delivers → claim
//   delivered(additional)  demand += additional; request it from every upstream → resume
//   resume()               the next delivery step: deliver a combination (demand and one
//                          queued), complete (failure, or finished and none left) →
//                          terminal, or idle (release the claim)
//   cancel()               → terminal; cancel every upstream; release downstream and values

/// The typed latest values of a combineLatest, one per upstream (generated per arity).
@usableFromInline
package protocol CombineLatestValues {
  associatedtype Output
  init()
  /// The latest value of every upstream, once every upstream has one.
  var combination: Output? { get }
}

@usableFromInline
package struct CombineLatestStateMachine<Downstream, Upstream, Latest: CombineLatestValues, Failure: Error> {
  @usableFromInline package typealias Output = Latest.Output
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
    @usableFromInline package var latest: Latest
    @usableFromInline var combinations: CombiningQueue<Output>

    @inlinable
    init(downstream: Downstream?, latest: Latest, combinations: CombiningQueue<Output>) {
      self.downstream = downstream
      self.latest = latest
      self.combinations = combinations
    }
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
    /// A queued combination that a newer one replaced: release it.
    case discard(Output)
    /// Cancel these upstreams (the result ended), release the leftovers;
    /// then, if `resume`, call `resume()`.
    case cancelUpstreams([Upstream], Leftovers, resume: Bool)
    /// Deliver the combination, then call `delivered(_:)` with what downstream returned.
    case deliver(Downstream, Output)
    /// The delivery is over.
    case idle
    /// Deliver the completion; release the leftovers after it.
    case complete(Downstream, Completion, Leftovers)
    /// Downstream cancelled: cancel the upstreams; release the leftovers.
    case cancelled([Upstream], Leftovers)
  }

  @usableFromInline package var state: State
  @usableFromInline package var links: [UpstreamLink<Upstream>]
  @usableFromInline package var latest = Latest()
  @usableFromInline var combinations = CombiningQueue<Output>()
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
    let uncovered = demand - combinations.count
    return uncovered > 0 ? .requestUpstream(upstream, uncovered) : .none
  }

  /// A value of upstream `side`; `store` makes it that upstream's latest.
  @inlinable
  package mutating func valueArrived(side: Int, store: (inout Latest) -> Void) -> Action {
    guard case .subscribed = links[side], case .running = state else { return .none }
    store(&latest)
    guard let combination = latest.combination else { return .none }
    if !combinations.isEmpty, demand <= combinations.count - 1 {
      // No demand for the newest queued combination: this one replaces it.
      return .discard(combinations.replaceLast(with: combination))
    }
    combinations.append(combination)
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
      let cancelled = endLinks()
      return .cancelUpstreams(cancelled, takeLeftovers(keepingCombinations: true), resume: claimIfIdle())
    case .failure:
      state = .completing(downstream, completion)
      let cancelled = endLinks()
      return .cancelUpstreams(cancelled, takeLeftovers(keepingCombinations: false), resume: claimIfIdle())
    }
  }

  @inlinable
  package mutating func request(_ additional: Subscribers.Demand) -> Action {
    switch state {
    case .running, .completing: demand += additional
    case .terminal: break
    }
    return .request(links, additional, resume: hasWork && claimIfIdle())
  }

  /// Downstream returned `additional` for the combination just delivered.
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
      if demand > 0, !combinations.isEmpty { return deliverNext(to: downstream) }
    case let .completing(downstream, completion):
      if case .finished = completion, !combinations.isEmpty {
        if demand > 0 { return deliverNext(to: downstream) }
        break
      }
      state = .terminal
      delivering = false
      return .complete(downstream, completion, takeLeftovers(keepingCombinations: false))
    case .terminal:
      break
    }
    delivering = false
    return .idle
  }

  @inlinable
  package mutating func cancel() -> Action {
    let cancelled = endLinks()
    let downstream: Downstream?
    switch state {
    case let .running(current), let .completing(current, _): downstream = current
    case .terminal: downstream = nil
    }
    state = .terminal
    var leftovers = takeLeftovers(keepingCombinations: false)
    leftovers.downstream = downstream
    return .cancelled(cancelled, leftovers)
  }

  // MARK: Reading

  /// Combinations waiting for demand.
  @inlinable
  package var queuedCombinations: Int { combinations.count }

  /// The downstream, until the result ends.
  @inlinable
  package var downstream: Downstream? {
    switch state {
    case let .running(downstream), let .completing(downstream, _): downstream
    case .terminal: nil
    }
  }

  // MARK: Helpers

  /// The thread that delivers has something to do: a combination and demand, or a completion.
  @inlinable
  var hasWork: Bool {
    switch state {
    case .running: demand > 0 && !combinations.isEmpty
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
    return .deliver(downstream, combinations.removeFirst())
  }

  @inlinable
  mutating func takeLeftovers(keepingCombinations: Bool) -> Leftovers {
    defer {
      latest = Latest()
      if !keepingCombinations { combinations = CombiningQueue() }
    }
    return Leftovers(
      downstream: nil,
      latest: latest,
      combinations: keepingCombinations ? CombiningQueue() : combinations
    )
  }
}

extension UpstreamLink {
  @inlinable
  package var isFinished: Bool {
    if case .finished = self { return true }
    return false
  }
}
