import SharedMachinery
public import ReactiveCore

extension AsyncSequence where Self: Sendable {
  /// A publisher of the elements of this asynchronous sequence, pulled as
  /// the subscriber demands them.
  ///
  /// Each subscription iterates the sequence on a task of its own, started
  /// by the first demand; the task pulls an element only while demand is
  /// outstanding, and waits when it runs out. The publisher finishes at the
  /// end of the sequence, and fails with the error the sequence throws (its
  /// `Failure`: `Never` for a sequence that does not throw). Cancelling the
  /// subscription cancels the task, which ends the iteration.
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
public struct AsyncSequencePublisher<Base: AsyncSequence & Sendable>: Publisher {
  /// An element of the sequence.
  public typealias Output = Base.Element

  /// The error the sequence throws; `Never` if it does not throw.
  public typealias Failure = Base.Failure

  /// The sequence each subscription iterates.
  public let base: Base

  /// Creates a publisher of the elements of `base`.
  ///
  /// ```swift
  /// let publisher = AsyncSequencePublisher(AsyncStream<Int> { $0.finish() })
  /// ```
  ///
  /// - Parameter base: The sequence to iterate, once per subscription.
  public init(_ base: Base) {
    self.base = base
  }

  /// Gives `subscriber` a subscription that starts iterating `base` on a
  /// task of its own at the first demand.
  ///
  /// - Parameter subscriber: The subscriber to attach.
  public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
    subscriber.receive(subscription: Inner(base: base, downstream: AnySubscriber(subscriber)))
  }

  /// One subscription: a task that iterates the sequence while there is demand.
  ///
  /// States:
  /// - `waitingForDemand(base, downstream)`: subscribed; nothing started;
  /// - `running(running)`: the task is started (its handle arrives just
  ///   after); it pulls while `demand` is positive, and otherwise waits in
  ///   `waiter` for `request(_:)`;
  /// - `finished`: the sequence ended, or the subscription was cancelled;
  ///   holds nothing.
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
      /// The task's handle, to cancel it; nil until `request(_:)` stores it.
      var task: Task<Void, Never>?
    }

    private enum State {
      case waitingForDemand(Base, Downstream)
      case running(Running)
      case finished
    }

    /// What `request(_:)` and `cancel()` do once they have left the lock.
    private enum Action {
      case none
      case start(Base)
      case resume(Waiter)
      /// Stops the task; the downstream is released after the lock.
      case stop(Running)
      /// Releases what a subscription that never started holds.
      case release(Base, Downstream)
    }

    private let state: Lock<State>

    var description: String { "AsyncSequence" }

    init(base: Base, downstream: Downstream) {
      state = Lock(.waitingForDemand(base, downstream))
    }

    func request(_ demand: Subscribers.Demand) {
      guard demand > .none else { return }  // an API violation: ignored
      let action = state.withLock { state -> Action in
        switch state {
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
      switch action {
      case let .start(base):
        start(base)
      case let .resume(waiter):
        waiter.resume(returning: true)
      case .none, .stop, .release:
        break
      }
    }

    func cancel() {
      let action = state.withLock { state -> Action in
        switch state {
        case let .waitingForDemand(base, downstream):
          state = .finished
          return .release(base, downstream)
        case let .running(running):
          state = .finished
          return .stop(running)
        case .finished:
          return .none
        }
      }
      if case let .stop(running) = action {
        running.waiter?.resume(returning: false)
        running.task?.cancel()  // a task not stored yet is cancelled by `start`
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
        case .waitingForDemand:
          fatalError("Bug in AsyncSequencePublisher.Inner: started while waiting for demand")
        }
      }
      if cancelled {
        task.cancel()
      }
    }

    /// The task's work: pull one element per unit of demand, until the end.
    private func run(_ base: Base) async {
      var iterator = base.makeAsyncIterator()
      while await hasDemand() {
        let element: Base.Element?
        do throws(Base.Failure) {
          element = try await iterator.next(isolation: nil)
        } catch {
          return finish(.failure(error))
        }
        guard let element else { return finish(.finished) }
        deliver(element)
      }
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
        case .waitingForDemand:
          fatalError("Bug in AsyncSequencePublisher.Inner: the task runs while waiting for demand")
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
        case .waitingForDemand:
          fatalError("Bug in AsyncSequencePublisher.Inner: an element while waiting for demand")
        }
      }
      guard let additional = downstream?.receive(element), additional > .none else { return }
      state.withLock { state in
        guard case var .running(running) = state else { return }  // cancelled from receive: over
        running.demand += additional
        state = .running(running)
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
        case .waitingForDemand:
          fatalError("Bug in AsyncSequencePublisher.Inner: completed while waiting for demand")
        }
      }
      downstream?.receive(completion: completion)
    }
  }
}
