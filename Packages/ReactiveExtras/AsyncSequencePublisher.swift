public import ReactiveCore
import SharedMachinery

extension AsyncSequence where Self: Sendable {
  /// A publisher of the elements of this asynchronous sequence, pulled as
  /// the subscriber demands them.
  ///
  /// The publisher iterates the sequence for one subscription at a time, on
  /// a task of its own started by the first demand; the task pulls an
  /// element only while demand is outstanding, and waits when it runs out.
  /// The publisher finishes at the end of the sequence, and fails with the
  /// error the sequence throws (its `Failure`: `Never` for a sequence that
  /// does not throw). Cancelling the subscription ends the iteration, and
  /// an `AsyncStream` calls its `onTermination` with `.cancelled`.
  ///
  /// Each read of `publisher` makes a new publisher. To subscribe more than
  /// once, read it once and subscribe to that value, or `share()` it: the
  /// copies of one publisher refuse a subscriber while another of their
  /// subscriptions iterates (see ``AsyncSequencePublisher``), whereas two
  /// publishers read from one `AsyncStream` would split its elements, and
  /// two read from one `AsyncThrowingStream` would trap.
  ///
  /// ```swift
  /// let (ticks, continuation) = AsyncStream.makeStream(of: Int.self)
  /// let subscription = ticks.publisher.sink { tick in print(tick) }
  /// continuation.yield(1)
  /// continuation.finish()
  /// ```
  public var publisher: AsyncSequencePublisher<Self> {
    AsyncSequencePublisher(self)
  }
}

extension AsyncSequence where Self: Sendable & Sequence {
  /// Combine's publisher of the elements of the sequence, for a type that is
  /// both a `Sequence` and an `AsyncSequence`: it settles the choice between
  /// the two `publisher` properties in favour of `Sequence`'s, which
  /// publishes synchronously. Use ``AsyncSequencePublisher`` to iterate it
  /// asynchronously.
  ///
  /// ```swift
  /// let publisher: Publishers.Sequence<BothKinds, Never> = BothKinds().publisher
  /// ```
  public var publisher: Publishers.Sequence<Self, Never> {
    Publishers.Sequence(sequence: self)
  }
}

/// A publisher of the elements of an asynchronous sequence, with
/// back-pressure: elements are pulled only while the subscriber has demand.
///
/// Obtain one with `publisher` on a `Sendable` asynchronous sequence.
///
/// ```swift
/// let stream = AsyncStream<Int> { continuation in
///   continuation.yield(1)
///   continuation.finish()
/// }
/// let numbers: AsyncSequencePublisher<AsyncStream<Int>> = stream.publisher
/// ```
///
/// One iteration at a time: a publisher and its copies iterate the sequence
/// for one subscription at a time, so that two subscribers never split the
/// elements of a one-pass sequence, nor await it from two tasks at once
/// (which traps in an `AsyncThrowingStream`). A subscriber that arrives
/// while another subscription iterates gets its subscription, then at once
/// ``AsyncSequencePublisherError/concurrentIteration`` if `Failure` can hold
/// it (`any Error`), or else `.finished`, reported as a misuse in a debug
/// build. Once the iteration is over (the sequence ended, or the subscription
/// was cancelled and its last pull returned), the next subscriber iterates
/// afresh: all the elements of a sequence that can be iterated again, what
/// is left of a one-pass stream.
///
/// A subscription cancelled before its first pull leaves the sequence
/// untouched: it makes no iterator, so an `AsyncStream` does not learn of
/// it. A subscription cancelled later calls `next()` once more, in its
/// cancelled task, unless the sequence had ended, and drops what it
/// returns: that is how an `AsyncStream` learns of the cancel. A sequence
/// that ignores task cancellation keeps that last `next()` waiting until
/// it produces, and the iteration is not over until then.
public struct AsyncSequencePublisher<Base: AsyncSequence & Sendable>: Publisher {
  /// An element of the sequence.
  public typealias Output = Base.Element

  /// The error the sequence throws; `Never` if it does not throw.
  public typealias Failure = Base.Failure

  /// The sequence each subscription iterates.
  public let base: Base

  /// Shared by the copies of this publisher: held by the subscription that
  /// iterates `base`.
  private let claim = IterationClaim()

  /// Creates a publisher of the elements of `base`.
  ///
  /// ```swift
  /// let publisher = AsyncSequencePublisher(AsyncStream<Int> { $0.finish() })
  /// ```
  ///
  /// - Parameter base: The sequence to iterate, once per subscription, one
  ///   subscription at a time.
  public init(_ base: Base) {
    self.base = base
  }

  /// Gives `subscriber` a subscription that starts iterating `base` on a
  /// task of its own at the first demand, once `receive(subscription:)` has
  /// returned; or, while another subscription of this publisher iterates, a
  /// subscription that completes at once.
  ///
  /// - Parameter subscriber: The subscriber to attach.
  public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
    guard claim.take() else { return refuse(subscriber) }
    let inner = Inner(base: base, downstream: AnySubscriber(subscriber), claim: claim)
    subscriber.receive(subscription: inner)
    inner.subscribed()  // only now may the task start: no value during receive(subscription:)
  }

  /// Completes `subscriber` at once: another subscription iterates `base`.
  private func refuse<S: Subscriber>(_ subscriber: S) where S.Input == Output, S.Failure == Failure {
    let error = AsyncSequencePublisherError.concurrentIteration as? Failure
    if error == nil {
      MisuseDiagnostics.report(
        "AsyncSequence.publisher finished a subscriber at once: another subscription of the same publisher"
          + " is iterating its sequence; subscribe once it has ended, or share() the publisher"
      )
    }
    let refusal = Refusal(downstream: subscriber)
    subscriber.receive(subscription: refusal)
    refusal.complete(error.map { .failure($0) } ?? .finished)
  }

  /// The subscription of a subscriber that arrived while another
  /// subscription iterates: it completes once `receive(subscription:)` has
  /// returned, unless cancelled first.
  private final class Refusal<Downstream: Subscriber>: Subscription, CustomStringConvertible
  where Downstream.Input == Output, Downstream.Failure == Failure {
    /// The subscriber until the completion or a cancel; nil after.
    private let downstream: Lock<Downstream?>

    var description: String { "AsyncSequence" }

    init(downstream: Downstream) {
      self.downstream = Lock(downstream)
    }

    func request(_ demand: Subscribers.Demand) {
      APIViolation.checkDemand(demand > 0)
      // Otherwise nothing to do: a completion needs no demand.
    }

    func cancel() {
      _ = downstream.withLock { $0.take() }  // released after the lock
    }

    func complete(_ completion: Subscribers.Completion<Failure>) {
      downstream.withLock { $0.take() }?.receive(completion: completion)
    }
  }

  /// One subscription: a task that iterates the sequence while there is
  /// demand. It holds the publisher's claim from its creation until its
  /// iteration is over, and releases it once.
  ///
  /// States (each holds what it names):
  /// - `subscribing(base, downstream, demand)`: `receive(subscription:)` is
  ///   running; a request only adds to `demand`;
  /// - `waitingForDemand(base, downstream)`: subscribed, no demand yet;
  ///   nothing started;
  /// - `running(running)`: the task is started (its handle arrives just
  ///   after); it pulls while `demand` is positive, and otherwise waits in
  ///   `waiter` for `request(_:)` or `cancel()`;
  /// - `finished`: completed or cancelled; holds nothing. After a cancel
  ///   the task may still be making its last pull: it holds the claim until
  ///   that pull returns.
  ///
  /// Events, and what each does in each state:
  /// - `subscribed()` (`receive(subscription:)` has returned): subscribing →
  ///   running, start the task, if demand was recorded, else →
  ///   waitingForDemand; finished (cancelled meanwhile): nothing; waiting
  ///   for demand, running: a bug.
  /// - `request(d)`: traps if `d` is zero; subscribing: add `d`;
  ///   waitingForDemand → running, start the task; running: add `d`, resume
  ///   the waiter if any; finished: nothing.
  /// - `cancel()`: subscribing, waitingForDemand → finished, then release
  ///   the claim, and base and downstream (after the lock); running →
  ///   finished, then cancel the task and resume its waiter with false;
  ///   finished: nothing.
  /// - the task's handle (`start`): running: stored; finished: cancel the
  ///   task (it was cancelled before its handle was stored).
  /// - the task asks for demand (`hasDemand`): running: true if `demand` is
  ///   positive, else it waits; finished: false.
  /// - the task pulled an element (`deliver`): running: take one from
  ///   `demand`, send the element, add the demand `receive(_:)` returns
  ///   unless cancelled meanwhile; finished: drop the element.
  /// - the sequence ended or threw (`finish`): running → finished, release
  ///   the claim, send the completion; finished: release the claim only.
  ///   The claim goes first, so that a subscriber may subscribe again from
  ///   `receive(completion:)`.
  ///
  /// The task starts from `running` only: for its events, subscribing and
  /// waitingForDemand are a bug. It makes its iterator at its first demand,
  /// so a cancel that comes before leaves the sequence untouched. A cancel
  /// that comes later ends the iteration through the sequence itself: unless
  /// the last `next()` ended the sequence, the task calls `next()` once more,
  /// in its cancelled task, and drops what it returns. That wakes a task
  /// parked for demand into the producer's cancellation handler (an
  /// `AsyncStream` terminates and calls `onTermination`), which task
  /// cancellation alone cannot reach. Then it releases the claim.
  ///
  /// The downstream is erased to `AnySubscriber`: the task's closure
  /// captures `self`, and a class generic over a subscriber type would
  /// capture that type's metatype, which is not `Sendable` (swiftc 6.3.1,
  /// SendableMetatypes). A task per subscription outweighs the box.
  private final class Inner: Subscription, CustomStringConvertible, @unchecked Sendable {
    // @unchecked Sendable: every mutable field is in `state`, under its lock;
    // what leaves the lock is used only by the thread that took it out.

    typealias Downstream = AnySubscriber<Base.Element, Base.Failure>

    typealias Waiter = UnsafeContinuation<Bool, Never>

    private struct Running {
      let downstream: Downstream
      var demand: Subscribers.Demand
      /// The task, waiting for demand.
      var waiter: Waiter?
      /// The task's handle, to cancel it; nil until `start` stores it.
      var task: Task<Void, Never>?
    }

    private enum State {
      case subscribing(Base, Downstream, Subscribers.Demand)
      case waitingForDemand(Base, Downstream)
      case running(Running)
      case finished
    }

    /// What `subscribed()`, `request(_:)` and `cancel()` do once they have
    /// left the lock.
    private enum Action {
      case none
      case start(Base)
      case resume(Waiter)
      /// Stops the task, which releases the claim; the downstream is
      /// released after the lock.
      case stop(Running)
      /// Releases the claim, and what a subscription that never started
      /// holds (an `AsyncStream` may call `onTermination` when released).
      case release(Base, Downstream)
    }

    private let state: Lock<State>

    /// The publisher's claim, held by this subscription since its creation.
    private let claim: IterationClaim

    var description: String { "AsyncSequence" }

    init(base: Base, downstream: Downstream, claim: IterationClaim) {
      state = Lock(.subscribing(base, downstream, .none))
      self.claim = claim
    }

    func subscribed() {
      let action = state.withLock { state -> Action in
        switch state {
        case let .subscribing(base, downstream, demand):
          guard demand > .none else {
            state = .waitingForDemand(base, downstream)
            return .none
          }
          state = .running(Running(downstream: downstream, demand: demand))
          return .start(base)
        case .finished:
          return .none  // cancelled from receive(subscription:): all released
        case .waitingForDemand, .running:
          fatalError("Bug in AsyncSequencePublisher.Inner: subscribed twice")
        }
      }
      perform(action)
    }

    func request(_ demand: Subscribers.Demand) {
      APIViolation.checkDemand(demand > 0)
      let action = state.withLock { state -> Action in
        switch state {
        case let .subscribing(base, downstream, recorded):
          state = .subscribing(base, downstream, recorded + demand)
          return .none  // the task starts once receive(subscription:) has returned
        case let .waitingForDemand(base, downstream):
          state = .running(Running(downstream: downstream, demand: demand))
          return .start(base)
        case var .running(running):
          running.demand += demand
          let waiter = running.waiter
          running.waiter = nil
          state = .running(running)
          return waiter.map { .resume($0) } ?? .none
        case .finished:
          return .none
        }
      }
      perform(action)
    }

    func cancel() {
      let action = state.withLock { state -> Action in
        switch state {
        case let .subscribing(base, downstream, _), let .waitingForDemand(base, downstream):
          state = .finished
          return .release(base, downstream)
        case let .running(running):
          state = .finished
          return .stop(running)
        case .finished:
          return .none
        }
      }
      perform(action)
    }

    private func perform(_ action: Action) {
      switch action {
      case .none:
        break
      case let .start(base):
        start(base)
      case let .resume(waiter):
        waiter.resume(returning: true)
      case let .stop(running):
        // The task first, so that its last pull runs cancelled; a task not
        // stored yet is cancelled by `start`.
        running.task?.cancel()
        running.waiter?.resume(returning: false)
      case .release:
        claim.release()  // the task never started: nobody else holds it
      }
    }

    private func start(_ base: Base) {
      let task = Task { await self.run(base) }
      let cancelled = state.withLock { state -> Bool in
        switch state {
        case var .running(running):
          running.task = task
          state = .running(running)
          return false
        case .finished:
          return true  // cancelled, or over, before the handle was stored
        case .subscribing, .waitingForDemand:
          fatalError("Bug in AsyncSequencePublisher.Inner: started before running")
        }
      }
      if cancelled {
        task.cancel()
      }
    }

    /// The task's work: pull one element per unit of demand, until the end;
    /// after a cancel, end the iteration through the sequence.
    private func run(_ base: Base) async {
      // Cancelled before the first pull: no iterator, the sequence untouched.
      guard await hasDemand() else { return claim.release() }
      var iterator = base.makeAsyncIterator()
      repeat {
        let element: Base.Element?
        do throws(Base.Failure) {
          element = try await iterator.next(isolation: nil)
        } catch {
          return finish(.failure(error))
        }
        guard let element else { return finish(.finished) }
        deliver(element)
      } while await hasDemand()
      // Cancelled, and the sequence has not ended: one more pull, in the
      // cancelled task, tells the producer (its cancellation handler runs).
      // What it returns is dropped.
      _ = try? await iterator.next(isolation: nil)
      claim.release()
    }

    /// Returns true when there is demand, waiting for it if need be; false
    /// once the subscription is over.
    private func hasDemand() async -> Bool {
      if let ready = demand(orWait: nil) {
        return ready  // no suspension while demand lasts
      }
      return await withUnsafeContinuation { (waiter: Waiter) in
        if let ready = demand(orWait: waiter) {
          waiter.resume(returning: ready)
        }
      }
    }

    /// True when there is demand, false once the subscription is over; nil
    /// otherwise, after storing `waiter` (if any) for `request(_:)` or
    /// `cancel()` to resume.
    private func demand(orWait waiter: Waiter?) -> Bool? {
      state.withLock { state -> Bool? in
        switch state {
        case var .running(running):
          guard running.demand == .none else { return true }
          guard let waiter else { return nil }
          running.waiter = waiter
          state = .running(running)
          return nil
        case .finished:
          return false
        case .subscribing, .waitingForDemand:
          fatalError("Bug in AsyncSequencePublisher.Inner: the task runs before running")
        }
      }
    }

    private func deliver(_ element: Base.Element) {
      let downstream = state.withLock { state -> Downstream? in
        switch state {
        case var .running(running):
          running.demand -= 1
          state = .running(running)
          return running.downstream
        case .finished:
          return nil  // cancelled while the element was pulled: dropped
        case .subscribing, .waitingForDemand:
          fatalError("Bug in AsyncSequencePublisher.Inner: an element before running")
        }
      }
      guard let additional = downstream?.receive(element), additional > .none else { return }
      state.withLock { state in
        switch state {
        case var .running(running):
          running.demand += additional
          state = .running(running)
        case .finished:
          break  // cancelled from receive(_:): over
        case .subscribing, .waitingForDemand:
          fatalError("Bug in AsyncSequencePublisher.Inner: demand from a value before running")
        }
      }
    }

    private func finish(_ completion: Subscribers.Completion<Base.Failure>) {
      let downstream = state.withLock { state -> Downstream? in
        switch state {
        case let .running(running):
          state = .finished
          return running.downstream
        case .finished:
          return nil  // cancelled: the completion is not sent
        case .subscribing, .waitingForDemand:
          fatalError("Bug in AsyncSequencePublisher.Inner: completed before running")
        }
      }
      // The iteration is over. The claim goes before the completion, so that
      // the subscriber may subscribe again from receive(completion:).
      claim.release()
      downstream?.receive(completion: completion)
    }
  }
}

extension AsyncSequencePublisher: Sendable {}

/// The right to iterate the sequence of an ``AsyncSequencePublisher``,
/// shared by the copies of one publisher: held by at most one of their
/// subscriptions at a time, from its creation until its iteration is over.
private final class IterationClaim: Sendable {
  private let isHeld = Lock(false)

  /// Takes the claim: false if another subscription holds it.
  func take() -> Bool {
    isHeld.withLock { isHeld in
      guard !isHeld else { return false }
      isHeld = true
      return true
    }
  }

  /// Gives the claim back, for the next subscriber.
  func release() {
    isHeld.withLock { $0 = false }
  }
}
