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
  /// result    ----o----p--(q|)     byTime, 5 ticks; o = [a, b], p = [c], q = [d]
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

  private struct Active: @unchecked Sendable {
    var downstream: Downstream
    /// Nil once the upstream completed.
    var upstream: (any Subscription)?
    var demand = Subscribers.Demand.none
    /// The values of the current window.
    var window: [Element] = []
    /// Arrays waiting for demand; `isDelivering` while a thread delivers them.
    var ready = Outbox<[Element]>()
    /// How the stream ends, once the ready arrays are out.
    var completion: Subscribers.Completion<Failure>?
    var timer: (any Cancellable)?
  }

  // Touched only inside `state.withLock`; what leaves the lock is used only
  // by the thread that took it out, so @unchecked is sound.
  private enum State: @unchecked Sendable {
    case awaitingSubscription(Downstream)
    case active(Active)
    case terminal

    /// Runs `body` on the active state in place (without copying its arrays).
    mutating func updateActive<R>(_ body: (inout Active) -> R) -> R? {
      guard case var .active(active) = self else { return nil }
      self = .terminal
      defer { self = .active(active) }
      return body(&active)
    }
  }

  private let state: Lock<State>
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
    let taken = state.withLock { state -> Handoff<Downstream>? in
      guard case let .awaitingSubscription(downstream) = state else { return nil }
      state = .active(Active(downstream: downstream, upstream: subscription))
      return Handoff(value: downstream)
    }
    guard let downstream = taken?.value else {
      subscription.cancel()
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
      timer.cancel()
    }
    downstream.receive(subscription: self)
    if count == nil {
      subscription.request(.unlimited)
    }
  }

  func receive(_ input: Input) -> Subscribers.Demand {
    let mustDeliver = state.withLock { state in
      state.updateActive { active -> Bool in
        guard active.upstream != nil else { return false }
        active.window.append(input)
        guard let count, active.window.count >= count else { return false }
        active.ready.append(active.window)
        active.window = []
        return active.ready.claim()
      } ?? false
    }
    if mustDeliver {
      deliver()
    }
    return .none
  }

  private func windowEnded() {
    let mustDeliver = state.withLock { state in
      state.updateActive { active -> Bool in
        guard active.upstream != nil, !active.window.isEmpty else { return false }
        active.ready.append(active.window)
        active.window = []
        return active.ready.claim()
      } ?? false
    }
    if mustDeliver {
      deliver()
    }
  }

  func receive(completion: Subscribers.Completion<Failure>) {
    let ended = state.withLock { state in
      state.updateActive { active -> Handoff<(deliver: Bool, timer: (any Cancellable)?, dropped: [[Element]])>? in
        guard active.upstream != nil else { return nil }
        active.upstream = nil
        active.completion = completion
        var dropped: [[Element]] = []
        switch completion {
        case .finished:
          if !active.window.isEmpty {
            active.ready.append(active.window)
          }
        case .failure:
          dropped = active.ready.removeAll() + [active.window]
        }
        active.window = []
        defer { active.timer = nil }
        return Handoff(value: (active.ready.claim(), active.timer, dropped))
      } ?? nil
    }
    guard let ended = ended?.value else { return }
    ended.timer?.cancel()
    if ended.deliver {
      deliver()
    }
  }

  func request(_ demand: Subscribers.Demand) {
    precondition(demand > 0, "API violation: demand must be greater than zero")
    let taken = state.withLock { state -> Handoff<(deliver: Bool, upstream: (any Subscription)?)>? in
      state.updateActive { active in
        active.demand += demand
        return Handoff(value: (active.ready.claim(), active.upstream))
      } ?? nil
    }
    guard let (mustDeliver, upstream) = taken?.value else { return }
    if let count {
      upstream?.request(demand * count)
    }
    if mustDeliver {
      deliver()
    }
  }

  func cancel() {
    let ended = state.withLock { state -> Handoff<State> in
      defer { state = .terminal }
      return Handoff(value: state)
    }
    guard case let .active(active) = ended.value else { return }
    active.timer?.cancel()
    active.upstream?.cancel()
    // The downstream and the collected values are released here, after the lock.
  }

  private enum Step: @unchecked Sendable {
    case stop
    case value(Downstream, [Element])
    case complete(Downstream, Subscribers.Completion<Failure>)
  }

  /// Delivers the ready arrays the demand allows, then the completion if its
  /// turn has come; runs on one thread at a time.
  private func deliver() {
    while true {
      let step = state.withLock { state -> Step in
        guard case var .active(active) = state else { return .stop }
        state = .terminal
        if active.demand > 0, let group = active.ready.removeFirst() {
          active.demand -= 1
          state = .active(active)
          return .value(active.downstream, group)
        }
        switch active.completion {
        case let .failure(error)?:
          return .complete(active.downstream, .failure(error))
        case .finished? where active.ready.isEmpty:
          return .complete(active.downstream, .finished)
        case .finished?, nil:
          active.ready.release()
          state = .active(active)
          return .stop
        }
      }
      switch step {
      case .stop:
        return
      case let .value(downstream, group):
        let additional = downstream.receive(group)
        if additional > 0 {
          let upstream = state.withLock { state in
            state.updateActive { active -> Handoff<(any Subscription)?> in
              active.demand += additional
              return Handoff(value: active.upstream)
            }
          }
          if let count {
            upstream?.value?.request(additional * count)
          }
        }
      case let .complete(downstream, completion):
        downstream.receive(completion: completion)
        return
      }
    }
  }
}
