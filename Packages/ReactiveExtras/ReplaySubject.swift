import SharedMachinery
public import ReactiveCore

/// A subject that keeps the last `bufferSize` values it sent and replays
/// them to each new subscriber, then publishes what comes next.
///
/// After completion, a new subscriber receives the kept values, then the
/// completion. Sends after completion are ignored.
///
/// Each subscriber has its own queue, bounded like the subject's buffer: it
/// holds the replay and the values sent while the subscriber has no demand,
/// and delivers them in order as demand comes. When the queue is full, a
/// new value drops the oldest one: a subscriber without demand loses the
/// oldest values, never the newest, and on its next demand receives the
/// last `bufferSize` values it has not seen — what a new subscriber would
/// receive then. With a `bufferSize` of 1 it behaves as a
/// `CurrentValueSubject` that starts empty. The completion waits behind the
/// queue: it is delivered once the queued values are (it needs no demand of
/// its own).
///
/// ```text
/// send      -a-b-c------d-|
/// early     -a-b-c------d-|
/// late            (bc)--d-|       bufferSize = 2, subscribed after c
/// after end                 (cd|) subscribed after the completion
/// ```
///
/// Values are delivered on the thread that sends them or requests them, one
/// call at a time per subscriber: a send made from inside a subscriber's
/// `receive` is queued and delivered when that `receive` returns. The
/// subject asks each upstream subscription it receives
/// (`send(subscription:)`) for `.unlimited` at once, since it keeps values
/// even without subscribers, and cancels them when it is deallocated.
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
  /// (and each slow subscriber's queue holds at most).
  public let bufferSize: Int

  /// Open: `completion` is nil, `conduits` are the live subscriptions in
  /// subscription order. Completed: `completion` is set, `conduits` is empty
  /// for good, and `buffer` is what late subscribers receive before it.
  private struct State {
    var buffer: ReplayBuffer<Output>
    var completion: Subscribers.Completion<Failure>?
    var conduits: ContiguousArray<ReplayConduitBase<Output, Failure>> = []
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
    state = Lock(State(buffer: ReplayBuffer(capacity: bufferSize), onCancel: onCancel))
  }

  deinit {
    for upstream in state.withLock({ $0.upstreams }) {
      upstream.cancel()
    }
  }

  /// Keeps `value` for later subscribers (dropping the oldest kept value
  /// if `bufferSize` are kept) and offers it to each subscriber.
  ///
  /// - Parameter value: The value to send.
  public func send(_ value: Output) {
    let delivery = state.withLock { state -> (ContiguousArray<ReplayConduitBase<Output, Failure>>, Output?)? in
      guard state.completion == nil else { return nil }  // over: ignore
      return (state.conduits, state.buffer.append(value))
    }
    // The dropped value, if any, is released here, after the lock.
    guard let (conduits, _) = delivery else { return }
    for conduit in conduits {
      conduit.offer(value)
    }
  }

  /// Completes the subject: each subscriber receives the completion after
  /// the values queued for it; later subscribers receive the kept values, then it.
  ///
  /// - Parameter completion: The completion; only the first counts.
  public func send(completion: Subscribers.Completion<Failure>) {
    let ended = state.withLock { state -> (ContiguousArray<ReplayConduitBase<Output, Failure>>, CancelHook?)? in
      guard state.completion == nil else { return nil }  // already over: ignore
      state.completion = completion
      defer {
        state.conduits = []
        state.onCancel = nil
      }
      return (state.conduits, state.onCancel)
    }
    // The hook is released after the lock, with the tuple.
    guard let (conduits, _) = ended else { return }
    for conduit in conduits {
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
    // The replay is taken, and the subscription joins the subject, in the
    // same critical section: a concurrent send reaches it through exactly one.
    let conduit = state.withLock { state -> ReplayConduit<Output, Failure, S> in
      let isOpen = state.completion == nil
      let conduit = ReplayConduit(
        downstream: subscriber,
        subject: isOpen ? self : nil,
        replay: state.buffer,
        completion: state.completion
      )
      if isOpen {
        state.conduits.append(conduit)
      }
      return conduit
    }
    subscriber.receive(subscription: conduit)
    conduit.drain()
  }

  /// Forgets a subscription that was cancelled.
  func remove(_ conduit: ReplayConduitBase<Output, Failure>) {
    let onCancel = state.withLock { state -> CancelHook?? in
      guard let index = state.conduits.firstIndex(where: { $0 === conduit }) else { return nil }
      state.conduits.remove(at: index)
      return .some(state.onCancel)
    }
    if case let .some(onCancel?) = onCancel {
      onCancel(ObjectIdentifier(self))
    }
  }
}

/// A subscription to a ``ReplaySubject``, as the subject sees it: whatever
/// its subscriber's type.
class ReplayConduitBase<Output, Failure: Error>: @unchecked Sendable {
  // @unchecked Sendable: the subclass keeps all its state under its lock.

  /// Queues `value`, and delivers it if the subscriber has demand.
  func offer(_ value: Output) {
    preconditionFailure("Bug in ReplaySubject: abstract offer(_:)")
  }

  /// Delivers `completion` after the queued values.
  func finish(_ completion: Subscribers.Completion<Failure>) {
    preconditionFailure("Bug in ReplaySubject: abstract finish(_:)")
  }
}

/// One subscriber's subscription to a ``ReplaySubject``: its queue, its
/// demand, and the one thread at a time that calls it.
final class ReplayConduit<Output, Failure: Error, Downstream: Subscriber>: ReplayConduitBase<Output, Failure>,
  Subscription, CustomStringConvertible, @unchecked Sendable
where Downstream.Input == Output, Downstream.Failure == Failure {
  // @unchecked Sendable: all mutable state is under `state`'s lock.
  /// What a live subscription holds.
  private struct Live {
    var downstream: Downstream
    /// The subject to leave on cancel; nil once it completed.
    var subject: ReplaySubject<Output, Failure>?
    /// The replay, then the values sent without demand; bounded by the buffer size.
    var queue: ReplayBuffer<Output>
    var demand: Subscribers.Demand = .none
    /// The subject's completion, owed once the queue is empty.
    var completion: Subscribers.Completion<Failure>?
    /// A thread is calling the downstream (or giving it the subscription):
    /// others only queue and add demand, and that thread delivers them.
    var isDelivering = true
  }

  private enum State {
    case live(Live)
    case ended  // completed or cancelled: holds nothing
  }

  private enum Step {
    case stop
    case value(Downstream, Output)
    case complete(Downstream, Subscribers.Completion<Failure>)
  }

  private let state: Lock<State>

  init(
    downstream: Downstream,
    subject: ReplaySubject<Output, Failure>?,
    replay: ReplayBuffer<Output>,
    completion: Subscribers.Completion<Failure>?
  ) {
    // Delivering from the start: nothing reaches the downstream before its
    // subscription; the subscribing thread then drains.
    state = Lock(.live(Live(downstream: downstream, subject: subject, queue: replay, completion: completion)))
  }

  var description: String { "ReplaySubject" }

  // Each event below moves `Live` out of the state (setting `.ended`) before
  // changing it and puts it back: the queue's storage then has one owner,
  // and is changed in place rather than copied.

  override func offer(_ value: Output) {
    let (shouldDrain, dropped) = state.withLock { state -> (Bool, Output?) in
      switch state {
      case var .live(live):
        state = .ended
        let dropped = live.queue.append(value)
        let shouldDrain = !live.isDelivering && live.demand > 0
        live.isDelivering = live.isDelivering || shouldDrain
        state = .live(live)
        return (shouldDrain, dropped)
      case .ended:
        return (false, nil)  // cancelled while the send was on its way
      }
    }
    withExtendedLifetime(dropped) {}  // released after the lock
    if shouldDrain {
      drain()
    }
  }

  override func finish(_ completion: Subscribers.Completion<Failure>) {
    let (shouldDrain, subject) = state.withLock { state -> (Bool, ReplaySubject<Output, Failure>?) in
      switch state {
      case var .live(live):
        state = .ended
        let subject = live.subject
        live.subject = nil
        live.completion = completion
        let shouldDrain = !live.isDelivering
        live.isDelivering = true
        state = .live(live)
        return (shouldDrain, subject)
      case .ended:
        return (false, nil)
      }
    }
    withExtendedLifetime(subject) {}  // released after the lock: its deinit cancels upstreams
    if shouldDrain {
      drain()
    }
  }

  func request(_ demand: Subscribers.Demand) {
    APIViolation.checkDemand(demand > 0)
    let shouldDrain = state.withLock { state -> Bool in
      switch state {
      case var .live(live):
        state = .ended
        live.demand += demand
        let shouldDrain = !live.isDelivering && !live.queue.isEmpty
        live.isDelivering = live.isDelivering || shouldDrain
        state = .live(live)
        return shouldDrain
      case .ended:
        return false
      }
    }
    if shouldDrain {
      drain()
    }
  }

  func cancel() {
    let live = state.withLock { state -> Live? in
      switch state {
      case let .live(live):
        state = .ended
        return live
      case .ended:
        return nil  // cancel is idempotent
      }
    }
    // The downstream and the queue are released after the lock.
    if let subject = live?.subject {
      subject.remove(self)
    }
  }

  /// Delivers what the demand allows, then the completion once the queue is
  /// empty, looping rather than recursing: the caller has set `isDelivering`.
  func drain() {
    var additional = Subscribers.Demand.none
    while true {
      let step = state.withLock { state -> Step in
        switch state {
        case var .live(live):
          state = .ended
          live.demand += additional
          if live.demand > 0, let value = live.queue.removeFirst() {
            live.demand -= 1
            state = .live(live)
            return .value(live.downstream, value)
          }
          if live.queue.isEmpty, let completion = live.completion {
            return .complete(live.downstream, completion)  // stays ended
          }
          live.isDelivering = false
          state = .live(live)
          return .stop
        case .ended:
          return .stop  // cancelled meanwhile
        }
      }
      switch step {
      case .stop:
        return
      case let .value(downstream, value):
        additional = downstream.receive(value)
      case let .complete(downstream, completion):
        downstream.receive(completion: completion)
        return
      }
    }
  }
}
