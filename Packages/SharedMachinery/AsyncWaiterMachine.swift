/// The package's one bridge from a subscription to the tasks that await its
/// values: Combine's `values` and `Future.value` (the core), the traits'
/// `value`, and `values(bufferingPolicy:)` (ReactiveExtras). A pure state
/// machine, without locks nor threads: each subscriber keeps one under a
/// lock (beside a `StateLock`, or inside a `Lock`), calls one event under
/// the lock, and runs the `Action` it returns after the lock with
/// ``perform(_:request:cancel:resume:)``. It names no
/// Combine type: the subscription is `Upstream`, and the demand it is asked
/// for is ``Demand``. A waiting task is a `Waiter`: its continuation
/// (`UnsafeContinuation<Outcome, Never>`), or, in the machine's own tests,
/// any value that names it.
///
/// Phases:
/// - `waitingForSubscription(owed)`: subscribed, the subscription has not
///   arrived; `owed` counts the values requested for the tasks that already
///   wait (one each, under `.perWait` and `.oldest`);
/// - `subscribed(upstream)`: values go to the oldest waiting task, or to the
///   buffer, by the policy;
/// - `completed(outcome)`: the upstream completed while no task waited; the
///   buffered values are handed out first, then `outcome` (once);
/// - `over(outcome)`: the completion was handed out (`.finished` for every
///   later wait), or the wait was cancelled (`.cancelled`); holds nothing.
///
/// Events, and what each does in each phase:
///
/// | event | waitingForSubscription | subscribed | completed | over |
/// |---|---|---|---|---|
/// | `wait` | buffered value, or queue the task (owed + 1) | buffered value, or queue the task; `.perWait`/`.oldest`: request 1 | buffered value, else the outcome → over | `outcome` |
/// | `subscribed` | → subscribed; request the owed demand (`.unbounded`/`.newest`: unlimited) | cancel it (a second one) | cancel it | cancel it |
/// | `receive(value)` | drop | the oldest task, else keep by the policy | drop | drop |
/// | `receiveEnding(value)` | drop | the oldest task gets it, the others `.cancelled`; cancel the upstream → over(cancelled) | drop | drop |
/// | `complete` | tasks waiting: oldest gets it, the others `.finished` → over; else → completed | same | ignore | ignore |
/// | `cancel` | every task `.cancelled` → over(cancelled) | cancel the upstream, every task `.cancelled` → over(cancelled) | → over(cancelled) | ignore |
///
/// Tasks wait only while the buffer is empty, and values are buffered only
/// while no task waits. Several tasks may wait at once (as with Combine's
/// iterators), oldest first.
@usableFromInline
package struct AsyncWaiterMachine<Element, Failure: Error, Upstream, Waiter> {
  /// What a waiting task is resumed with.
  @usableFromInline
  package typealias Outcome = AsyncWaiterOutcome<Element, Failure>

  /// What becomes of the values that come while no task waits, and so what
  /// the subscription is asked for.
  @usableFromInline
  package enum Policy {
    /// One value requested per wait; a value nobody waits for is dropped
    /// (Combine's `values`).
    case perWait
    /// Every value is kept; the subscription is asked for `.unlimited`.
    case unbounded
    /// At most `n` values are kept, and only as many are requested (plus one
    /// per wait): none is dropped from a well-behaved upstream.
    case oldest(Int)
    /// The latest `n` values are kept; the subscription is asked for
    /// `.unlimited`, and an older kept value makes room for a newer one.
    case newest(Int)
  }

  /// How much to request from the subscription.
  @usableFromInline
  package enum Demand: Equatable {
    case max(Int)
    case unlimited

    /// The count, or nil for `.unlimited`: `$0.request($1.limit.map { .max($0) } ?? .unlimited)`.
    @inlinable
    package var limit: Int? {
      switch self {
      case let .max(count): count
      case .unlimited: nil
      }
    }
  }

  /// What to do after the lock. Values and subscriptions it carries are
  /// released with it, after the lock too.
  @usableFromInline
  package enum Action {
    case none
    /// Resume `waiter` with `outcome`; then, if any, request one more value
    /// from the subscription.
    case resume(Waiter, Outcome, requestingOneFrom: Upstream?)
    case request(Upstream, Demand)
    case cancel(Upstream)
    /// Cancel `upstream`, then resume `waiter` with `outcome` (see
    /// ``receiveEnding(_:)``).
    case cancelAndResume(Waiter, Outcome, cancelling: Upstream)
    /// Resume `waiters`: the oldest with `first`, the others with `others`;
    /// cancel `upstream` if any; release what the machine held.
    case end(waiters: [Waiter], first: Outcome, others: Outcome, cancelling: Upstream?, released: [Element])
    /// Release a value, or the subscription, after the lock.
    case release(Element?, Upstream?)
  }

  @usableFromInline
  enum Phase {
    case waitingForSubscription(owed: Int)
    case subscribed(Upstream)
    case completed(Outcome)
    case over(Outcome)
  }

  @usableFromInline
  var phase = Phase.waitingForSubscription(owed: 0)
  /// The values nobody awaited yet, oldest first. Empty while a task waits.
  @usableFromInline
  var buffer = FIFOQueue<Element>()
  /// The waiting tasks, oldest first. Empty while values are buffered. The
  /// oldest is kept inline (``InlineFirstQueue``): a single wait (each
  /// await of a trait's `value`, each `next()` of an iterator) allocates no
  /// queue; growing a `FIFOQueue` for it was a malloc and about 900
  /// instructions per await.
  @usableFromInline
  var waiters = InlineFirstQueue<Waiter>()
  @usableFromInline
  let policy: Policy

  @inlinable
  package init(policy: Policy) {
    switch policy {
    case .perWait, .unbounded: self.policy = policy
    case let .oldest(count): self.policy = .oldest(Swift.max(0, count))
    case let .newest(count): self.policy = .newest(Swift.max(0, count))
    }
  }

  /// Whether a wait asks the subscription for one more value.
  @inlinable
  var requestsPerWait: Bool {
    switch policy {
    case .perWait, .oldest: true
    case .unbounded, .newest: false
    }
  }

  /// Whether the subscription has arrived and not ended: for a mirror.
  @inlinable
  package var upstream: Upstream? {
    guard case let .subscribed(upstream) = phase else { return nil }
    return upstream
  }

  /// Whether the subscription has not arrived yet: for a mirror.
  @inlinable
  package var isWaitingForSubscription: Bool {
    guard case .waitingForSubscription = phase else { return false }
    return true
  }

  // MARK: Events

  // Each event moves the phase out (`takePhase()`) and stores the next one:
  // reading it (`switch phase`, `guard case let .subscribed(upstream) =
  // phase`) copied the subscription existential through the enum's value
  // witnesses, and storing the next phase destroyed the old one (about 550
  // instructions per await of a trait's `value` in make bench).

  /// The phase, moved out; `.over(.finished)` holds its place until the
  /// event stores the next one.
  @inlinable
  mutating func takePhase() -> Phase {
    var taken = Phase.over(.finished)
    swap(&taken, &phase)
    return taken
  }

  /// A task waits for the next outcome.
  @inlinable
  package mutating func wait(_ waiter: Waiter) -> Action {
    let current = takePhase()
    switch consume current {
    case let .waitingForSubscription(owed):
      phase = .waitingForSubscription(owed: requestsPerWait ? owed + 1 : owed)
      if let value = buffer.removeFirst() {
        return .resume(waiter, .value(value), requestingOneFrom: nil)
      }
      waiters.append(waiter)
      return .none
    case let .subscribed(upstream):
      // `.perWait` has no buffer: the value comes to this wait. `.oldest`
      // keeps its buffer topped up by one per wait.
      let topUp = requestsPerWait ? upstream : nil
      phase = .subscribed(upstream)
      if let value = buffer.removeFirst() {
        return .resume(waiter, .value(value), requestingOneFrom: topUp)
      }
      waiters.append(waiter)
      return topUp.map { .request($0, .max(1)) } ?? .none
    case let .completed(outcome):
      if let value = buffer.removeFirst() {
        phase = .completed(outcome)
        return .resume(waiter, .value(value), requestingOneFrom: nil)
      }
      phase = .over(.finished)
      return .resume(waiter, outcome, requestingOneFrom: nil)
    case let .over(outcome):
      phase = .over(outcome)
      if let value = buffer.removeFirst() {
        return .resume(waiter, .value(value), requestingOneFrom: nil)
      }
      return .resume(waiter, outcome, requestingOneFrom: nil)
    }
  }

  /// The subscription arrived.
  @inlinable
  package mutating func subscribed(_ upstream: Upstream) -> Action {
    let current = takePhase()
    let owed: Int
    switch consume current {
    case let .waitingForSubscription(count):
      owed = count
    case let other:
      phase = other
      return .cancel(upstream)  // a second subscription, or one after the end
    }
    phase = .subscribed(upstream)
    let demand: Demand
    switch policy {
    case .perWait:
      guard owed > 0 else { return .none }
      demand = .max(owed)
    case let .oldest(count):
      let (sum, overflow) = count.addingReportingOverflow(owed)
      guard overflow || sum > 0 else { return .none }
      demand = overflow ? .unlimited : .max(sum)  // saturates: `.bufferingOldest(.max)`
    case .unbounded, .newest:
      demand = .unlimited
    }
    return .request(upstream, demand)
  }

  /// A value arrived.
  @inlinable
  package mutating func receive(_ value: Element) -> Action {
    guard case .subscribed = phase else { return .release(value, nil) }  // before the subscription, or after the end
    if let waiter = waiters.popFirst() {
      return .resume(waiter, .value(value), requestingOneFrom: nil)
    }
    switch policy {
    case .perWait:
      return .release(value, nil)  // nobody waits: it came without demand
    case .unbounded:
      buffer.append(value)
      return .none
    case let .oldest(count):
      guard buffer.count < count else { return .release(value, nil) }  // sent beyond the demand
      buffer.append(value)
      return .none
    case let .newest(count):
      guard count > 0 else { return .release(value, nil) }
      let dropped = buffer.count < count ? nil : buffer.removeFirst()
      buffer.append(value)
      return .release(dropped, nil)
    }
  }

  /// A value arrived that ends the wait for good: the oldest task gets it,
  /// the subscription is cancelled, and the machine is over, as after
  /// ``cancel()``. What the traits' `value` does with its one value, in one
  /// action (`receive` then `cancel` moved two actions out of the lock and
  /// copied each).
  @inlinable
  package mutating func receiveEnding(_ value: Element) -> Action {
    let current = takePhase()
    switch consume current {
    case let .subscribed(upstream):
      phase = .over(.cancelled)
      if waiters.count == 1, let waiter = waiters.popFirst() {
        return .cancelAndResume(waiter, .value(value), cancelling: upstream)
      }
      var released = buffer.removeAll()
      let waiting = waiters.removeAll()
      if waiting.isEmpty { released.append(value) }
      return .end(waiters: waiting, first: .value(value), others: .cancelled, cancelling: upstream, released: released)
    case let other:
      phase = other
      return .release(value, nil)  // before the subscription, or after the end
    }
  }

  /// The upstream completed: `outcome` is `.finished` or `.failure`.
  @inlinable
  package mutating func complete(_ outcome: Outcome) -> Action {
    let current = takePhase()
    let released: Upstream?
    switch consume current {
    case .waitingForSubscription:
      released = nil
    case let .subscribed(upstream):
      released = upstream
    case let other:
      phase = other
      return .none  // already over: ignore
    }
    guard waiters.isEmpty else {
      // Tasks wait, so the buffer is empty: the completion is handed out now.
      phase = .over(.finished)
      return .end(
        waiters: waiters.removeAll(),
        first: outcome,
        others: .finished,
        cancelling: nil,
        released: []
      )
    }
    phase = .completed(outcome)  // after the buffered values
    return .release(nil, released)
  }

  /// The wait was cancelled: the awaiting task, or the iteration.
  @inlinable
  package mutating func cancel() -> Action {
    let current = takePhase()
    let upstream: Upstream?
    switch consume current {
    case .waitingForSubscription, .completed:
      upstream = nil
    case let .subscribed(subscribed):
      upstream = subscribed
    case let .over(outcome):
      phase = .over(outcome)
      return .none
    }
    phase = .over(.cancelled)
    return .end(
      waiters: waiters.removeAll(),
      first: .cancelled,
      others: .cancelled,
      cancelling: upstream,
      released: buffer.removeAll()
    )
  }

  // MARK: Acting after the lock

  /// Runs `action`, after the lock: resumes the tasks, and calls the
  /// subscription through `request` and `cancel` (the subscriber's, which
  /// know its type).
  @inlinable
  package static func perform(
    _ action: consuming Action,
    request: (Upstream, Demand) -> Void,
    cancel: (Upstream) -> Void,
    resume: (Waiter, Outcome) -> Void
  ) {
    switch consume action {
    case .none, .release:
      break
    case let .resume(waiter, outcome, upstream):
      if let upstream { request(upstream, .max(1)) }
      resume(waiter, outcome)
    case let .request(upstream, demand):
      request(upstream, demand)
    case let .cancel(upstream):
      cancel(upstream)
    case let .cancelAndResume(waiter, outcome, upstream):
      cancel(upstream)
      resume(waiter, outcome)
    case let .end(waiters, first, others, upstream, _):
      if let upstream { cancel(upstream) }
      for (index, waiter) in waiters.enumerated() {
        resume(waiter, index == 0 ? first : others)
      }
    }
  }
}

extension AsyncWaiterMachine where Waiter == UnsafeContinuation<AsyncWaiterOutcome<Element, Failure>, Never> {
  /// ``perform(_:request:cancel:resume:)`` for waiting tasks that are
  /// continuations: what every subscriber of the package calls.
  @inlinable
  package static func perform(
    _ action: consuming Action,
    request: (Upstream, Demand) -> Void,
    cancel: (Upstream) -> Void
  ) {
    perform(consume action, request: request, cancel: cancel, resume: { $0.resume(returning: $1) })
  }
}

/// A subscriber takes its machine's type as a generic argument (see
/// ``ClassArgumentState``).
extension AsyncWaiterMachine: ClassArgumentState {
  @usableFromInline
  package typealias Core = AsyncWaiterMachine
}

/// What a waiting task is resumed with.
@usableFromInline
package enum AsyncWaiterOutcome<Element, Failure: Error>: @unchecked Sendable {
  // @unchecked Sendable: a value crosses from the publisher's thread to the
  // awaiting task exactly once, and nothing else keeps it (as with
  // Combine's own bridges).
  case value(Element)
  /// The upstream finished, or the completion was handed out to an earlier wait.
  case finished
  case failure(Failure)
  /// The wait was cancelled (the task, or the iteration); so was the subscription.
  case cancelled
}
