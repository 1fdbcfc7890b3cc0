public import ReactiveCore
import SharedMachinery
import Synchronization

/// A subject that keeps the last `bufferSize` values it sent and replays
/// them to each new subscriber, then publishes what comes next.
///
/// After completion, a new subscriber receives the kept values, then the
/// completion. Sends after completion are ignored.
///
/// Delivery follows the core subjects' contract (`PassthroughSubject`,
/// `CurrentValueSubject`), with the same machinery: a send reaches each
/// subscriber that has demand on the sender's thread, before `send`
/// returns; a send made from inside a subscriber's `receive` is delivered at
/// once, nested, as Combine's subjects do; a subscriber is called by one
/// thread at a time. A subscriber with demand loses nothing, whatever the
/// threads and the nesting of sends.
///
/// What differs is what a subscriber without demand gets. Each subscriber
/// has a queue: it starts with the replay, and holds the values sent while
/// the subscriber has no demand, up to `bufferSize` of them; beyond that, a
/// new value drops the oldest one. So a subscriber without demand loses the
/// oldest values, never the newest, and on its next demand receives the
/// last `bufferSize` values it has not seen — what a new subscriber would
/// receive then (with a `bufferSize` of 1, the latest value, as a
/// `CurrentValueSubject` owes it). The queue never drops a value the
/// subscriber has demand for. The completion waits behind the queue: it is
/// delivered once the queued values are (it needs no demand of its own).
///
/// ```text
/// send      -a-b-c------d-|
/// early     -a-b-c------d-|
/// late            (bc)--d-|       bufferSize = 2, subscribed after c
/// after end                 (cd|) subscribed after the completion
/// ```
///
/// The subject asks each upstream subscription it receives
/// (`send(subscription:)`) for `.unlimited` at once, since it keeps values
/// even without subscribers, and cancels them when it is deallocated.
/// Subscribing and cancelling cost the same with ten subscribers or ten
/// thousand (the core subjects' registry).
///
/// ```swift
/// let prices = ReplaySubject<Int, Never>(bufferSize: 2)
/// prices.send(1)
/// prices.send(2)
/// prices.send(3)
/// let seen = prices.record()  // receives 2, 3
/// prices.send(4)  // then 4
/// ```
public final class ReplaySubject<Output, Failure: Error>: Subject, @unchecked Sendable {
  // @unchecked Sendable: the mutable state is under `state`'s lock;
  // `bufferSize` is a constant.

  /// How many of the latest values the subject keeps for new subscribers
  /// (and each subscriber without demand keeps at most in its queue).
  public let bufferSize: Int

  typealias Conduits = SubscriberRegistry<ReplayConduitBase<Output, Failure>>

  /// Open: `completion` is nil, `conduits` are the live subscriptions in
  /// subscription order. Completed: `completion` is set, `conduits` is empty
  /// for good, and `kept` is what late subscribers receive before it.
  private struct State {
    var kept = FIFOQueue<Output>()
    /// How many values the subject has sent: the next value's sequence number.
    var sent: UInt64 = 0
    var completion: Subscribers.Completion<Failure>?
    var conduits = Conduits()
    var upstreams: [any Subscription] = []
    /// Called after a live subscriber cancels, with the subject's
    /// identifier: `share(replay:)` counts its subscribers so. Released on
    /// completion, after which no subscriber cancels through the subject.
    var onCancel: CancelHook?
  }

  private let state: Lock<State>

  /// What `share(replay:)` is told when a subscriber cancels.
  typealias CancelHook = @Sendable (ObjectIdentifier) -> Void

  /// Creates a subject that keeps the last `bufferSize` values.
  ///
  /// - Parameter bufferSize: How many of the latest values to replay; at least 1.
  public convenience init(bufferSize: Int) {
    precondition(bufferSize >= 1, "API violation: ReplaySubject needs a buffer size of at least 1")
    self.init(bufferSize: bufferSize, onCancel: nil)
  }

  init(bufferSize: Int, onCancel: CancelHook?) {
    self.bufferSize = bufferSize
    state = Lock(State(onCancel: onCancel))
  }

  deinit {
    for upstream in state.withLock({ $0.upstreams }) {
      upstream.cancel()
    }
  }

  /// Whether the subject keeps a value: `share(replay:)` asks it of a maybe
  /// upstream, whose value ends its work.
  var keepsAValue: Bool {
    state.withLock { !$0.kept.isEmpty }
  }

  /// Keeps `value` for later subscribers (dropping the oldest kept value
  /// if `bufferSize` are kept) and offers it to each subscriber.
  ///
  /// - Parameter value: The value to send.
  public func send(_ value: Output) {
    let (conduits, sequence, dropped) = state.withLock { state -> (Conduits?, UInt64, Output?) in
      guard state.completion == nil else { return (nil, 0, nil) }  // over: ignore
      defer { state.sent += 1 }
      return (state.conduits, state.sent, state.kept.append(value, droppingOldestBeyond: bufferSize))
    }
    _ = dropped  // the value no longer kept is released here, after the lock
    conduits?.forEach { conduit in
      conduit.offer(Sequenced(sequence: sequence, value: value))
    }
  }

  /// Completes the subject: each subscriber receives the completion after
  /// the values queued for it; later subscribers receive the kept values, then it.
  ///
  /// - Parameter completion: The completion; only the first counts.
  public func send(completion: Subscribers.Completion<Failure>) {
    let ended = state.withLock { state -> (Conduits, CancelHook?)? in
      guard state.completion == nil else { return nil }  // already over: ignore
      state.completion = completion
      defer {
        state.conduits = Conduits()
        state.onCancel = nil
      }
      return (state.conduits, state.onCancel)
    }
    // The hook is released after the lock, with the tuple.
    ended?.0.forEach { conduit in
      conduit.finish(completion)
    }
  }

  /// Requests `.unlimited` from `subscription` (the subject keeps values
  /// even without subscribers); cancels it if the subject is over.
  ///
  /// - Parameter subscription: A subscription to an upstream publisher.
  public func send(subscription: any Subscription) {
    let isOpen = state.withLock { state -> Bool in
      guard state.completion == nil else { return false }
      state.upstreams.append(subscription)
      return true
    }
    if isOpen {
      subscription.request(.unlimited)
    } else {
      subscription.cancel()
    }
  }

  public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
    ReplayConduit(downstream: subscriber, subject: self).subscribe()
  }

  /// Joins `conduit` to the subject, and primes its queue with the replay
  /// and, if the subject is over, its completion: in one critical section,
  /// so that a concurrent send reaches the conduit through exactly one of
  /// the two. The conduit's lock is taken inside the subject's (the one
  /// nesting of the two; neither calls out).
  func register(_ conduit: ReplayConduitBase<Output, Failure>) {
    state.withLock { state in
      var replay = FIFOQueue<Sequenced<Output>>()
      // The kept values are the last ones sent: their numbers run up to `sent`.
      for (offset, value) in state.kept.elements.enumerated() {
        replay.append(Sequenced(sequence: state.sent - UInt64(state.kept.count - offset), value: value))
      }
      conduit.prime(replay: replay, completion: state.completion)
      if state.completion == nil {
        state.conduits.append(conduit)
      }
    }
  }

  /// Forgets a subscription that was cancelled: O(1), whatever the number
  /// of subscribers.
  func remove(_ conduit: ReplayConduitBase<Output, Failure>) {
    let removed = state.withLock { state -> (ReplayConduitBase<Output, Failure>, CancelHook?)? in
      state.conduits.remove(conduit).map { ($0, state.onCancel) }
    }
    // The conduit and the hook are released after the lock.
    if case let (_, onCancel?)? = removed {
      onCancel(ObjectIdentifier(self))
    }
  }
}

/// A value sent by a ``ReplaySubject``, with its number in the order of the
/// subject's sends. Sends nested in a subscriber's `receive`, or made on
/// several threads, reach a subscription in another order than the
/// subject's: its queue keeps the subject's order, so that what it drops
/// for lack of demand is always the oldest.
struct Sequenced<Value> {
  let sequence: UInt64
  let value: Value
}

/// A subscription to a ``ReplaySubject``, as the subject sees it: whatever
/// its subscriber's type.
class ReplayConduitBase<Output, Failure: Error>: RegistryMember, @unchecked Sendable {
  // @unchecked Sendable: the subclass keeps all its state under its lock.
  @exclusivity(unchecked) var registrySlot = -1

  /// Queues `value`, or delivers it if the subscriber has demand and nothing queued.
  func offer(_ value: Sequenced<Output>) {
    preconditionFailure("Bug in ReplaySubject: abstract offer(_:)")
  }

  /// Delivers `completion` after the queued values.
  func finish(_ completion: Subscribers.Completion<Failure>) {
    preconditionFailure("Bug in ReplaySubject: abstract finish(_:)")
  }

  /// Sets the queue to `replay`, and the completion owed after it.
  func prime(replay: FIFOQueue<Sequenced<Output>>, completion: Subscribers.Completion<Failure>?) {
    preconditionFailure("Bug in ReplaySubject: abstract prime(replay:completion:)")
  }
}

/// One subscriber's subscription to a ``ReplaySubject``.
///
/// Two locks, as the core subjects' subscriptions: `state` (never held while
/// calling out) keeps the demand, the queue and what the subscription holds;
/// `delivery` (reentrant) is held around every call to the subscriber, so
/// that it sees one call at a time, and a nested send from its own `receive`
/// goes through at once.
///
/// States (`Ledger.state`, beside the demand, the queue and the owed completion):
/// - `active(downstream, subject)`: subscribed. `subject` is nil once the
///   subject completed (nothing to leave on cancel). `queue` holds what the
///   subscriber is owed, oldest first: the replay, then the values sent
///   while it had no demand or while the queue was not empty (a value never
///   overtakes a queued one). `completion` is owed once the queue is empty.
/// - `over`: completed or cancelled; holds nothing.
///
/// Transitions:
/// - `offer(v)` [a send, any thread]: `active`, queue empty, demand > 0 →
///   demand - 1, deliver `v` now; `active`, no demand, `v` older than a
///   value already delivered (a nested send overtook it) → drop `v`;
///   `active` otherwise → insert `v` in the queue in the subject's send
///   order, dropping the oldest while it holds more than `bufferSize` values
///   and more than the demand covers, then drain if demand > 0; `over` → drop.
/// - `request(n)` [any thread]: traps if `n` is zero (as Combine's
///   subjects); `active` → demand + n, drain if something is owed; `over` →
///   nothing.
/// - the demand a delivery returns: `active` → demand + n, drain if
///   something is owed; `over` → nothing.
/// - `finish(c)` [the subject's completion]: `active`, queue empty → `over`,
///   deliver `c`; `active`, queue not empty → owe `c`, drain if demand > 0;
///   `over` → nothing.
/// - drain [holding the delivery lock, looping, never recursing]: while
///   demand > 0 and the queue has a value → demand - 1, deliver it; then if
///   the queue is empty and `c` is owed → `over`, deliver `c`.
/// - `cancel()` [any thread]: `active` → `over`, leave the subject (O(1));
///   `over` → nothing.
///
/// `isOver` is set, holding the delivery lock, by the completion's delivery,
/// and by `cancel`: a value decided on one thread is delivered only if the
/// subscription is not over once the delivery lock is held, so it never
/// follows the completion, and no delivery starts after `cancel()` returned.
final class ReplayConduit<Downstream: Subscriber>: ReplayConduitBase<Downstream.Input, Downstream.Failure>,
  Subscription, CustomStringConvertible, @unchecked Sendable
{
  // @unchecked Sendable: all mutable state is under `state`'s lock, or atomic.
  typealias Output = Downstream.Input
  typealias Failure = Downstream.Failure

  private enum State {
    case active(Downstream, ReplaySubject<Output, Failure>?)
    case over
  }

  private struct Ledger {
    var state: State
    var demand = Subscribers.Demand.none
    var queue = FIFOQueue<Sequenced<Output>>()
    var completion: Subscribers.Completion<Failure>?
    /// One more than the number of the newest value delivered; 0 before any.
    var delivered: UInt64 = 0

    /// Whether a drain has something to do: a value the demand covers, or
    /// the owed completion behind an empty queue.
    var owesSomething: Bool {
      guard case .active = state else { return false }
      return (demand > 0 && !queue.isEmpty) || (queue.isEmpty && completion != nil)
    }

    /// Ends the subscription; returns what it held, to release after the lock.
    mutating func end() -> Ledger {
      defer { self = Ledger(state: .over, demand: demand, delivered: delivered) }
      return self
    }
  }

  /// What a drain step does after the lock.
  private enum Step {
    case stop
    case value(Downstream, Output)
    case complete(Downstream, Subscribers.Completion<Failure>)
  }

  /// What `offer(_:)` does after the lock.
  private enum OfferAction {
    case none
    case deliver(Downstream)
    case drain
  }

  private let state: Lock<Ledger>
  private let delivery = ReentrantLock()
  private let isOver = Atomic<Bool>(false)
  /// The subject's buffer size: how many values the queue keeps without demand.
  private let bufferSize: Int

  init(downstream: Downstream, subject: ReplaySubject<Output, Failure>) {
    bufferSize = subject.bufferSize
    state = Lock(Ledger(state: .active(downstream, subject)))
  }

  var description: String { "ReplaySubject" }

  /// Joins the subject and gives the subscriber its subscription, holding
  /// the delivery lock throughout, so that no other thread delivers before
  /// `receive(subscription:)` has returned; then delivers what the demand
  /// allows (the replay), or the completion of a subject that is over.
  func subscribe() {
    delivery.withLock {
      let joined = state.withLock { ledger -> (Downstream, ReplaySubject<Output, Failure>)? in
        guard case let .active(downstream, subject?) = ledger.state else { return nil }
        return (downstream, subject)
      }
      guard let (downstream, subject) = joined else { return }
      subject.register(self)
      downstream.receive(subscription: self)
      drain()
    }
  }

  override func prime(replay: FIFOQueue<Sequenced<Output>>, completion: Subscribers.Completion<Failure>?) {
    state.withLock { ledger in
      // The subject is still held by `subscribe()`: dropping it here releases nothing.
      guard case let .active(downstream, _) = ledger.state else { return }
      ledger.queue = replay
      ledger.completion = completion
      if completion != nil {
        ledger.state = .active(downstream, nil)  // over: nothing to leave
      }
    }
  }

  override func offer(_ sent: Sequenced<Output>) {
    let (action, dropped) = state.withLock { ledger -> (OfferAction, Sequenced<Output>?) in
      guard case let .active(downstream, _) = ledger.state else { return (.none, nil) }  // cancelled meanwhile
      if ledger.queue.isEmpty && ledger.demand > 0 {
        ledger.demand -= 1
        ledger.delivered = max(ledger.delivered, sent.sequence + 1)
        return (.deliver(downstream), nil)
      }
      if ledger.demand == 0 && sent.sequence + 1 < ledger.delivered {
        // Older than a value the subscriber has received (a send nested in
        // a receive overtook it): without demand it is owed nothing older.
        return (.none, sent)
      }
      // Queued in the subject's order; the oldest values go only beyond
      // what the demand covers.
      // The queue holds at most that many already: every delivery takes
      // one value off the queue and one off the demand together.
      ledger.queue.insert(sent) { $0.sequence > sent.sequence }
      let limit = max(bufferSize, ledger.demand.max ?? Int.max)
      let dropped = ledger.queue.count > limit ? ledger.queue.removeFirst() : nil
      return (ledger.demand > 0 ? .drain : .none, dropped)
    }
    _ = dropped  // released here, after the lock
    switch action {
    case .none:
      break
    case let .deliver(downstream):
      let additional = delivery.withLock { () -> Subscribers.Demand in
        isOver.load(ordering: .relaxed) ? .none : downstream.receive(sent.value)
      }
      add(additional)
    case .drain:
      drain()
    }
  }

  override func finish(_ completion: Subscribers.Completion<Failure>) {
    let (complete, released) = state.withLock { ledger -> (Downstream?, ReplaySubject<Output, Failure>?) in
      guard case let .active(downstream, subject) = ledger.state else { return (nil, nil) }  // cancelled meanwhile
      guard ledger.queue.isEmpty else {
        // Owed after the queue; the subject, which has let go of its
        // subscribers, is released after the lock.
        ledger.completion = completion
        ledger.state = .active(downstream, nil)
        return (nil, subject)
      }
      ledger.state = .over
      return (downstream, subject)
    }
    _ = released
    if let complete {
      delivery.withLock {
        isOver.store(true, ordering: .relaxed)
        complete.receive(completion: completion)
      }
    } else {
      drain()  // the queue, then the completion, as far as the demand allows
    }
  }

  func request(_ demand: Subscribers.Demand) {
    APIViolation.checkDemand(demand > 0)
    add(demand)
  }

  /// Adds `demand` (requested, or returned by a delivery) and drains what it covers.
  private func add(_ demand: Subscribers.Demand) {
    let drains = state.withLock { ledger -> Bool in
      guard case .active = ledger.state else { return false }
      ledger.demand += demand
      return ledger.owesSomething
    }
    if drains {
      drain()
    }
  }

  func cancel() {
    isOver.store(true, ordering: .relaxed)
    let released = state.withLock { $0.end() }
    // The downstream and the queue are released after the lock.
    if case let .active(_, subject?) = released.state {
      subject.remove(self)
    }
  }

  /// Delivers what the demand allows, then the completion once the queue is
  /// empty, holding the delivery lock and looping rather than recursing: a
  /// drain that starts while another runs on this thread (from its
  /// subscriber's `receive`) delivers at once what it finds, as a nested
  /// send does; one on another thread waits, then finds what is left.
  private func drain() {
    delivery.withLock {
      var additional = Subscribers.Demand.none
      while true {
        let step = state.withLock { ledger -> Step in
          guard case let .active(downstream, _) = ledger.state else { return .stop }  // cancelled meanwhile
          ledger.demand += additional
          if ledger.demand > 0, let next = ledger.queue.removeFirst() {
            ledger.demand -= 1
            ledger.delivered = max(ledger.delivered, next.sequence + 1)
            return .value(downstream, next.value)
          }
          if ledger.queue.isEmpty, let completion = ledger.completion {
            _ = ledger.end()  // nothing left to release: the subject is gone
            return .complete(downstream, completion)
          }
          return .stop
        }
        switch step {
        case .stop:
          return
        case let .value(downstream, value):
          additional = isOver.load(ordering: .relaxed) ? .none : downstream.receive(value)
        case let .complete(downstream, completion):
          isOver.store(true, ordering: .relaxed)
          downstream.receive(completion: completion)
          return
        }
      }
    }
  }
}
