/// The life of a time operator's subscription, kept behind its lock.
///
/// - `awaitingSubscription(downstream)`: no upstream yet;
/// - `active`: the operator's own state (see each operator's `Active`);
/// - `terminal`: completed or cancelled; holds nothing.
///
/// An operator's `Active` may be noncopyable, and then so is the state: a
/// type declared costs its value witnesses in every binary, and a
/// noncopyable one has no copy witnesses (Docs/Internals.md, "Generic
/// payloads cost code"). It is moved out (`take()`, `switch consume`),
/// never copied.
enum TimedState<Downstream, Active: ~Copyable>: ~Copyable {
  case awaitingSubscription(Downstream)
  case active(Active)
  case terminal

  var isAwaitingSubscription: Bool {
    switch self {
    case .awaitingSubscription: true
    case .active: false
    case .terminal: false
    }
  }

  var isActive: Bool {
    switch self {
    case .active: true
    case .awaitingSubscription: false
    case .terminal: false
    }
  }

  /// Takes the state out, leaving `terminal`.
  mutating func take() -> TimedState {
    var taken = TimedState.terminal
    swap(&self, &taken)
    return taken
  }

  /// Runs `body` on the active state in place (without copying its queues);
  /// nil when the state is not active.
  mutating func updateActive<R>(_ body: (inout Active) -> R) -> R? {
    guard isActive else { return nil }
    switch take() {
    case var .active(active):
      let result = body(&active)
      self = .active(active)
      return result
    case let .awaitingSubscription(downstream):
      self = .awaitingSubscription(downstream)  // not reached: checked above
      return nil
    case .terminal:
      return nil
    }
  }
}

extension TimedState: Copyable where Active: Copyable {}

extension TimedState where Active: ~Copyable {
  /// The active state this state held, if it was active; the rest is released.
  consuming func activeState() -> Active? {
    switch consume self {
    case let .active(active):
      return active
    case .awaitingSubscription:
      return nil
    case .terminal:
      return nil
    }
  }
}

/// An event a time operator owes its downstream.
enum TimedEvent<Input, Failure: Error> {
  case value(Input)
  case completion(Subscribers.Completion<Failure>)
}

/// What the shared delivery loop does next, decided under the lock.
enum Delivery<Downstream: Subscriber, Pause, Ending> {
  /// Nothing more can go out now: the turn is over (the outbox's claim is released).
  case pause(Pause)
  /// A value goes out; the state stays active.
  case value(Downstream, Downstream.Input)
  /// The stream ends; the state becomes terminal.
  case end(Downstream, Ending)
}

/// The active state of a time operator whose events go out through the
/// shared delivery loop, ``Lock/deliver(onDemand:end:)``.
protocol DeliveringState: ~Copyable {
  associatedtype Downstream: Subscriber
  /// What a paused loop hands back to its caller.
  associatedtype Pause
  /// What the loop hands to the downstream's last call.
  associatedtype Ending

  /// Under the lock: takes the next event due to the downstream, or, when
  /// none can go out now, releases the delivering thread's claim and pauses.
  mutating func nextDelivery() -> Delivery<Downstream, Pause, Ending>
}

/// An active state that counts the downstream's demand.
protocol DemandCounting: ~Copyable {
  /// What the downstream has requested and not received yet.
  var demand: Subscribers.Demand { get set }
}

/// An active state whose outbox holds the values and completion, delivered
/// as they come (the demand was checked when they were queued).
protocol EventOutboxState: DeliveringState, ~Copyable
where Pause == Void, Ending == Subscribers.Completion<Downstream.Failure> {
  var downstream: Downstream { get }
  var outbox: Outbox<TimedEvent<Downstream.Input, Downstream.Failure>> { get set }
}

extension EventOutboxState where Self: ~Copyable {
  mutating func nextDelivery() -> Delivery<Downstream, Void, Subscribers.Completion<Downstream.Failure>> {
    switch outbox.removeFirst() {
    case nil:
      outbox.release()
      return .pause(())
    case let .value(input)?:
      return .value(downstream, input)
    case let .completion(completion)?:
      return .end(downstream, completion)
    }
  }
}

extension Lock where Value: ~Copyable {
  /// Makes the state active with what `make` builds from the downstream, if
  /// it was awaiting its subscription; else cancels `subscription`, one too many.
  ///
  /// - Returns: The downstream, to send the subscription to; nil if
  ///   `subscription` was cancelled.
  func activate<Downstream, Active: ~Copyable>(
    _ subscription: any Subscription,
    _ make: (Downstream) -> Active
  ) -> Downstream? where Value == TimedState<Downstream, Active> {
    let taken = withLock { state -> Downstream? in
      guard state.isAwaitingSubscription else { return nil }
      switch state.take() {
      case let .awaitingSubscription(downstream):
        state = .active(make(downstream))
        return downstream
      case let .active(active):
        state = .active(active)  // not reached: checked above
        return nil
      case .terminal:
        return nil
      }
    }
    guard let downstream = taken else {
      subscription.cancel()
      return nil
    }
    return downstream
  }

  /// Makes the state terminal.
  ///
  /// - Returns: The active state it held, for the caller to cancel what it
  ///   holds; it (or the waiting downstream) is released after the lock.
  func terminate<Downstream, Active: ~Copyable>() -> Active? where Value == TimedState<Downstream, Active> {
    withLock { $0.take() }.activeState()
  }

  /// Adds to the downstream's demand, if the state is active.
  func addDemand<Downstream, Active: DemandCounting & ~Copyable>(
    _ demand: Subscribers.Demand
  ) where Value == TimedState<Downstream, Active> {
    withLock { state in
      _ = state.updateActive { $0.demand += demand }
    }
  }

  /// Delivers the events the active state has for its downstream, after the
  /// lock, one at a time, until it pauses or ends; runs only on the thread
  /// that claimed the outbox.
  ///
  /// - Parameters:
  ///   - onDemand: Called after the lock with the further demand a value's
  ///     delivery returned, when it is not zero.
  ///   - end: Delivers the ending to the downstream, after the lock.
  /// - Returns: What the state paused with; nil if it was no longer active
  ///   or the stream ended.
  @discardableResult
  func deliver<Active: DeliveringState & ~Copyable>(
    onDemand: (Subscribers.Demand) -> Void,
    end: (Active.Downstream, Active.Ending) -> Void
  ) -> Active.Pause? where Value == TimedState<Active.Downstream, Active> {
    while true {
      typealias Step = Delivery<Active.Downstream, Active.Pause, Active.Ending>
      var left = Value.terminal
      let step = withLock { state -> Step? in
        guard let delivery = state.updateActive({ $0.nextDelivery() }) else { return nil }
        if case .end = delivery {
          // Terminal from now on; what is left of the state is released after the lock.
          left = state.take()
        }
        return delivery
      }
      guard let delivery = step else { return nil }
      switch delivery {
      case let .pause(pause):
        return pause
      case let .value(downstream, input):
        let additional = downstream.receive(input)
        if additional > 0 {
          onDemand(additional)
        }
      case let .end(downstream, ending):
        _ = consume left
        end(downstream, ending)
        return nil
      }
    }
  }
}

/// An active state that queues values until the downstream asks for them,
/// and ends once they are out (finishing) or at once (failing).
protocol QueuedValuesState: DemandCounting, ~Copyable {
  associatedtype Downstream: Subscriber
  var downstream: Downstream { get }
  /// The values waiting for demand; its claim makes delivery serial.
  var queue: Outbox<Downstream.Input> { get set }
  /// How the stream ends, once the queue allows.
  var completion: Subscribers.Completion<Downstream.Failure>? { get }
}

extension QueuedValuesState where Self: ~Copyable {
  /// Under the lock: the next value the demand allows, else the completion
  /// if its turn has come, else a pause that releases the queue's claim.
  mutating func takeQueued() -> Delivery<Downstream, Void, Subscribers.Completion<Downstream.Failure>> {
    if demand > 0, let value = queue.removeFirst() {
      demand -= 1
      return .value(downstream, value)
    }
    switch completion {
    case let .failure(error)?:
      return .end(downstream, .failure(error))  // what is still queued is dropped
    case .finished? where queue.isEmpty:
      return .end(downstream, .finished)
    case .finished?, nil:
      queue.release()
      return .pause(())
    }
  }
}

/// An active state with a repeating timer that starts anew on events.
protocol RestartableTimerState: ~Copyable {
  /// Nil once the upstream is done: the timer no longer starts.
  var upstream: (any Subscription)? { get }
  var timer: (any Cancellable)? { get set }
  /// Counts the timer's starts, so that a stale timer does nothing.
  var timerGeneration: Int { get set }
}

extension Lock where Value: ~Copyable {
  /// Starts the active state's timer anew, if the upstream is not done:
  /// cancels the previous one and schedules a repeating action every
  /// `interval`, the first one `interval` from now.
  ///
  /// - Parameters:
  ///   - prepare: Runs under the lock first, when the timer starts anew.
  ///   - fired: Runs on each tick, with the generation of the timer that ticked.
  func restartTimer<Downstream, Active: RestartableTimerState & ~Copyable, Context: Scheduler>(
    on scheduler: Context,
    every interval: Context.SchedulerTimeType.Stride,
    options: Context.SchedulerOptions?,
    prepare: (inout Active) -> Void = { _ in },
    fired: @escaping (Int) -> Void
  ) where Value == TimedState<Downstream, Active> {
    let restart = withLock { state -> (generation: Int, previous: (any Cancellable)?)? in
      state.updateActive { active in
        guard active.upstream != nil else { return nil }
        prepare(&active)
        active.timerGeneration += 1
        defer { active.timer = nil }
        return (active.timerGeneration, active.timer)
      } ?? nil
    }
    guard let (generation, previous) = restart else { return }
    previous?.cancel()
    let timer = scheduler.schedule(
      after: scheduler.now.advanced(by: interval),
      interval: interval,
      tolerance: scheduler.minimumTolerance,
      options: options
    ) {
      fired(generation)
    }
    let stored = withLock { state -> Bool in
      state.updateActive { active -> Bool in
        guard active.timerGeneration == generation, active.upstream != nil else { return false }
        active.timer = timer
        return true
      } ?? false
    }
    if !stored {
      timer.cancel()  // started anew or ended meanwhile
    }
  }
}
