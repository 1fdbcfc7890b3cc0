extension Publisher {
  /// Collects values into arrays, published every time window (and, with
  /// `.byTimeOrCount`, as soon as an array is full).
  ///
  /// Windows follow a fixed cadence from the subscription; an empty window
  /// publishes nothing. An array that is ready while the downstream has no
  /// demand waits for it, in order. With `.byTime` the upstream is asked for
  /// unlimited values; with `.byTimeOrCount` each downstream request of `n`
  /// asks the upstream for `n × count`. On finishing, the values collected
  /// so far go out before the completion; on failure they are dropped.
  ///
  /// ```text
  /// upstream  -a-b--c----d|
  /// result    -----o----p-(q|)     byTime, 5 ticks; o = [a, b], p = [c], q = [d]
  /// ```
  ///
  /// - Parameters:
  ///   - strategy: The window, and the largest array for `.byTimeOrCount`.
  ///   - options: Options for the strategy's scheduler.
  /// - Returns: A publisher of the arrays collected in each window.
  @inlinable
  public func collect<S: Scheduler>(
    _ strategy: Publishers.TimeGroupingStrategy<S>,
    options: S.SchedulerOptions? = nil
  ) -> Publishers.CollectByTime<Self, S> {
    Publishers.CollectByTime(upstream: self, strategy: strategy, options: options)
  }
}

extension Publishers {
  /// How `collect(_:options:)` groups values in time.
  public enum TimeGroupingStrategy<Context: Scheduler> {
    /// Publishes the values collected in each window of the given length.
    case byTime(Context, Context.SchedulerTimeType.Stride)

    /// Publishes the values collected in each window of the given length, or
    /// as soon as the given count is reached, whichever comes first.
    case byTimeOrCount(Context, Context.SchedulerTimeType.Stride, Int)
  }

  /// A publisher that collects the values of its upstream into arrays, window by window.
  public struct CollectByTime<Upstream: Publisher, Context: Scheduler>: Publisher {
    public typealias Output = [Upstream.Output]
    public typealias Failure = Upstream.Failure

    /// The publisher whose values are collected.
    public let upstream: Upstream

    /// The window, and the largest array for `.byTimeOrCount`.
    public let strategy: Publishers.TimeGroupingStrategy<Context>

    /// Options for the strategy's scheduler.
    public let options: Context.SchedulerOptions?

    /// Creates a publisher that collects the values of `upstream` by time.
    ///
    /// - Parameters:
    ///   - upstream: The publisher whose values are collected.
    ///   - strategy: The window, and the largest array for `.byTimeOrCount`.
    ///   - options: Options for the strategy's scheduler.
    @inlinable
    public init(
      upstream: Upstream,
      strategy: Publishers.TimeGroupingStrategy<Context>,
      options: Context.SchedulerOptions?
    ) {
      self.upstream = upstream
      self.strategy = strategy
      self.options = options
    }

    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
      let inner: CollectByTimeInner<S, Upstream.Output, Context>
      switch strategy {
      case let .byTime(scheduler, window):
        inner = CollectByTimeInner(subscriber, scheduler: scheduler, window: window, count: nil, options: options)
      case let .byTimeOrCount(scheduler, window, count):
        inner = CollectByTimeInner(
          subscriber,
          scheduler: scheduler,
          window: window,
          count: Swift.max(count, 1),
          options: options
        )
      }
      upstream.subscribe(inner)
    }
  }
}

/// The subscription of `collect(_:options:)` with a time grouping strategy.
///
/// States:
/// - `awaitingSubscription(downstream)`: no upstream yet;
/// - `active`: see `Active`; after the upstream's completion, the ready
///   arrays remain to deliver before it;
/// - `terminal`: completed or cancelled; holds nothing.
private final class CollectByTimeInner<Downstream: Subscriber, Element, Context: Scheduler>: Subscriber,
  Subscription, CustomStringConvertible
where Downstream.Input == [Element] {
  typealias Input = Element
  typealias Failure = Downstream.Failure

  private struct Active: DeliveringState, QueuedValuesState, RestartableTimerState {
    var downstream: Downstream
    /// Nil once the upstream completed.
    var upstream: (any Subscription)?
    var demand = Subscribers.Demand.none
    /// The values of the current window.
    var window: [Element] = []
    /// Arrays waiting for demand; `isDelivering` while a thread delivers them.
    var queue = Outbox<[Element]>()
    /// How the stream ends, once the ready arrays are out.
    var completion: Subscribers.Completion<Failure>?
    var timer: (any Cancellable)?
    /// Counts the timer's starts (it starts once).
    var timerGeneration = 0

    mutating func nextDelivery() -> Delivery<Downstream, Void, Subscribers.Completion<Failure>> {
      takeQueued()
    }
  }

  private let state: Lock<TimedState<Downstream, Active>>
  private let scheduler: Context
  private let window: Context.SchedulerTimeType.Stride
  /// The largest array, for `.byTimeOrCount`; nil for `.byTime`.
  private let count: Int?
  private let options: Context.SchedulerOptions?

  var description: String { "CollectByTime" }

  init(
    _ downstream: Downstream,
    scheduler: Context,
    window: Context.SchedulerTimeType.Stride,
    count: Int?,
    options: Context.SchedulerOptions?
  ) {
    state = Lock(.awaitingSubscription(downstream))
    self.scheduler = scheduler
    self.window = window
    self.count = count
    self.options = options
  }

  func receive(subscription: any Subscription) {
    guard let downstream = state.activate(subscription, { Active(downstream: $0, upstream: subscription) }) else {
      return
    }
    state.restartTimer(on: scheduler, every: window, options: options) { [weak self] _ in
      self?.windowEnded()
    }
    downstream.receive(subscription: self)
    if count == nil {
      subscription.request(.unlimited)
    }
  }

  func receive(_ input: Input) -> Subscribers.Demand {
    // A full window (`.byTimeOrCount`) is closed at once.
    closeWindow { values in
      values.append(input)
      guard let count else { return false }
      return values.count >= count
    }
    return .none
  }

  private func windowEnded() {
    closeWindow { !$0.isEmpty }  // an empty window sends nothing
  }

  /// Edits the current window with `update`, under the lock, and closes it
  /// if `update` says so: the window's array joins the ready ones and a new
  /// window opens; the ready arrays are delivered after the lock. Serves a
  /// value (which may fill the window) and the end of the window's time.
  private func closeWindow(if update: (inout [Element]) -> Bool) {
    let mustDeliver = state.withLock { state in
      state.updateActive { active -> Bool in
        guard active.upstream != nil, update(&active.window) else { return false }
        active.queue.append(active.window)
        active.window = []
        return active.queue.claim()
      } ?? false
    }
    if mustDeliver {
      deliver()
    }
  }

  func receive(completion: Subscribers.Completion<Failure>) {
    let ended = state.withLock { state in
      state.updateActive { active -> (deliver: Bool, timer: (any Cancellable)?, dropped: [[Element]])? in
        guard active.upstream != nil else { return nil }
        active.upstream = nil
        active.completion = completion
        var dropped: [[Element]] = []
        switch completion {
        case .finished:
          if !active.window.isEmpty {
            active.queue.append(active.window)
          }
        case .failure:
          dropped = active.queue.removeAll() + [active.window]
        }
        active.window = []
        defer { active.timer = nil }
        return (active.queue.claim(), active.timer, dropped)
      } ?? nil
    }
    guard let ended else { return }
    ended.timer?.cancel()
    if ended.deliver {
      deliver()
    }
  }

  func request(_ demand: Subscribers.Demand) {
    guard demand > 0 else { return }  // Combine accepts `.none`: nothing to do
    let taken = state.withLock { state -> (deliver: Bool, upstream: (any Subscription)?)? in
      state.updateActive { active in
        active.demand += demand
        return (active.queue.claim(), active.upstream)
      } ?? nil
    }
    guard let (mustDeliver, upstream) = taken else { return }
    if let count {
      upstream?.request(demand * count)
    }
    if mustDeliver {
      deliver()
    }
  }

  func cancel() {
    guard let active = state.terminate() else { return }
    active.timer?.cancel()
    active.upstream?.cancel()
    // The downstream and the collected values are released here, after the lock.
  }

  /// Delivers the ready arrays the demand allows, then the completion if its
  /// turn has come; runs on one thread at a time.
  private func deliver() {
    state.deliver(
      onDemand: { additional in
        let upstream = self.state.withLock { state in
          state.updateActive { active -> (any Subscription)? in
            active.demand += additional
            return active.upstream
          } ?? nil
        }
        if let count = self.count {
          upstream?.request(additional * count)
        }
      },
      end: { $0.receive(completion: $1) }
    )
  }
}

extension CollectByTimeInner: CombineReflectable {
  /// Shows no children, as Combine's `collect(_:options:)`.
  var customMirror: Mirror { Mirror(childless: self) }
}
