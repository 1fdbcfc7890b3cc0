import Synchronization

/// The machinery shared by `PassthroughSubject` and `CurrentValueSubject`.
///
/// Every call to a downstream — its subscription, its values, its completion —
/// goes through one serial *drain loop*: the thread that finds the subject
/// idle becomes the deliverer and runs queued work until the queue is empty;
/// a thread that finds it busy (another thread, or a reentrant `send` from
/// inside `receive`) enqueues its work and returns. So concurrent sends are
/// serialized, reentrant sends are delivered after the current one instead of
/// recursing, and no downstream ever sees two calls at once.
///
/// State (under `state`'s lock):
/// - `conduits`: the subscriptions live in the subject, in subscription order;
/// - `completion`: set by `send(completion:)`; later sends are ignored;
/// - `isTerminated`: the completion has been delivered; `conduits` is empty for good;
/// - `isDelivering` and `queue`: the drain loop's owner flag and its pending work;
/// - `upstreams`, `hasDemand`: subscriptions received through
///   `send(subscription:)`, asked for `.unlimited` once any downstream demands
///   (a `CurrentValueSubject` asks at once: its `value` follows its upstreams
///   even without a subscriber).
///
/// Lifetimes: a live subscription (`SubjectConduit`) holds the subject and its
/// core, as in Combine, so a subject with a subscriber stays alive; it lets go
/// of them on cancel and completion. When the subject is deallocated, the core
/// follows and cancels its upstream subscriptions. Values that the core or a
/// conduit replaces are released after the lock, as any other callout.
@usableFromInline
final class SubjectCore<Output, Failure: Error>: @unchecked Sendable {
  // @unchecked Sendable: all mutable state is under `state`'s lock.

  @usableFromInline
  enum Work: @unchecked Sendable {
    case value(Output)
    case completion(Subscribers.Completion<Failure>)
    case subscribe(SubjectConduitBase<Output, Failure>)
    /// A `CurrentValueSubject` subscriber got demand while holding an undelivered value.
    case replay(SubjectConduitBase<Output, Failure>)
  }

  @usableFromInline
  struct State: @unchecked Sendable {
    @usableFromInline
    var conduits: ContiguousArray<SubjectConduitBase<Output, Failure>> = []
    @usableFromInline
    var completion: Subscribers.Completion<Failure>?
    @usableFromInline
    var isTerminated = false
    @usableFromInline
    var isDelivering = false
    @usableFromInline
    var queue: [Work] = []
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

  /// True for `CurrentValueSubject`: a subscriber without demand keeps the
  /// latest value and receives it on its next demand.
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
    // One lock both decides and, when this thread becomes the deliverer,
    // takes the subscribers to deliver to (what `perform(.value)` would
    // take under a second lock).
    let (conduits, replaced) = state.withLock {
      state -> (ContiguousArray<SubjectConduitBase<Output, Failure>>?, Output?) in
      let isOpen = state.completion == nil
      var replaced: Output?
      if keepsLatest && (isOpen || storesAfterCompletion) {
        replaced = state.currentValue
        state.currentValue = value
      }
      guard isOpen && state.enqueueOrAcquire(.value(value)) else { return (nil, replaced) }
      return (state.conduits, replaced)
    }
    _ = replaced  // the previous current value is released here, after the lock
    guard let conduits else { return }
    for conduit in conduits {
      conduit.offer(value)
    }
    drainQueue()
  }

  @inlinable
  func send(completion: Subscribers.Completion<Failure>) {
    let deliverNow = state.withLock { state -> Bool in
      guard state.completion == nil else { return false }
      state.completion = completion
      return state.enqueueOrAcquire(.completion(completion))
    }
    if deliverNow { drain(first: .completion(completion)) }
  }

  @inlinable
  func subscribe(_ conduit: SubjectConduitBase<Output, Failure>) {
    let deliverNow = state.withLock { $0.enqueueOrAcquire(.subscribe(conduit)) }
    if deliverNow { drain(first: .subscribe(conduit)) }
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

  /// A conduit received demand; `replay` if it holds an undelivered value.
  @inlinable
  func demandArrived(for conduit: SubjectConduitBase<Output, Failure>, replay: Bool) {
    let (upstreams, deliverNow) = state.withLock { state -> ([any Subscription], Bool) in
      var upstreams: [any Subscription] = []
      if !state.hasDemand {
        state.hasDemand = true
        upstreams = state.upstreams
      }
      let deliverNow = replay && state.enqueueOrAcquire(.replay(conduit))
      return (upstreams, deliverNow)
    }
    for upstream in upstreams {
      upstream.request(.unlimited)
    }
    if deliverNow { drain(first: .replay(conduit)) }
  }

  @inlinable
  func remove(_ conduit: SubjectConduitBase<Output, Failure>) {
    let removed = state.withLock { state -> SubjectConduitBase<Output, Failure>? in
      guard let index = state.conduits.firstIndex(where: { $0 === conduit }) else { return nil }
      return state.conduits.remove(at: index)
    }
    _ = removed  // released here, after the lock
  }

  @usableFromInline
  var currentValue: Output? {
    state.withLock { $0.currentValue }
  }

  // MARK: The drain loop

  /// Runs `first`, then everything queued meanwhile, until the queue is
  /// empty. Only the thread that acquired `isDelivering` calls this.
  @inlinable
  func drain(first: Work) {
    perform(first)
    drainQueue()
  }

  /// Performs what other threads, or reentrant calls, queued meanwhile;
  /// gives up the deliverer's role when the queue is empty.
  @inlinable
  func drainQueue() {
    while let batch = state.withLock({ $0.takeQueueOrRelease() }) {
      for work in batch {
        perform(work)
      }
    }
  }

  @inlinable
  func perform(_ work: Work) {
    switch work {
    case let .value(value):
      for conduit in state.withLock({ $0.conduits }) {
        conduit.offer(value)
      }
    case let .completion(completion):
      let conduits = state.withLock { state -> ContiguousArray<SubjectConduitBase<Output, Failure>> in
        state.isTerminated = true
        defer { state.conduits = [] }
        return state.conduits
      }
      for conduit in conduits {
        conduit.finish(completion)
      }
    case let .subscribe(conduit):
      let outcome = state.withLock { state -> (Subscribers.Completion<Failure>?, Output?) in
        if state.isTerminated { return (state.completion, nil) }
        state.conduits.append(conduit)
        return (nil, state.currentValue)
      }
      switch outcome {
      case let (completion?, _):
        conduit.rejectAfterCompletion(completion)
      case let (nil, latest):
        conduit.start(latest: latest)
      }
    case let .replay(conduit):
      conduit.replay()
    }
  }
}

extension SubjectCore.State {
  /// Returns true if the caller becomes the deliverer and must run `work`
  /// itself; otherwise `work` is queued for the current deliverer.
  @inlinable
  mutating func enqueueOrAcquire(_ work: SubjectCore<Output, Failure>.Work) -> Bool {
    if isDelivering {
      queue.append(work)
      return false
    }
    isDelivering = true
    return true
  }

  /// The queued work, or nil after giving up the deliverer role when there is none.
  @inlinable
  mutating func takeQueueOrRelease() -> [SubjectCore<Output, Failure>.Work]? {
    if queue.isEmpty {
      isDelivering = false
      return nil
    }
    defer { queue = [] }
    return queue
  }
}

/// What the drain loop needs from a subscription; it does not know the subscriber type.
@usableFromInline
class SubjectConduitBase<Output, Failure: Error> {
  @usableFromInline
  init() {}

  @inlinable
  func start(latest: Output?) { preconditionFailure("Bug in SubjectConduit: abstract start") }
  @inlinable
  func rejectAfterCompletion(_ completion: Subscribers.Completion<Failure>) {
    preconditionFailure("Bug in SubjectConduit: abstract rejectAfterCompletion")
  }
  @inlinable
  func offer(_ value: Output) { preconditionFailure("Bug in SubjectConduit: abstract offer") }
  @inlinable
  func replay() { preconditionFailure("Bug in SubjectConduit: abstract replay") }
  @inlinable
  func finish(_ completion: Subscribers.Completion<Failure>) {
    preconditionFailure("Bug in SubjectConduit: abstract finish")
  }
}

/// What a live subscription holds of its subject: the core that runs its
/// deliveries, and the subject object itself, kept alive while the
/// subscription lives (an upstream attached with `subscribe(subject)` holds
/// the subject weakly, as in Combine, and keeps feeding it meanwhile).
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

/// One subscriber's subscription to a subject. All calls to the downstream
/// happen inside the subject's drain loop; `request` and `cancel` may come
/// from any thread.
///
/// States:
/// - `idle(downstream, parent)`: created, not yet started by the drain loop;
/// - `active(downstream, parent, demand, latest)`: subscribed; `latest` is a
///   `CurrentValueSubject` value waiting for demand (always nil for a
///   `PassthroughSubject`, which drops values sent without demand);
/// - `over`: completed or cancelled; holds nothing, not even the subject.
@usableFromInline
final class SubjectConduit<Downstream: Subscriber>: SubjectConduitBase<Downstream.Input, Downstream.Failure>,
  Subscription, CustomStringConvertible
{
  @usableFromInline
  typealias Output = Downstream.Input
  @usableFromInline
  typealias Failure = Downstream.Failure
  @usableFromInline
  typealias Parent = SubjectParent<Output, Failure>

  @usableFromInline
  enum State: @unchecked Sendable {
    case idle(Downstream, Parent)
    case active(Downstream, Parent, demand: Subscribers.Demand, latest: Output?)
    case over
  }

  /// What `offer` does after the lock; `replaced` is a kept value that the
  /// offer supersedes, released after the lock.
  @usableFromInline
  enum OfferAction: @unchecked Sendable {
    case deliver(Downstream, replaced: Output?)
    case keep(replaced: Output?)
  }

  @usableFromInline
  let state: Lock<State>
  @usableFromInline
  let name: StaticString

  @usableFromInline
  var description: String { name.description }

  /// `offerSpecialized(_:)`, `startSpecialized(latest:)`,
  /// `requestSpecialized(_:)` and `cancelSpecialized()`, as closures formed
  /// in `init`: the subject calls `offer(_:)` and `start(latest:)` through
  /// the base class, and the subscriber calls `request`
  /// and `cancel` through `any Subscription`, both of which run unspecialised
  /// code (see `SpecializedEntryPoints`).
  @usableFromInline
  let specializedOffer: (SubjectConduit, Output) -> Void

  @usableFromInline
  let specializedStart: (SubjectConduit, Output?) -> Void

  @usableFromInline
  let entryPoints: SpecializedEntryPoints<SubjectConduit>

  @inlinable
  init(_ downstream: Downstream, parent: Parent, name: StaticString) {
    state = Lock(.idle(downstream, parent))
    self.name = name
    specializedOffer = { $0.offerSpecialized($1) }
    specializedStart = { $0.startSpecialized(latest: $1) }
    entryPoints = SpecializedEntryPoints(
      request: { $0.requestSpecialized($1) },
      cancel: { $0.cancelSpecialized() }
    )
  }

  @inlinable
  override func start(latest: Output?) {
    specializedStart(self, latest)
  }

  @inlinable
  func startSpecialized(latest: Output?) {
    let downstream = state.withLock { state -> Downstream? in
      // Only the drain loop starts a conduit, once; nothing can end it before.
      guard case let .idle(downstream, parent) = state else { return nil }
      state = .active(downstream, parent, demand: .none, latest: latest)
      return downstream
    }
    downstream?.receive(subscription: self)
  }

  @inlinable
  override func rejectAfterCompletion(_ completion: Subscribers.Completion<Failure>) {
    let taken = takeState()
    guard case let .idle(downstream, _) = taken else { return }
    downstream.receive(subscription: Subscriptions.empty)
    downstream.receive(completion: completion)
  }

  @inlinable
  override func offer(_ value: Output) {
    specializedOffer(self, value)
  }

  @inlinable
  func offerSpecialized(_ value: Output) {
    let action = state.withLock { state -> OfferAction in
      switch state {
      case let .active(downstream, parent, demand, latest):
        if demand > 0 {
          state = .active(downstream, parent, demand: demand - 1, latest: nil)
          return .deliver(downstream, replaced: latest)
        }
        // No demand: a PassthroughSubject drops the value for this subscriber.
        guard parent.core.keepsLatest else { return .keep(replaced: nil) }
        state = .active(downstream, parent, demand: demand, latest: value)
        return .keep(replaced: latest)
      case .idle, .over:
        return .keep(replaced: nil)
      }
    }
    // A value the subscriber no longer keeps is released with `action`, after the lock.
    guard case let .deliver(downstream, _) = action else { return }
    addDemand(downstream.receive(value))
  }

  @inlinable
  override func replay() {
    let delivery = state.withLock { state -> (Downstream, Output)? in
      guard case let .active(downstream, parent, demand, latest?) = state, demand > 0 else { return nil }
      state = .active(downstream, parent, demand: demand - 1, latest: nil)
      return (downstream, latest)
    }
    guard let (downstream, value) = delivery else { return }
    addDemand(downstream.receive(value))
  }

  @inlinable
  override func finish(_ completion: Subscribers.Completion<Failure>) {
    let taken = takeState()
    guard case let .active(downstream, _, _, _) = taken else { return }  // cancelled meanwhile
    downstream.receive(completion: completion)
  }

  @inlinable
  func addDemand(_ additional: Subscribers.Demand) {
    guard additional > 0 else { return }
    state.withLock { state in
      if case let .active(downstream, parent, demand, latest) = state {
        state = .active(downstream, parent, demand: demand + additional, latest: latest)
      }
    }
  }

  @inlinable
  func request(_ demand: Subscribers.Demand) {
    entryPoints.request(self, demand)
  }

  @inlinable
  func cancel() {
    entryPoints.cancel(self)
  }

  @inlinable
  func requestSpecialized(_ demand: Subscribers.Demand) {
    precondition(demand > 0, "API violation: demand must be greater than zero")
    let arrival = state.withLock { state -> (core: SubjectCore<Output, Failure>, replay: Bool)? in
      guard case let .active(downstream, parent, current, latest) = state else { return nil }
      state = .active(downstream, parent, demand: current + demand, latest: latest)
      return (parent.core, latest != nil)
    }
    guard let arrival else { return }
    arrival.core.demandArrived(for: self, replay: arrival.replay)
  }

  @inlinable
  func cancelSpecialized() {
    switch takeState() {
    case let .idle(_, parent), let .active(_, parent, _, _):
      parent.core.remove(self)
    case .over:
      break
    }
    // The downstream, the subject and a kept value are released here, after the lock.
  }

  /// Ends the conduit; returns what it held, to use and release after the lock.
  @inlinable
  func takeState() -> State {
    state.withLock { state in
      defer { state = .over }
      return state
    }
  }
}

extension SubjectConduit: CombineReflectable {
  /// Shows the subject (as `parent` and `subject`), the downstream and its
  /// demand, as Combine's subject subscriptions; nil and `.none` once over.
  @usableFromInline
  var customMirror: Mirror {
    let (subject, downstream, demand) = state.withLock {
      state -> (AnyObject?, Downstream?, Subscribers.Demand) in
      switch state {
      case let .idle(downstream, parent): (parent.subject, downstream, .none)
      case let .active(downstream, parent, demand, _): (parent.subject, downstream, demand)
      case .over: (nil, nil, .none)
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
