// The decisions of `zip` (`Zip`, `Zip3`, `Zip4`), without locks and without
// callouts: each event is a method that updates the state and returns the
// `Action` its caller performs after unlocking. `ZipInner` holds it behind
// its lock; ZipStateMachineTests drives it alone.
//
// States (`state`):
//
//   subscribing(downstream)   some upstream has not given its subscription yet;
//                             downstream has none (as in Combine, it gets its
//                             own once every upstream gave theirs)
//   running(downstream)       downstream has its subscription
//   completing(downstream, completion, cancelling)
//                             the result ended (an upstream failed, or finished
//                             with nothing left to pair); `finished` waits for
//                             the tuples queued before it, a failure goes next;
//                             `cancelling`: upstreams to cancel once the
//                             current delivery is over
//   terminal                  completion delivered or cancelled: holds nothing
//
// Beside it: `links` (per upstream: awaiting → subscribed → finished, or
// ended when the result ends; `CombiningLinks`), `buffers` (per upstream, its values not yet
// paired, typed), `tuples` (paired, waiting for demand), `demand` (requested,
// not yet consumed) and `delivery` (whether a thread delivers, and for a
// delivery that a value of upstream i started, the demand that goes back to
// upstream i as its `receive(_:)` result, as in Combine).
//
// Transitions (→ action):
//
//   upstreamSubscribed(i)  link i not awaiting             → cancelUpstream (a second subscription)
//                          subscribing, last to subscribe  → running, subscribeDownstream
//                          otherwise                       → none
//   valueArrived(i)        link i not subscribed, or completing/terminal → none (dropped)
//                          buffered; while every buffer has a value, a tuple is queued;
//                          if an upstream finished with an empty buffer → completing(.finished);
//                          queued work and nobody delivers → claim, first delivery step
//   upstreamCompleted(i)   link i not subscribed           → none
//                          finished, link i still buffers  → none (its values may still pair)
//                          finished with empty buffer, or failure → completing; the
//                          other upstreams are cancelled after the current delivery;
//                          nobody delivers → claim (subscribeDownstream first when
//                          the result ends while subscribing)
//   request(d)             demand += d; request d from every subscribed upstream (the one
//                          whose value is being delivered gets it as its result instead);
//                          queued work and nobody delivers → claim
//   delivered(additional)  demand += additional; request it from the others → resume
//   resume()               the next delivery step: deliver a tuple (demand and a tuple),
//                          complete (failure, or finished and no tuple left) → terminal,
//                          or idle (release the claim; hand out `cancelling`)
//   cancel()               → terminal; cancel every upstream; release downstream and values
//
// Nothing is released under the lock: what leaves the state (downstream,
// values, subscriptions) leaves inside the action.

/// The typed buffers of a zip, one per upstream (generated per arity).
@usableFromInline
package protocol ZipBuffers {
  associatedtype Output
  init()
  /// Every buffer holds a value: a tuple can be formed.
  var hasTuple: Bool { get }
  /// Whether the buffer of upstream `side` is empty.
  func isEmpty(side: Int) -> Bool
  /// Removes the first value of every buffer, as one tuple.
  mutating func removeFirstTuple() -> Output
}

/// Where a combining operator stands with one of its upstreams.
@usableFromInline
package enum UpstreamLink<Upstream> {
  /// Subscribed to; no subscription yet.
  case awaiting
  case subscribed(Upstream)
  /// The upstream completed.
  case finished
  /// Cancelled, or over because the result ended.
  case ended

  @inlinable
  package var subscription: Upstream? {
    if case let .subscribed(upstream) = self { return upstream }
    return nil
  }
}

@usableFromInline
package struct ZipStateMachine<Downstream, Upstream, Buffers: ZipBuffers, Failure: Error> {
  @usableFromInline package typealias Output = Buffers.Output
  @usableFromInline package typealias Completion = Subscribers.Completion<Failure>

  @usableFromInline
  package enum State {
    case subscribing(Downstream)
    case running(Downstream)
    case completing(Downstream, Completion, cancelling: [Upstream])
    case terminal
  }

  /// Who delivers.
  @usableFromInline
  package enum Delivery {
    case idle
    /// A thread delivers. `returningTo`: the upstream whose value started
    /// the delivery; `returned`: the demand that goes back to it.
    case claimed(returningTo: Int?, returned: Subscribers.Demand)
  }

  /// What is released after the lock when the result ends.
  @usableFromInline
  package typealias Leftovers = CombiningLeftovers<Downstream?, Buffers, InlineFirstQueue<Output>>

  @usableFromInline
  package enum Action {
    case none
    /// An upstream gave a second subscription: cancel it.
    case cancelUpstream(Upstream)
    /// Give downstream its subscription; then, if `resume`, the caller
    /// delivers: it calls `resume()`.
    case subscribeDownstream(Downstream, resume: Bool)
    /// Request `demand` from every subscribed upstream of `links` but
    /// `skipping`; then, if `resume`, call `resume()`.
    case request([UpstreamLink<Upstream>], Subscribers.Demand, skipping: Int?, resume: Bool)
    /// Deliver the tuple, then call `delivered(_:)` with what downstream returned.
    case deliver(Downstream, Output)
    /// The delivery is over: cancel these upstreams; a caller inside an
    /// upstream's `receive(_:)` returns `returning`.
    case idle(returning: Subscribers.Demand, cancel: [Upstream])
    /// Deliver the completion, then cancel these upstreams (Combine's order);
    /// release the leftovers after it.
    case complete(Downstream, Completion, returning: Subscribers.Demand, cancel: [Upstream], Leftovers)
    /// Downstream cancelled: cancel the upstreams; release the leftovers.
    case cancelled([Upstream], Leftovers)
  }

  @usableFromInline package var state: State
  @usableFromInline package var links: CombiningLinks<Upstream>
  @usableFromInline package var buffers = Buffers()
  @usableFromInline var tuples = InlineFirstQueue<Output>()
  @usableFromInline package var demand = Subscribers.Demand.none
  @usableFromInline package var delivery = Delivery.idle
  /// Some upstream finished: `exhausted` is worth checking. Saves reading
  /// every link for each tuple (a copy of each existential subscription).
  @usableFromInline var someFinished = false

  @inlinable
  package init(downstream: Downstream, upstreams: Int) {
    state = .subscribing(downstream)
    links = CombiningLinks(count: upstreams)
  }

  // MARK: Events

  @inlinable
  package mutating func upstreamSubscribed(_ upstream: Upstream, side: Int) -> Action {
    guard links.subscribe(upstream, side: side) else { return .cancelUpstream(upstream) }
    guard case let .subscribing(downstream) = state, !links.all.contains(where: \.isAwaiting) else { return .none }
    state = .running(downstream)
    return .subscribeDownstream(downstream, resume: false)
  }

  /// A value of upstream `side`; `store` appends it to that upstream's buffer.
  @inlinable
  package mutating func valueArrived(side: Int, store: (inout Buffers) -> Void) -> Action {
    valueArrived((), side: side) { buffers, _ in store(&buffers) }
  }

  /// `valueArrived(side:store:)` with the value beside a `store` that
  /// captures nothing: a closure capturing the value was formed on every
  /// value (zip of two subjects in make bench: ~30 instructions per pair).
  @inlinable
  package mutating func valueArrived<Input>(
    _ input: consuming Input,
    side: Int,
    store: (inout Buffers, consuming Input) -> Void
  ) -> Action {
    guard links.isSubscribed(side: side) else { return .none }
    switch state {
    case .subscribing, .running: break
    case .completing, .terminal: return .none
    }
    store(&buffers, input)
    guard buffers.hasTuple else { return .none }
    if tuples.isEmpty, demand > 0, !someFinished, case .idle = delivery, case let .running(downstream) = state {
      // Nobody delivers and downstream has demand: what queueing the tuple,
      // claiming the delivery and taking the tuple back out would decide,
      // without the queue (zip of two subjects in make bench: ~40
      // instructions per pair). A value completes at most one tuple: the
      // buffers held none before it.
      let tuple = buffers.removeFirstTuple()
      delivery = .claimed(returningTo: side, returned: .none)
      demand -= 1
      return .deliver(downstream, tuple)
    }
    repeat {
      tuples.append(buffers.removeFirstTuple())
    } while buffers.hasTuple
    if someFinished, exhausted { end(with: .finished) }
    return claim(returningTo: side)
  }

  @inlinable
  package mutating func upstreamCompleted(side: Int, _ completion: Completion) -> Action {
    guard links.finish(side: side) else { return .none }
    someFinished = true
    if case .finished = completion, !buffers.isEmpty(side: side) { return .none }
    let subscribing: Downstream?
    if case let .subscribing(downstream) = state { subscribing = downstream } else { subscribing = nil }
    end(with: completion)
    if let subscribing {
      // The result ends before every upstream subscribed: downstream gets
      // its subscription just before the completion (nobody delivers yet:
      // there was no demand).
      return .subscribeDownstream(subscribing, resume: claimIfIdle(returningTo: nil))
    }
    return claim(returningTo: nil)
  }

  @inlinable
  package mutating func request(_ additional: Subscribers.Demand) -> Action {
    var skipping: Int?
    switch state {
    case .subscribing, .running, .completing:
      demand += additional
    case .terminal:
      break
    }
    if case let .claimed(returningTo, returned) = delivery {
      // Requested during a delivery started by a value of upstream
      // `returningTo`: it gets this demand as its receive(_:) result.
      if let returningTo {
        skipping = returningTo
        delivery = .claimed(returningTo: returningTo, returned: returned + additional)
      }
      return .request(links.all, additional, skipping: skipping, resume: false)
    }
    return .request(links.all, additional, skipping: nil, resume: hasWork && claimIfIdle(returningTo: nil))
  }

  /// Downstream returned `additional` for the tuple just delivered.
  @inlinable
  package mutating func delivered(_ additional: Subscribers.Demand) -> Action {
    guard additional > 0 else { return resume() }
    switch state {
    case .subscribing, .running, .completing: demand += additional
    case .terminal: break
    }
    guard case let .claimed(returningTo?, returned) = delivery else {
      return .request(links.all, additional, skipping: nil, resume: true)
    }
    delivery = .claimed(returningTo: returningTo, returned: returned + additional)
    return .request(links.all, additional, skipping: returningTo, resume: true)
  }

  /// The next step of the thread that delivers.
  @inlinable
  package mutating func resume() -> Action {
    switch state {
    case let .running(downstream):
      if demand > 0, !tuples.isEmpty { return deliverNext(to: downstream) }
    case let .completing(downstream, completion, cancelling):
      if case .finished = completion, !tuples.isEmpty {
        if demand > 0 { return deliverNext(to: downstream) }
        state = .completing(downstream, completion, cancelling: [])
        return .idle(returning: releaseClaim(), cancel: cancelling)
      }
      state = .terminal
      let leftovers = takeLeftovers(downstream: nil)
      return .complete(downstream, completion, returning: releaseClaim(), cancel: cancelling, leftovers)
    case .subscribing, .terminal:
      break
    }
    return .idle(returning: releaseClaim(), cancel: [])
  }

  @inlinable
  package mutating func cancel() -> Action {
    var cancelled = links.endAll()
    let downstream: Downstream?
    switch state {
    case let .subscribing(current), let .running(current):
      downstream = current
    case let .completing(current, _, cancelling):
      downstream = current
      cancelled = cancelling + cancelled  // the completion will not be delivered now
    case .terminal:
      downstream = nil
    }
    state = .terminal
    return .cancelled(cancelled, takeLeftovers(downstream: downstream))
  }

  // MARK: Reading

  /// Tuples waiting for demand.
  @inlinable
  package var queuedTuples: Int { tuples.count }

  /// The downstream, until the result ends.
  @inlinable
  package var downstream: Downstream? {
    switch state {
    case let .subscribing(downstream), let .running(downstream), let .completing(downstream, _, _): downstream
    case .terminal: nil
    }
  }

  // MARK: Helpers

  /// An upstream finished and none of its values are left: no tuple can come.
  @inlinable
  package var exhausted: Bool {
    links.all.indices.contains { side in
      if case .finished = links.all[side] { return buffers.isEmpty(side: side) }
      return false
    }
  }

  /// The thread that delivers has something to do: a tuple and demand, or a completion.
  @inlinable
  var hasWork: Bool {
    switch state {
    case .running: demand > 0 && !tuples.isEmpty
    case .completing: true
    case .subscribing, .terminal: false
    }
  }

  /// Ends the result: every link ends, the subscriptions are cancelled after the current delivery.
  @inlinable
  mutating func end(with completion: Completion) {
    let downstream: Downstream
    var cancelling = links.endAll()
    switch state {
    case let .subscribing(current), let .running(current):
      downstream = current
    case let .completing(current, _, earlier):
      downstream = current
      cancelling = earlier + cancelling
    case .terminal:
      return
    }
    // A failure goes ahead of the queued tuples, which are then released with the leftovers.
    state = .completing(downstream, completion, cancelling: cancelling)
  }

  /// Claims the delivery for the caller if there is work and nobody delivers.
  @inlinable
  mutating func claim(returningTo side: Int?) -> Action {
    guard hasWork, claimIfIdle(returningTo: side) else { return .none }
    return resume()
  }

  @inlinable
  mutating func claimIfIdle(returningTo side: Int?) -> Bool {
    guard case .idle = delivery else { return false }
    delivery = .claimed(returningTo: side, returned: .none)
    return true
  }

  @inlinable
  mutating func releaseClaim() -> Subscribers.Demand {
    defer { delivery = .idle }
    if case let .claimed(_, returned) = delivery { return returned }
    return .none
  }

  @inlinable
  mutating func deliverNext(to downstream: Downstream) -> Action {
    demand -= 1
    return .deliver(downstream, tuples.removeFirst())
  }

  @inlinable
  mutating func takeLeftovers(downstream: Downstream?) -> Leftovers {
    defer {
      buffers = Buffers()
      tuples = InlineFirstQueue()
    }
    return Leftovers(downstream: downstream, stored: buffers, queue: tuples)
  }
}

extension UpstreamLink {
  @inlinable
  package var isAwaiting: Bool {
    if case .awaiting = self { return true }
    return false
  }
}
