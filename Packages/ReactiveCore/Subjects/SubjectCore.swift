public import Synchronization

/// The machinery shared by `PassthroughSubject`, `CurrentValueSubject` and
/// `@Published`'s publisher.
///
/// A send travels as in Combine:
/// 1. under the subject's lock, `send` takes a snapshot of the subscriptions
///    (the array's buffer is shared, not copied), and a `CurrentValueSubject`
///    stores the value;
/// 2. after the lock, on the sender's thread, it offers the value to each
///    subscription (`SubjectConduit`), in subscription order;
/// 3. each subscription decides under its own lock whether its subscriber
///    has demand, and calls the subscriber while holding its *delivery lock*,
///    a `ReentrantLock` that serializes the calls to that one subscriber.
///
/// So a send made from inside a subscriber's `receive` is delivered at once,
/// nested, to every subscriber, before the inner `send` returns (the thread
/// already holds the delivery lock and takes it again). A send from another
/// thread that finds a subscriber busy waits for that delivery to end, then
/// delivers on its own thread: every `send` returns after its value reached
/// each subscriber that had demand. Sends from several threads are not
/// ordered among themselves: two subscribers may see two concurrent values in
/// different orders; each thread's own values keep their order.
///
/// States of the subject (`State`, under `state`'s lock):
/// - open (`completion == nil`): `conduits` are the live subscriptions, in
///   subscription order; `subscribe` appends, `cancel` removes, `send` reads;
/// - completed (`completion != nil`): `send(completion:)` took the
///   conduits; they stay empty; sends are ignored (a `CurrentValueSubject`'s
///   `value` setter still stores); a new subscriber receives the completion.
/// `upstreams`, `hasDemand`: subscriptions received through
/// `send(subscription:)`, asked for `.unlimited` once any subscriber demands
/// (a `CurrentValueSubject` asks at once: its `value` follows its upstreams
/// even without a subscriber).
///
/// Lifetimes: a live subscription holds the subject and its core, as in
/// Combine, so a subject with a subscriber stays alive; it lets go of them on
/// cancel and completion. When the subject is deallocated, the core follows
/// and cancels its upstream subscriptions. Values the core replaces are
/// released after the lock, as any other callout.
@usableFromInline
final class SubjectCore<Output, Failure: Error>: @unchecked Sendable {
  // @unchecked Sendable: all mutable state is under `state`'s lock.

  @usableFromInline
  typealias Conduits = SubscriberRegistry<SubjectConduitBase<Output, Failure>>

  @usableFromInline
  struct State: ~Copyable {
    @usableFromInline
    var conduits = Conduits()
    @usableFromInline
    var completion: Subscribers.Completion<Failure>?
    @usableFromInline
    var upstreams: [any Subscription] = []
    @usableFromInline
    var hasDemand = false
    /// `CurrentValueSubject` only: the latest value.
    @usableFromInline
    var currentValue: Output?
  }

  @usableFromInline
  let state: Lock<State>

  /// True for `CurrentValueSubject`: a subscriber receives the current value
  /// on its first demand, and the latest value on its next demand when it
  /// missed one for lack of demand.
  @usableFromInline
  let keepsLatest: Bool

  init(currentValue: Output?) {
    keepsLatest = currentValue != nil
    state = Lock(State(hasDemand: keepsLatest, currentValue: currentValue))
  }

  deinit {
    // The subject is gone: nobody can send into it any more.
    for upstream in state.withLock({ $0.upstreams }) {
      upstream.cancel()
    }
  }

  // MARK: Entry points

  @inlinable
  func send(_ value: Output) {
    publish(value, storesAfterCompletion: false)
  }

  /// `CurrentValueSubject.value`'s setter: as `send(_:)`, except that after
  /// completion the value is still stored (and not published), as in Combine.
  @inlinable
  func setCurrentValue(_ value: Output) {
    publish(value, storesAfterCompletion: true)
  }

  @inlinable
  func publish(_ value: Output, storesAfterCompletion: Bool) {
    let (conduits, replaced) = state.withLock { state -> (Conduits?, Output?) in
      let isOpen = state.completion == nil
      var replaced: Output?
      if keepsLatest && (isOpen || storesAfterCompletion) {
        replaced = state.currentValue
        state.currentValue = value
      }
      return (isOpen ? state.conduits : nil, replaced)
    }
    _ = replaced  // the previous current value is released here, after the lock
    guard let conduits else { return }
    conduits.forEach { conduit in
      conduit.offer(value)
    }
  }

  @inlinable
  func send(completion: Subscribers.Completion<Failure>) {
    let conduits = state.withLock { state -> Conduits? in
      guard state.completion == nil else { return nil }
      state.completion = completion
      defer { state.conduits = Conduits() }
      return state.conduits
    }
    guard let conduits else { return }
    conduits.forEach { conduit in
      conduit.finish(completion)
    }
  }

  /// Registers `conduit`, or hands back the completion if the subject is
  /// over. The caller holds the conduit's delivery lock.
  @inlinable
  func register(_ conduit: SubjectConduitBase<Output, Failure>) -> Subscribers.Completion<Failure>? {
    state.withLock { state -> Subscribers.Completion<Failure>? in
      if let completion = state.completion { return completion }
      state.conduits.append(conduit)
      return nil
    }
  }

  @inlinable
  func send(subscription: any Subscription) {
    let (requestNow, cancelNow) = state.withLock { state -> (Bool, Bool) in
      if state.completion != nil { return (false, true) }
      state.upstreams.append(subscription)
      return (state.hasDemand, false)
    }
    if cancelNow {
      subscription.cancel()
    } else if requestNow {
      subscription.request(.unlimited)
    }
  }

  /// A subscriber requested: the first demand of any subscriber starts the upstreams.
  @inlinable
  func demandArrived() {
    let upstreams = state.withLock { state -> [any Subscription] in
      guard !state.hasDemand else { return [] }
      state.hasDemand = true
      return state.upstreams
    }
    for upstream in upstreams {
      upstream.request(.unlimited)
    }
  }

  @inlinable
  func remove(_ conduit: SubjectConduitBase<Output, Failure>) {
    let removed = state.withLock { state -> SubjectConduitBase<Output, Failure>? in
      state.conduits.remove(conduit)
    }
    _ = removed  // released here, after the lock
  }

  /// Inlinable: read for every value a `CurrentValueSubject` owes a
  /// subscriber (each element of its `values`), where unspecialised it asked
  /// the runtime for the metadata of the lock and the state (about 2,500
  /// instructions).
  @inlinable
  var currentValue: Output? {
    state.withLock { $0.currentValue }
  }
}

/// Which subject a subscription belongs to: its description. One byte, where
/// the name itself took sixteen in every subscription.
@usableFromInline
enum SubjectKind: UInt8 {
  case passthrough, currentValue, published

  @usableFromInline
  var name: String {
    switch self {
    case .passthrough: "PassthroughSubject"
    case .currentValue: "CurrentValueSubject"
    case .published: "PublishedSubject"
    }
  }
}

/// What the subject needs from a subscription; it does not know the subscriber type.
@usableFromInline
class SubjectConduitBase<Output, Failure: Error>: RegistryMember {
  @usableFromInline
  @exclusivity(unchecked) var registrySlot = -1

  @usableFromInline
  init() {}

  @inlinable
  func offer(_ value: Output) { preconditionFailure("Bug in SubjectConduit: abstract offer") }
  @inlinable
  func finish(_ completion: Subscribers.Completion<Failure>) {
    preconditionFailure("Bug in SubjectConduit: abstract finish")
  }
}

/// What a live subscription holds of its subject: the core, and the subject
/// object itself, kept alive while the subscription lives (an upstream
/// attached with `subscribe(subject)` holds the subject weakly, as in
/// Combine, and keeps feeding it meanwhile).
@usableFromInline
struct SubjectParent<Output, Failure: Error> {
  @usableFromInline
  let core: SubjectCore<Output, Failure>
  @usableFromInline
  let subject: AnyObject

  @inlinable
  init(core: SubjectCore<Output, Failure>, subject: AnyObject) {
    self.core = core
    self.subject = subject
  }
}

/// What a `SubjectConduit`'s lock guards: the life cycle, and the demand (frozen once
/// over: the mirror shows the last demand, as Combine's does).
@usableFromInline
struct SubjectLedger<Downstream: Subscriber> {
  @usableFromInline
  typealias Parent = SubjectParent<Downstream.Input, Downstream.Failure>

  @usableFromInline
  enum State {
    case active(Downstream, Parent)
    case over
  }

  @usableFromInline
  var state: State
  @usableFromInline
  var demand: Subscribers.Demand
  @usableFromInline
  var owesLatest: Bool

  @inlinable
  init(state: State, demand: Subscribers.Demand, owesLatest: Bool) {
    self.state = state
    self.demand = demand
    self.owesLatest = owesLatest
  }

  /// Ends the subscription; returns what it held, to use and release after the lock.
  @inlinable
  mutating func end() -> State {
    defer { self = SubjectLedger(state: .over, demand: demand, owesLatest: false) }
    return state
  }
}

extension SubjectLedger: ClassArgumentState {
  @usableFromInline
  typealias Core = SubjectLedger
}

/// One subscriber's subscription to a subject.
///
/// Two locks: `lock` (never held while calling out) guards the `ledger`,
/// the demand and what the subscription holds; `delivery` (reentrant) is held around every
/// call to the subscriber, so that it sees one call at a time, and a nested
/// send from its own `receive` goes through at once.
///
/// States, under `lock` (`Ledger.state`, beside the demand it counts):
/// - `active(downstream, parent)`, with `demand` and `owesLatest`:
///   subscribed. `owesLatest` (a `CurrentValueSubject` only) means the
///   subscriber has not received the subject's latest value: it had no value
///   yet, or a value came while it had no demand. Its next demand is served
///   at once with the subject's current value, as in Combine.
/// - `over`: completed or cancelled; holds nothing, not even the subject.
///
/// The demand and `owesLatest` sit beside the enum, not in its payload, so
/// that counting a delivered value changes them in place: rebuilding
/// `.active(...)` with a new demand copied the downstream and the subject out
/// and back, three retains and three releases per value (22 atomic
/// instructions per send through `map` and `sink`, 16 without them).
///
/// Transitions:
/// - `offer(v)` [the subject's send, any thread]: `active`, demand > 0 →
///   demand - 1, owesLatest = false, deliver `v`; `active`, no demand → a
///   `PassthroughSubject` drops `v`, a `CurrentValueSubject` sets owesLatest;
///   `over` → drop.
/// - `request(n)` [any thread]: traps if `n` is zero (as Combine does);
///   `active` → demand + n, and if owesLatest: demand - 1, owesLatest =
///   false, deliver the current value; `over` → nothing.
/// - the demand a delivery returns: `active` → demand + n; `over` → nothing.
/// - `finish(c)` [the subject's completion]: `active` → `over`, deliver `c`;
///   `over` → nothing.
/// - `cancel()` [any thread]: `active` → `over`, leave the subject; `over` →
///   nothing.
///
/// `isOver` is set by `finish` (holding the delivery lock) and by `cancel`. A
/// value is delivered only if `isOver` is still false once the delivery lock
/// is held: a value decided on one thread never follows the completion
/// delivered by another, and no delivery starts after `cancel()` returned
/// (one already inside `receive` goes on).
///
/// The subscription starts `active` with no demand; `subscribe(_:)` holds its
/// delivery lock from registration to the end of `receive(subscription:)`, so
/// that no other thread delivers to the subscriber before its subscription.
///
/// `StoredLedger` is the ledger's type, as a generic argument (see
/// `ClassArgumentState`): the deinitialiser then asks the runtime's metadata
/// cache for nothing (a lookup, about 450 instructions, at the end of every
/// subscription to a subject when the stored type was built from
/// `Downstream`).
@usableFromInline
final class SubjectConduit<Downstream: Subscriber, StoredLedger: ClassArgumentState>:
  SubjectConduitBase<Downstream.Input, Downstream.Failure>, SpecializedSubscription, CustomStringConvertible
where StoredLedger.Core == SubjectLedger<Downstream> {
  @usableFromInline
  typealias Output = Downstream.Input
  @usableFromInline
  typealias Failure = Downstream.Failure
  @usableFromInline
  typealias Parent = SubjectParent<Output, Failure>
  @usableFromInline
  typealias Ledger = SubjectLedger<Downstream>
  @usableFromInline
  typealias State = Ledger.State

  /// Whether the subscription is active, and its downstream.
  ///
  /// Moved out and back (`switch consume state`), not read: `guard case let
  /// .active(downstream, parent) = ledger.state` copied the whole state
  /// (downstream, core and subject: three retains and three releases) on
  /// every value sent.
  @inlinable
  static func activeDownstream(_ state: inout State) -> Downstream? {
    switch consume state {
    case let .active(downstream, parent):
      state = .active(downstream, parent)
      return downstream
    case .over:
      state = .over
      return nil
    }
  }

  /// What `request(_:)` does after the lock.
  @usableFromInline
  enum RequestAction {
    case none
    /// Tell the subject a subscriber has demand (it may start its upstreams).
    case demandArrived(SubjectCore<Output, Failure>)
    /// Deliver the subject's current value, owed since a value was missed.
    case deliverLatest(Downstream, SubjectCore<Output, Failure>)
  }

  /// The lock of `ledger`, beside it (see `StateLock`): the conduit's
  /// deinitialiser, never specialised, then asks the runtime for the
  /// ledger's metadata only, not the lock's (three lookups fewer at the
  /// end of every subscription to a subject).
  @usableFromInline
  let lock = StateLock()
  @usableFromInline
  @exclusivity(unchecked) var ledger: StoredLedger
  @usableFromInline
  let isOver = Atomic<Bool>(false)
  @usableFromInline
  let kind: SubjectKind
  /// Whether the subject is a `CurrentValueSubject` (its core's `keepsLatest`),
  /// kept here so that a value sent without demand reads no state.
  @usableFromInline
  let keepsLatest: Bool
  @usableFromInline
  let delivery = ReentrantLock()

  @usableFromInline
  var description: String { kind.name }

  /// `offerSpecialized(_:)`, `finishSpecialized(_:)`,
  /// `requestSpecialized(_:)` and `cancelSpecialized()`, as closures formed
  /// in `init`: the subject calls `offer(_:)` and `finish(_:)` through the
  /// base class, and the subscriber calls `request` and `cancel` through `any
  /// Subscription`, both of which run unspecialised code (see
  /// `SpecializedEntryPoints`, and Docs/Internals.md). Through the base
  /// class, a completion reaching one sink cost about 11,000 instructions,
  /// most of them the runtime's generic metadata lookups.
  @usableFromInline
  let offerEntryPoint: (SubjectConduit, Output) -> Void

  @usableFromInline
  let finishEntryPoint: (SubjectConduit, Subscribers.Completion<Failure>) -> Void

  @usableFromInline
  let entryPoints: SpecializedEntryPoints<SubjectConduit>

  @inlinable
  init(_ downstream: Downstream, parent: Parent, kind: SubjectKind) {
    ledger = StoredLedger(
      core: Ledger(state: .active(downstream, parent), demand: .none, owesLatest: parent.core.keepsLatest)
    )
    self.kind = kind
    keepsLatest = parent.core.keepsLatest
    offerEntryPoint = { $0.offerSpecialized($1) }
    finishEntryPoint = { $0.finishSpecialized($1) }
    entryPoints = SpecializedEntryPoints(
      request: { $0.requestSpecialized($1) },
      cancel: { $0.cancelSpecialized() }
    )
  }

  /// Calls `body` with the ledger, under the lock.
  @inlinable
  func withState<Result: ~Copyable>(_ body: (inout Ledger) -> Result) -> Result {
    lock.withLock { body(&ledger.core) }
  }

  /// Registers the subscription with its subject and sends it to the
  /// subscriber, or, if the subject is over, gives the subscriber an empty
  /// subscription and the completion.
  @inlinable
  func subscribe(to core: SubjectCore<Output, Failure>) {
    delivery.withLock {
      // Taken first: a completion may end the subscription as soon as it is
      // registered (it then waits for this delivery lock).
      let downstream = withState { ledger -> Downstream? in
        guard case let .active(downstream, _) = ledger.state else { return nil }
        return downstream
      }
      guard let downstream else { return }
      guard let completion = core.register(self) else {
        downstream.receive(subscription: self)
        return
      }
      _ = takeState()  // the subject is released here, after the lock
      downstream.receive(subscription: Subscriptions.empty)
      downstream.receive(completion: completion)
    }
  }

  @inlinable
  override func offer(_ value: Output) {
    offerEntryPoint(self, value)
  }

  @inlinable
  func offerSpecialized(_ value: Output) {
    let downstream = withState { ledger -> Downstream? in
      // Only the downstream is copied out (the one retain a delivery needs);
      // the demand changes in place.
      guard let downstream = Self.activeDownstream(&ledger.state) else { return nil }
      if ledger.demand > 0 {
        ledger.demand -= 1
        ledger.owesLatest = false
        return downstream
      }
      // No demand: a PassthroughSubject drops the value for this subscriber,
      // a CurrentValueSubject owes it the latest value on its next demand.
      if keepsLatest {
        ledger.owesLatest = true
      }
      return nil
    }
    guard let downstream else { return }
    deliver(to: downstream, value)
  }

  /// Calls `receive` with `value` holding the delivery lock, unless the
  /// subscription ended meanwhile, and adds the demand it returns.
  @inlinable
  func deliver(to downstream: Downstream, _ value: Output) {
    add(
      delivery.withLock { () -> Subscribers.Demand in
        isOver.load(ordering: .relaxed) ? .none : downstream.receive(value)
      }
    )
  }

  /// `deliver(to:_:)` with the latest value of `core`, read holding the
  /// delivery lock: a `CurrentValueSubject`'s latest value, read there,
  /// cannot be overtaken by an older one.
  @inlinable
  func deliverLatest(to downstream: Downstream, of core: SubjectCore<Output, Failure>) {
    add(
      delivery.withLock { () -> Subscribers.Demand in
        guard !isOver.load(ordering: .relaxed), let value = core.currentValue else { return .none }
        return downstream.receive(value)
      }
    )
  }

  /// Adds the demand a delivery returned.
  @inlinable
  func add(_ additional: Subscribers.Demand) {
    guard additional > 0 else { return }
    withState { ledger in
      if case .active = ledger.state {
        ledger.demand += additional
      }
    }
  }

  @inlinable
  override func finish(_ completion: Subscribers.Completion<Failure>) {
    finishEntryPoint(self, completion)
  }

  @inlinable
  func finishSpecialized(_ completion: Subscribers.Completion<Failure>) {
    // The downstream and the subject are released at the end, after the locks.
    guard case let .active(downstream, _) = takeState() else { return }  // cancelled meanwhile
    delivery.withLock {
      isOver.store(true, ordering: .relaxed)
      downstream.receive(completion: completion)
    }
  }

  @inlinable
  func requestSpecialized(_ demand: Subscribers.Demand) {
    let action = withState { ledger -> RequestAction in
      guard case let .active(downstream, parent) = ledger.state else { return .none }
      ledger.demand += demand
      if ledger.owesLatest {
        ledger.demand -= 1
        ledger.owesLatest = false
        return .deliverLatest(downstream, parent.core)
      }
      return parent.core.keepsLatest ? .none : .demandArrived(parent.core)
    }
    switch action {
    case .none:
      break
    case let .demandArrived(core):
      core.demandArrived()
    case let .deliverLatest(downstream, core):
      deliverLatest(to: downstream, of: core)
    }
  }

  @inlinable
  func cancelSpecialized() {
    isOver.store(true, ordering: .relaxed)
    switch takeState() {
    case let .active(_, parent):
      parent.core.remove(self)
    case .over:
      break
    }
    // The downstream and the subject are released here, after the lock.
  }

  /// Ends the subscription; returns what it held, to use and release after the lock.
  @inlinable
  func takeState() -> State {
    withState { $0.end() }
  }
}

extension SubjectConduit: CombineReflectable {
  /// Shows the subject (as `parent` and `subject`), the downstream and its
  /// demand, as Combine's subject subscriptions; once over, nil and the last
  /// demand.
  @usableFromInline
  var customMirror: Mirror {
    let (subject, downstream, demand) = withState {
      ledger -> (AnyObject?, Downstream?, Subscribers.Demand) in
      switch ledger.state {
      case let .active(downstream, parent): (parent.subject, downstream, ledger.demand)
      case .over: (nil, nil, ledger.demand)
      }
    }
    return Mirror(
      self,
      children: [
        "parent": subject as Any, "downstream": downstream as Any, "demand": demand, "subject": subject as Any,
      ]
    )
  }
}
