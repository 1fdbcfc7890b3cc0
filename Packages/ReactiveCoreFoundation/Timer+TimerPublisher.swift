// Foundation publisher: timers and run loops are Foundation's, as in Combine.
public import Foundation

extension Timer {
  /// Returns a connectable publisher of the current date, every `interval`
  /// seconds, on the given run loop and mode.
  ///
  /// Nothing happens until you connect: call `connect()`, or use
  /// `autoconnect()` to start the timer on the first subscription.
  ///
  /// ```swift
  /// let cancellable = Timer.publish(every: 1, on: .main, in: .common)
  ///   .autoconnect()
  ///   .sink { date in clock.text = formatter.string(from: date) }
  /// ```
  ///
  /// - Parameters:
  ///   - interval: The time between two values, in seconds.
  ///   - tolerance: How late each tick may fire; nil (the default) means none.
  ///   - runLoop: The run loop that runs the timer; it must be running for values to come.
  ///   - mode: The run loop mode of the timer.
  ///   - options: Scheduler options; the run loop scheduler takes none.
  /// - Returns: A timer publisher.
  public static func publish(
    every interval: TimeInterval,
    tolerance: TimeInterval? = nil,
    on runLoop: RunLoop,
    in mode: RunLoop.Mode,
    options: RunLoop.SchedulerOptions? = nil
  ) -> Timer.TimerPublisher {
    TimerPublisher(interval: interval, tolerance: tolerance, runLoop: runLoop, mode: mode, options: options)
  }

  /// A connectable publisher that publishes the current date at each tick
  /// of a repeating timer.
  ///
  /// Each ``connect()`` starts a `Timer` on ``runLoop`` in ``mode``; its
  /// first tick comes ``interval`` seconds later. Ticks are delivered on the
  /// run loop's thread to every subscriber that has demand; a subscriber
  /// without demand misses the tick. Cancelling a connection stops its
  /// timer and lets go of every current subscriber, without a completion:
  /// the publisher never completes.
  ///
  /// ```text
  /// connect   C
  /// ticks     ---a---b---c      a, b, c = dates, `interval` apart
  /// ```
  public final class TimerPublisher: ConnectablePublisher, @unchecked Sendable {
    // @unchecked Sendable: the mutable state is under `state`'s lock; the
    // run loop is only given timers, which a run loop accepts from any thread.

    /// Dates.
    public typealias Output = Date

    /// The publisher never fails.
    public typealias Failure = Never

    /// The time between two ticks, in seconds.
    public let interval: TimeInterval

    /// How late each tick may fire; nil means none.
    public let tolerance: TimeInterval?

    /// The run loop that runs the timer.
    public let runLoop: RunLoop

    /// The run loop mode of the timer.
    public let mode: RunLoop.Mode

    /// The scheduler options; the run loop scheduler takes none.
    public let options: RunLoop.SchedulerOptions?

    /// The subscriptions that receive ticks, in subscription order.
    private let state = Lock(SubscriberRegistry<TimerSubscriptionBase>())

    /// Creates a timer publisher; ``Foundation/Timer/publish(every:tolerance:on:in:options:)`` says the same.
    ///
    /// - Parameters:
    ///   - interval: The time between two values, in seconds.
    ///   - tolerance: How late each tick may fire; nil (the default) means none.
    ///   - runLoop: The run loop that runs the timer.
    ///   - mode: The run loop mode of the timer.
    ///   - options: Scheduler options; the run loop scheduler takes none.
    public init(
      interval: TimeInterval,
      tolerance: TimeInterval? = nil,
      runLoop: RunLoop,
      mode: RunLoop.Mode,
      options: RunLoop.SchedulerOptions? = nil
    ) {
      self.interval = interval
      self.tolerance = tolerance
      self.runLoop = runLoop
      self.mode = mode
      self.options = options
    }

    public func receive<S: Subscriber>(subscriber: S) where S.Input == Date, S.Failure == Never {
      let subscription = TimerSubscription(downstream: subscriber, parent: self)
      state.withLock { $0.append(subscription) }
      subscriber.receive(subscription: subscription)
    }

    /// Starts a repeating timer on ``runLoop``.
    ///
    /// Each call starts a timer of its own. The publisher lives as long as
    /// a timer runs.
    ///
    /// - Returns: A cancellable that stops this timer, and lets go of
    ///   every current subscriber. Releasing it does not stop the timer.
    public func connect() -> any Cancellable {
      // The first tick is one interval away, as in Combine. (`Timer(timeInterval:…)`
      // would fire at once on Linux: corelibs Foundation dates its first fire `now`.)
      let timer = Timer(fire: Date(timeIntervalSinceNow: interval), interval: interval, repeats: true) { [self] _ in
        tick()
      }
      timer.tolerance = Swift.max(tolerance ?? 0, 0)
      runLoop.add(timer, forMode: mode)
      return TimerConnection(timer: timer, publisher: self)
    }

    private func tick() {
      let now = Date()
      state.withLock { $0 }.forEach { subscription in
        subscription.send(now)
      }
    }

    /// A connection was cancelled: every current subscription ends, silently.
    fileprivate func disconnectAll() {
      let subscriptions = state.withLock { state in
        defer { state = SubscriberRegistry() }
        return state
      }
      subscriptions.forEach { subscription in
        subscription.end()
      }
    }

    fileprivate func remove(_ subscription: TimerSubscriptionBase) {
      let removed = state.withLock { state -> TimerSubscriptionBase? in
        state.remove(subscription)
      }
      _ = removed  // released here, after the lock
    }
  }
}

/// A running timer of a `TimerPublisher`; cancelling it stops the timer.
private final class TimerConnection: Cancellable {
  private struct Running {
    let timer: Timer
    let publisher: Timer.TimerPublisher
  }

  private let state: Lock<Running?>

  init(timer: Timer, publisher: Timer.TimerPublisher) {
    state = Lock(Running(timer: timer, publisher: publisher))
  }

  func cancel() {
    let connection = state.withLock { state in
      defer { state = nil }
      return state
    }
    guard let connection else { return }
    connection.timer.invalidate()
    connection.publisher.disconnectAll()
  }
}

/// What a `TimerPublisher` needs of a subscription; it does not know the subscriber type.
private class TimerSubscriptionBase: RegistryMember {
  @exclusivity(unchecked) var registrySlot = -1

  func send(_ date: Date) { preconditionFailure("Bug in TimerPublisher.Inner: abstract send") }
  func end() { preconditionFailure("Bug in TimerPublisher.Inner: abstract end") }
}

/// One subscriber of a `TimerPublisher`.
///
/// States: `live(downstream, demand)` until cancelled or disconnected, then
/// `over`, which holds nothing. Ticks come one at a time from the run loop.
///
/// Like Combine's, it has no description or mirror of its own (`print()`
/// shows its type).
private final class TimerSubscription<Downstream: Subscriber>: TimerSubscriptionBase, Subscription
where Downstream.Input == Date, Downstream.Failure == Never {
  private enum State {
    case live(Downstream, demand: Subscribers.Demand)
    case over
  }

  private let state: Lock<State>
  private weak var parent: Timer.TimerPublisher?

  init(downstream: Downstream, parent: Timer.TimerPublisher) {
    state = Lock(.live(downstream, demand: .none))
    self.parent = parent
  }

  override func send(_ date: Date) {
    let downstream = state.withLock { state -> Downstream? in
      guard case let .live(downstream, demand) = state, demand > 0 else { return nil }  // no demand: missed
      state = .live(downstream, demand: demand - 1)
      return downstream
    }
    guard let downstream else { return }
    let additional = downstream.receive(date)
    guard additional > 0 else { return }
    state.withLock { state in
      if case let .live(downstream, demand) = state {
        state = .live(downstream, demand: demand + additional)
      }
    }
  }

  override func end() {
    let previous = state.withLock { state -> State in
      defer { state = .over }
      return state
    }
    _ = previous  // the downstream is released here, after the lock
  }

  func request(_ demand: Subscribers.Demand) {
    // `.none` adds nothing: Combine accepts it.
    state.withLock { state in
      if case let .live(downstream, current) = state {
        state = .live(downstream, demand: current + demand)
      }
    }
  }

  func cancel() {
    let previous = state.withLock { state -> State in
      defer { state = .over }
      return state
    }
    guard case .live = previous else { return }
    parent?.remove(self)
    // The downstream is released here, after the lock.
  }
}
