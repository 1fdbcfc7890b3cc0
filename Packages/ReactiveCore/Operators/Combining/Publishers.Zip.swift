// The subscription of `Zip`, `Zip3` and `Zip4`. Their declarations (the
// public structs, the `zip` operators, the typed buffers) are generated into
// Publishers.Zip+Arities.swift; the decisions are ZipStateMachine's.

/// The subscription of every zip: `ZipStateMachine` behind a lock, and the
/// callouts its actions ask for, made after unlocking.
///
/// Every method is `@inlinable` and the subscription is created in the
/// inlinable `receive(subscriber:)`, so the whole send path (upstream value,
/// buffer, tuple, downstream) is specialised for the concrete types: no
/// runtime metadata lookup, no boxing, no allocation per value. Zip of two
/// subjects, per pair of sends: 46,643 → see Docs/Performance.md.
@usableFromInline
final class ZipInner<Downstream: Subscriber, Buffers: ZipBuffers>: SpecializedSubscription, CustomStringConvertible
where Buffers.Output == Downstream.Input {
  @usableFromInline
  typealias Machine = ZipStateMachine<Downstream, any Subscription, Buffers, Downstream.Failure>

  /// The lock of `machine`, beside it (see `StateLock`): the deinitialiser,
  /// never specialised, then asks the runtime for the machine's metadata
  /// only, not the lock's.
  @usableFromInline
  let lock = StateLock()
  @usableFromInline
  @exclusivity(unchecked) var machine: Machine

  /// Calls `body` with the machine, under the lock.
  @inlinable
  func withState<Result: ~Copyable>(_ body: (inout Machine) -> Result) -> Result {
    lock.withLock { body(&machine) }
  }

  /// `request(_:)` and `cancel()` reach specialised code through these
  /// (downstream calls them through `any Subscription`; see `SpecializedEntryPoints`).
  @usableFromInline
  let entryPoints: SpecializedEntryPoints<ZipInner>

  @usableFromInline
  var description: String { "Zip" }

  @inlinable
  init(_ downstream: Downstream, upstreams: Int) {
    machine = Machine(downstream: downstream, upstreams: upstreams)
    entryPoints = SpecializedEntryPoints(
      request: { $0.requestSpecialized($1) },
      cancel: { $0.cancelSpecialized() }
    )
  }

  @inlinable
  func receive(subscription: any Subscription, side: Int) {
    let action = withState { $0.upstreamSubscribed(subscription, side: side) }
    _ = perform(consume action)
  }

  /// A value of upstream `side`; `store` appends it to that upstream's buffer.
  /// When it completes a tuple that reaches downstream at once, the demand
  /// downstream returns goes back to this upstream as the result, as in
  /// Combine, and is requested from the others.
  @inlinable
  func receive<Input>(_ input: Input, side: Int, store: (inout Buffers, Input) -> Void) -> Subscribers.Demand {
    let action = withState { $0.valueArrived(input, side: side, store: store) }
    return perform(consume action)
  }

  @inlinable
  func receive(completion: Subscribers.Completion<Downstream.Failure>, side: Int) {
    let action = withState { $0.upstreamCompleted(side: side, completion) }
    _ = perform(consume action)
  }

  @inlinable
  func requestSpecialized(_ demand: Subscribers.Demand) {
    let action = withState { $0.request(demand) }
    _ = perform(consume action)
  }

  @inlinable
  func cancelSpecialized() {
    let action = withState { $0.cancel() }
    _ = perform(consume action)  // downstream and the values are released here, after the lock
  }

  /// Performs an action after the lock, and the ones it leads to while this
  /// thread delivers. Returns the demand a caller inside an upstream's
  /// `receive(_:)` returns.
  @inlinable
  func perform(_ first: consuming Machine.Action) -> Subscribers.Demand {
    var action = first
    while true {
      // Consumed, not copied: a copy of the generic action goes through
      // its value witnesses (~1,300 instructions per zipped pair).
      switch consume action {
      case .none:
        return .none
      case let .cancelUpstream(subscription):
        subscription.cancel()
        return .none
      case let .subscribeDownstream(downstream, resume):
        downstream.receive(subscription: self)  // its requests reach every upstream from here
        guard resume else { return .none }
        action = withState { $0.resume() }
      case let .request(links, demand, skipping, resume):
        for side in links.indices where side != skipping {
          links[side].subscription?.request(demand)
        }
        guard resume else { return .none }
        action = withState { $0.resume() }
      case let .deliver(downstream, tuple):
        let additional = downstream.receive(tuple)
        action = withState { $0.delivered(additional) }
      case let .idle(returning, cancelled):
        for subscription in cancelled { subscription.cancel() }
        return returning
      case let .complete(downstream, completion, returning, cancelled, leftovers):
        downstream.receive(completion: completion)
        for subscription in cancelled { subscription.cancel() }
        _ = leftovers  // released here, after the lock
        return returning
      case let .cancelled(subscriptions, leftovers):
        for subscription in subscriptions { subscription.cancel() }
        _ = leftovers  // released here, after the lock
        return .none
      }
    }
  }

  /// The subscriber a zip attaches to each of its upstreams. Like Combine's,
  /// it has no description of its own: an upstream that describes its
  /// subscriber shows its type.
  @usableFromInline
  struct Side<Input>: Subscriber, LibrarySubscriber {
    @usableFromInline
    typealias Failure = Downstream.Failure

    @usableFromInline
    let inner: ZipInner
    @usableFromInline
    let side: Int
    /// Appends a value to this upstream's buffer: formed once, in
    /// `receive(subscriber:)`, where the buffer's type is known.
    @usableFromInline
    let store: (inout Buffers, Input) -> Void
    @usableFromInline
    let combineIdentifier = CombineIdentifier()

    @inlinable
    init(inner: ZipInner, side: Int, store: @escaping (inout Buffers, Input) -> Void) {
      self.inner = inner
      self.side = side
      self.store = store
    }

    @inlinable
    func receive(subscription: any Subscription) {
      inner.receive(subscription: subscription, side: side)
    }

    @inlinable
    func receive(_ input: Input) -> Subscribers.Demand {
      inner.receive(input, side: side, store: store)
    }

    @inlinable
    func receive(completion: Subscribers.Completion<Failure>) {
      inner.receive(completion: completion, side: side)
    }
  }
}

extension ZipInner: CombineReflectable {
  /// Shows the downstream and the demand it has not yet received.
  @usableFromInline
  var customMirror: Mirror {
    let (downstream, demand) = withState { ($0.downstream, $0.demand) }
    return Mirror(self, children: ["downstream": downstream as Any, "demand": demand])
  }
}

extension ZipInner.Side: CustomReflectable, CustomPlaygroundDisplayConvertible {
  /// The mirror of the subscription it feeds.
  @usableFromInline
  var customMirror: Mirror { inner.customMirror }
  @usableFromInline
  var playgroundDescription: Any { inner.playgroundDescription }
}
