extension Publisher {
  /// Collects values into arrays, published every time window (and, with
  /// `.byTimeOrCount`, as soon as an array is full).
  ///
  /// Windows follow a fixed cadence from the subscription; an empty window
  /// publishes nothing. Every event reaches the downstream on the scheduler,
  /// never on the upstream's thread: a full array of `.byTimeOrCount`, the
  /// upstream's completion and arrays that waited for demand go out in an
  /// action scheduled with `schedule(options:_:)`. An array that is ready
  /// while the downstream has no demand waits for it, in order.
  ///
  /// With `.byTime` the upstream is asked for one value per downstream
  /// request, then one more per value received. With `.byTimeOrCount` each
  /// downstream request of `n` asks the upstream for `n × count`, and so
  /// does the demand the downstream returns for an array filled by count.
  /// On finishing, the values collected so far go out before the
  /// completion; on failure they are dropped.
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
  @_alwaysEmitIntoClient
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
    @_alwaysEmitIntoClient
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
/// Every event reaches the downstream on the scheduler, as in Combine since
/// macOS 10.15.2 / iOS 13.3: a window closed by time is delivered by the timer's
/// action; an array filled by count, an upstream completion, and arrays that
/// waited for demand are delivered by an action scheduled with
/// `schedule(options:_:)`. The upstream's thread only collects.
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

  /// An array waiting for the downstream, and how its window closed.
  private struct ReadyArray {
    var values: [Element]
    /// Closed because it was full (`.byTimeOrCount`): the demand the
    /// downstream returns for it is asked of the upstream, `count` times.
    /// Combine forwards nothing for an array closed by time.
    var closedByCount: Bool
  }

  private struct Active: DeliveringState, ~Copyable {
    var downstream: Downstream
    /// Nil once the upstream completed.
    var upstream: (any Subscription)?
    var demand = Subscribers.Demand.none
    /// The values of the current window.
    var window: [Element] = []
    /// Arrays waiting for demand; `isDelivering` while a thread delivers them.
    var queue = Outbox<ReadyArray>()
    /// How the stream ends, once the scheduler has delivered the upstream's
    /// completion and the ready arrays are out (a failure drops them).
    var completion: Subscribers.Completion<Failure>?
    /// Whether a scheduled delivery is pending, so that one is enough.
    var isDeliveryScheduled = false
    /// Whether the array being delivered was closed by count; read by the
    /// delivering thread only, between its delivery and the next.
    var deliveringClosedByCount = false
    var timer: (any Cancellable)?

    mutating func nextDelivery() -> Delivery<Downstream, Void, Subscribers.Completion<Failure>> {
      if case let .failure(error)? = completion {
        return .end(downstream, .failure(error))  // the waiting arrays are dropped
      }
      if demand > 0, let ready = queue.removeFirst() {
        demand -= 1
        deliveringClosedByCount = ready.closedByCount
        return .value(downstream, ready.values)
      }
      if case .finished? = completion, queue.isEmpty {
        return .end(downstream, .finished)
      }
      queue.release()
      return .pause(())
    }

    /// Under the lock: whether the caller must schedule a delivery, because
    /// an array can go out and no delivery is pending or running.
    mutating func needsScheduledDelivery() -> Bool {
      guard !isDeliveryScheduled, !queue.isDelivering, demand > 0, !queue.isEmpty else { return false }
      isDeliveryScheduled = true
      return true
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
    let timer = scheduler.schedule(
      after: scheduler.now.advanced(by: window),
      interval: window,
      tolerance: scheduler.minimumTolerance,
      options: options
    ) { [weak self] in
      self?.windowEnded()
    }
    let stored = state.withLock { state in
      state.updateActive { active -> Bool in
        guard active.upstream != nil else { return false }
        active.timer = timer
        return true
      } ?? false
    }
    if !stored {
      timer.cancel()  // cancelled or completed meanwhile
    }
    // The upstream is asked for values only when the downstream asks for arrays.
    downstream.receive(subscription: self)
  }

  func receive(_ input: Input) -> Subscribers.Demand {
    let taken = state.withLock { state in
      state.updateActive { active -> Bool? in
        guard active.upstream != nil else { return nil }
        active.window.append(input)
        guard let count, active.window.count >= count else { return false }
        // Full: closed now, delivered by the scheduler.
        active.queue.append(ReadyArray(values: active.window, closedByCount: true))
        active.window = []
        return active.needsScheduledDelivery()
      } ?? nil
    }
    guard let mustSchedule = taken else { return .none }
    if mustSchedule {
      scheduleDelivery()
    }
    // `.byTime` asks for values one at a time; `.byTimeOrCount` asks only
    // through `request(_:)`, `count` values per array, as Combine does.
    return count == nil ? .max(1) : .none
  }

  /// The timer's action, on the scheduler: closes a non-empty window and
  /// delivers what the demand allows, here.
  private func windowEnded() {
    let mustDeliver = state.withLock { state in
      state.updateActive { active -> Bool in
        guard active.upstream != nil, !active.window.isEmpty else { return false }  // an empty window sends nothing
        active.queue.append(ReadyArray(values: active.window, closedByCount: false))
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
      state.updateActive { active -> (isFirst: Bool, timer: (any Cancellable)?) in
        guard active.upstream != nil else { return (false, nil) }
        active.upstream = nil
        defer { active.timer = nil }
        return (true, active.timer)
      }
    }
    guard let ended, ended.isFirst else { return }  // already completed, or cancelled
    ended.timer?.cancel()
    // Held until the action runs: the completion must reach the downstream.
    scheduler.schedule(options: options) { self.completionScheduled(completion) }
  }

  /// The upstream's completion, on the scheduler: the last window joins the
  /// ready arrays (on `.finished`), then they and the completion go out.
  private func completionScheduled(_ completion: Subscribers.Completion<Failure>) {
    let mustDeliver = state.withLock { state in
      state.updateActive { active -> Bool in
        if case .finished = completion, !active.window.isEmpty {
          active.queue.append(ReadyArray(values: active.window, closedByCount: false))
        }
        active.window = []
        active.completion = completion
        return active.queue.claim()
      } ?? false
    }
    if mustDeliver {
      deliver()
    }
  }

  func request(_ demand: Subscribers.Demand) {
    guard demand > 0 else { return }  // Combine accepts `.none`: nothing to do
    let taken = state.withLock { state -> (schedule: Bool, upstream: (any Subscription)?)? in
      state.updateActive { active in
        active.demand += demand
        return (active.needsScheduledDelivery(), active.upstream)
      } ?? nil
    }
    guard let (mustSchedule, upstream) = taken else { return }
    // `.byTime`: one value per request, then one per value received.
    upstream?.request(count.map { demand * $0 } ?? .max(1))
    if mustSchedule {
      scheduleDelivery()
    }
  }

  func cancel() {
    guard let active = state.terminate() else { return }
    active.timer?.cancel()
    active.upstream?.cancel()
    // The downstream and the collected values are released here, after the lock.
  }

  /// Delivers the ready arrays on the scheduler, in an action of their own.
  private func scheduleDelivery() {
    scheduler.schedule(options: options) {
      let mustDeliver = self.state.withLock { state in
        state.updateActive { active -> Bool in
          active.isDeliveryScheduled = false
          return active.queue.claim()
        } ?? false
      }
      if mustDeliver {
        self.deliver()
      }
    }
  }

  /// Delivers the ready arrays the demand allows, then the completion if its
  /// turn has come; runs on one thread at a time, always the scheduler's.
  private func deliver() {
    state.deliver(
      onDemand: { additional in
        let upstream = self.state.withLock { state in
          state.updateActive { active -> (any Subscription)? in
            active.demand += additional
            return active.deliveringClosedByCount ? active.upstream : nil
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
