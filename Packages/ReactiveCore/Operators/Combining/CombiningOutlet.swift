/// The downstream end of the operators that join several upstreams (merge,
/// zip, combineLatest, flatMap, switchToLatest, the `untilOutputFrom`
/// operators): a queue of values waiting for demand, and one thread at a
/// time that delivers them.
///
/// It lives inside its operator's locked state, so that one lock decides
/// both the operator's bookkeeping and the delivery. Whoever adds work
/// (a value, demand, a completion) *claims* the delivery if nobody holds it,
/// and then runs `drain` after the lock; a thread that finds it claimed
/// leaves its work in the queue and returns. So downstream calls never
/// overlap, and a reentrant call from inside `receive` only queues.
///
/// States, read from the fields:
/// - open: `downstream` set, `completion` nil; values wait in `queue` for `demand`;
/// - finishing: `completion == .finished`; delivered once the queue is empty;
/// - failing: `completion` is a failure and the queue was emptied: delivered next;
/// - closed: `downstream` nil; holds nothing (completed or cancelled).
@usableFromInline
struct CombiningOutlet<Downstream: Subscriber, Tag> {
  // Not private: the inlinable operators (flatMap) are compiled in their callers' modules.
  @usableFromInline var downstream: Downstream?
  /// What downstream requested and no value has consumed yet.
  @usableFromInline var demand = Subscribers.Demand.none
  @usableFromInline var queue = InlineFirstQueue<(value: Downstream.Input, tag: Tag)>()
  @usableFromInline var completion: Subscribers.Completion<Downstream.Failure>?
  /// A thread owns the delivery (it runs `drain`).
  @usableFromInline var claimed = false

  @inlinable init(_ downstream: Downstream) {
    self.downstream = downstream
  }

  /// One step of the delivery loop, decided under the lock.
  @usableFromInline
  enum Step {
    case idle
    case value(Downstream, Downstream.Input, Tag)
    case completion(Downstream, Subscribers.Completion<Downstream.Failure>)
  }

  /// Neither closed nor completing: it still takes values.
  @inlinable var isOpen: Bool { downstream != nil && completion == nil }

  /// Values waiting for demand.
  @inlinable var queuedCount: Int { queue.count }

  /// Demand left once the queued values are delivered.
  @inlinable var demandBeyondQueue: Subscribers.Demand { demand - queue.count }

  /// Claims the delivery for the caller if nobody holds it and there is work.
  @inlinable mutating func claim() -> Bool {
    guard downstream != nil, !claimed else { return false }
    guard completion != nil || (!queue.isEmpty && demand > 0) else { return false }
    claimed = true
    return true
  }

  /// Queues a value. Returns whether the caller must drain after the lock.
  @inlinable mutating func enqueue(_ value: Downstream.Input, tag: Tag) -> Bool {
    guard isOpen else { return false }
    queue.append((value, tag))
    return claim()
  }

  /// Queues a value, or replaces the newest queued value when there is no
  /// demand for the one already queued (combineLatest keeps only the latest).
  /// Returns whether the caller must drain, and the replaced value to release after the lock.
  @inlinable mutating func enqueueLatest(
    _ value: Downstream.Input,
    tag: Tag
  ) -> (drain: Bool, replaced: Downstream.Input?) {
    guard isOpen else { return (false, nil) }
    if queue.count > 0, demand <= queue.count - 1 {
      return (false, queue.replaceLast(with: (value, tag)).value)
    }
    queue.append((value, tag))
    return (claim(), nil)
  }

  /// Adds downstream demand. Returns whether the caller must drain.
  @inlinable mutating func add(_ additional: Subscribers.Demand) -> Bool {
    guard downstream != nil else { return false }
    demand += additional
    return claim()
  }

  /// Uses up one unit of demand without a value (drop(untilOutputFrom:)
  /// counts the values it drops against downstream demand, as Combine does).
  @inlinable mutating func consumeDemand() {
    demand -= 1
  }

  /// Finishes once the queued values are delivered. Returns whether the caller must drain.
  @inlinable mutating func finish() -> Bool {
    guard isOpen else { return false }
    completion = .finished
    return claim()
  }

  /// Fails ahead of the queued values, which are dropped and returned to
  /// release after the lock. Returns whether the caller must drain.
  @inlinable mutating func fail(
    _ error: Downstream.Failure
  ) -> (drain: Bool, dropped: [(value: Downstream.Input, tag: Tag)]) {
    guard isOpen else { return (false, []) }
    completion = .failure(error)
    return (claim(), queue.removeAll())
  }

  /// Closes without a completion (downstream cancelled). Returns what to
  /// release after the lock.
  @inlinable mutating func cancel() -> (Downstream?, [(value: Downstream.Input, tag: Tag)]) {
    defer {
      downstream = nil
      completion = nil
    }
    return (downstream, queue.removeAll())
  }

  /// The next step for the thread that claimed the delivery.
  @inlinable mutating func next() -> Step {
    guard let downstream else {
      claimed = false
      return .idle
    }
    if let completion, case .failure = completion {
      close()
      return .completion(downstream, completion)
    }
    if !queue.isEmpty {
      guard demand > 0 else {
        claimed = false
        return .idle
      }
      demand -= 1
      let (value, tag) = queue.removeFirst()
      return .value(downstream, value, tag)
    }
    if let completion {
      close()
      return .completion(downstream, completion)
    }
    claimed = false
    return .idle
  }

  @inlinable mutating func close() {
    downstream = nil
    completion = nil
    claimed = false
  }
}

/// A state that holds a ``CombiningOutlet``.
@usableFromInline
protocol CombiningOutletHolder: ~Copyable {
  associatedtype Downstream: Subscriber
  associatedtype Tag
  var outlet: CombiningOutlet<Downstream, Tag> { get set }
}

extension CombiningOutletHolder where Self: ~Copyable {
  @usableFromInline
  typealias Outlet = CombiningOutlet<Downstream, Tag>

  /// The delivery loop, run outside the lock by the thread that claimed the
  /// delivery, over a state kept under a lock: `locking` runs its body on
  /// the state under that lock (a `Lock` of the state, or the `StateLock`
  /// of an operator that keeps its state beside it). After each value,
  /// `delivered` runs outside the lock with the value's tag and the
  /// additional demand downstream returned, and says how much demand the
  /// caller returns to its upstream (Combine returns demand from
  /// `receive(_:)` rather than calling `request`); it passes any other
  /// demand on itself.
  ///
  /// - Returns: The demand to return from the caller's `receive(_:)`.
  @inlinable
  static func drain(
    locking: ((inout Self) -> Outlet.Step) -> Outlet.Step,
    returning delivered: (Tag, Subscribers.Demand) -> Subscribers.Demand
  ) -> Subscribers.Demand {
    var returned = Subscribers.Demand.none
    while true {
      let step = locking { $0.outlet.next() }
      switch step {
      case .idle:
        return returned
      case let .value(downstream, value, tag):
        let additional = downstream.receive(value)
        if additional > 0 {
          // The claim is ours already: `add` never asks for a drain here.
          _ = locking { state in
            _ = state.outlet.add(additional)
            return .idle
          }
        }
        returned += delivered(tag, additional)
      case let .completion(downstream, completion):
        downstream.receive(completion: completion)
        return returned
      }
    }
  }
}

extension Lock where Value: CombiningOutletHolder & ~Copyable {
  /// The delivery loop, run outside the lock by the thread that claimed the
  /// delivery. `delivered` runs after each value, outside the lock, with the
  /// value's tag and the additional demand downstream returned.
  @inlinable
  func drain(delivered: (Value.Tag, Subscribers.Demand) -> Void = { _, _ in }) {
    _ = drain { tag, additional -> Subscribers.Demand in
      delivered(tag, additional)
      return .none
    }
  }

  /// The delivery loop, for a caller inside an upstream's `receive(_:)`
  /// (see ``CombiningOutletHolder/drain(locking:returning:)``).
  ///
  /// - Returns: The demand to return from the caller's `receive(_:)`.
  @inlinable
  func drain(returning delivered: (Value.Tag, Subscribers.Demand) -> Subscribers.Demand) -> Subscribers.Demand {
    Value.drain(locking: { withLock($0) }, returning: delivered)
  }
}

/// What an event of a combining operator leaves to do after the lock: drain
/// the outlet, cancel subscriptions, release values.
struct CombiningAftermath {
  var drain = false
  var cancelled: [any Subscription] = []
  var released: [Any] = []

  static var none: CombiningAftermath { CombiningAftermath() }
}
