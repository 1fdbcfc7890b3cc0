/// The life of a time operator's subscription, kept behind its lock.
///
/// - `awaitingSubscription(downstream)`: no upstream yet;
/// - `active`: the operator's own state (see each operator's `Active`);
/// - `terminal`: completed or cancelled; holds nothing.
enum TimedState<Downstream, Active> {
  case awaitingSubscription(Downstream)
  case active(Active)
  case terminal

  /// Runs `body` on the active state in place (without copying its queues);
  /// nil when the state is not active.
  mutating func updateActive<R>(_ body: (inout Active) -> R) -> R? {
    guard case var .active(active) = self else { return nil }
    self = .terminal
    defer { self = .active(active) }
    return body(&active)
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
protocol DeliveringState {
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
protocol DemandCounting {
  /// What the downstream has requested and not received yet.
  var demand: Subscribers.Demand { get set }
}

/// An active state whose outbox holds the values and completion, delivered
/// as they come (the demand was checked when they were queued).
protocol EventOutboxState: DeliveringState where Pause == Void, Ending == Subscribers.Completion<Downstream.Failure> {
  var downstream: Downstream { get }
  var outbox: Outbox<TimedEvent<Downstream.Input, Downstream.Failure>> { get set }
}

extension EventOutboxState {
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

extension Lock {
  /// Makes the state active with what `make` builds from the downstream, if
  /// it was awaiting its subscription; else cancels `subscription`, one too many.
  ///
  /// - Returns: The downstream, to send the subscription to; nil if
  ///   `subscription` was cancelled.
  func activate<Downstream, Active>(
    _ subscription: any Subscription,
    _ make: (Downstream) -> Active
  ) -> Downstream? where Value == TimedState<Downstream, Active> {
    let taken = withLock { state -> Downstream? in
      guard case let .awaitingSubscription(downstream) = state else { return nil }
      state = .active(make(downstream))
      return downstream
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
  func terminate<Downstream, Active>() -> Active? where Value == TimedState<Downstream, Active> {
    let ended = withLock { state -> Value in
      defer { state = .terminal }
      return state
    }
    guard case let .active(active) = ended else { return nil }
    return active
  }

  /// Adds to the downstream's demand, if the state is active.
  func addDemand<Downstream, Active: DemandCounting>(
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
  func deliver<Active: DeliveringState>(
    onDemand: (Subscribers.Demand) -> Void,
    end: (Active.Downstream, Active.Ending) -> Void
  ) -> Active.Pause? where Value == TimedState<Active.Downstream, Active> {
    while true {
      typealias Step = Delivery<Active.Downstream, Active.Pause, Active.Ending>
      let step = withLock { state -> (Step, left: Active?)? in
        guard case var .active(active) = state else { return nil }
        state = .terminal
        let delivery = active.nextDelivery()
        if case .end = delivery {
          // Stays terminal; what is left of the state is released after the lock.
          return (delivery, active)
        }
        state = .active(active)
        return (delivery, nil)
      }
      guard let (delivery, left) = step else { return nil }
      switch delivery {
      case let .pause(pause):
        return pause
      case let .value(downstream, input):
        let additional = downstream.receive(input)
        if additional > 0 {
          onDemand(additional)
        }
      case let .end(downstream, ending):
        _ = left
        end(downstream, ending)
        return nil
      }
    }
  }
}

/// An active state that queues values until the downstream asks for them,
/// and ends once they are out (finishing) or at once (failing).
protocol QueuedValuesState: DemandCounting {
  associatedtype Downstream: Subscriber
  var downstream: Downstream { get }
  /// The values waiting for demand; its claim makes delivery serial.
  var queue: Outbox<Downstream.Input> { get set }
  /// How the stream ends, once the queue allows.
  var completion: Subscribers.Completion<Downstream.Failure>? { get }
}

extension QueuedValuesState {
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
protocol RestartableTimerState {
  /// Nil once the upstream is done: the timer no longer starts.
  var upstream: (any Subscription)? { get }
  var timer: (any Cancellable)? { get set }
  /// Counts the timer's starts, so that a stale timer does nothing.
  var timerGeneration: Int { get set }
}

extension Lock {
  /// Starts the active state's timer anew, if the upstream is not done:
  /// cancels the previous one and schedules a repeating action every
  /// `interval`, the first one `interval` from now.
  ///
  /// - Parameters:
  ///   - prepare: Runs under the lock first, when the timer starts anew.
  ///   - fired: Runs on each tick, with the generation of the timer that ticked.
  func restartTimer<Downstream, Active: RestartableTimerState, Context: Scheduler>(
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
