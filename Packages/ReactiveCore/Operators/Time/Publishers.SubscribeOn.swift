extension Publisher {
  /// Subscribes to the upstream, and sends it requests and cancellation, on `scheduler`.
  ///
  /// The downstream receives the subscription, values and the completion on
  /// whatever thread the upstream uses: pair with `receive(on:options:)` to
  /// move those. The calls to the upstream subscription keep their order and
  /// do not overlap, even on a concurrent queue. After `cancel()`, pending
  /// requests are dropped and nothing more reaches the downstream.
  ///
  /// ```text
  /// upstream  -a-b-|     subscribed, asked and cancelled on the scheduler
  /// result    -a-b-|     values pass through unchanged
  /// ```
  ///
  /// - Parameters:
  ///   - scheduler: The scheduler that performs the subscription, requests and cancellation.
  ///   - options: Options for `scheduler`.
  /// - Returns: A publisher that talks to its upstream on `scheduler`.
  @inlinable
  public func subscribe<S: Scheduler>(
    on scheduler: S,
    options: S.SchedulerOptions? = nil
  ) -> Publishers.SubscribeOn<Self, S> {
    Publishers.SubscribeOn(upstream: self, scheduler: scheduler, options: options)
  }
}

extension Publishers {
  /// A publisher that subscribes to its upstream, and sends it requests and
  /// cancellation, on a scheduler.
  public struct SubscribeOn<Upstream: Publisher, Context: Scheduler>: Publisher {
    public typealias Output = Upstream.Output
    public typealias Failure = Upstream.Failure

    /// The publisher subscribed to on the scheduler.
    public let upstream: Upstream

    /// The scheduler that performs the subscription, requests and cancellation.
    public let scheduler: Context

    /// Options for the scheduler.
    public let options: Context.SchedulerOptions?

    /// Creates a publisher that talks to `upstream` on `scheduler`.
    ///
    /// - Parameters:
    ///   - upstream: The publisher subscribed to on the scheduler.
    ///   - scheduler: The scheduler that performs the subscription, requests and cancellation.
    ///   - options: Options for the scheduler.
    @inlinable
    public init(upstream: Upstream, scheduler: Context, options: Context.SchedulerOptions?) {
      self.upstream = upstream
      self.scheduler = scheduler
      self.options = options
    }

    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
      let inner = SubscribeOnInner(subscriber, scheduler: scheduler, options: options)
      let upstream = upstream
      scheduler.schedule(options: options) {
        upstream.subscribe(inner)
      }
    }
  }
}

/// The subscription of `subscribe(on:options:)`: a queue of calls to the
/// upstream subscription (`request`, `cancel`), performed by scheduled
/// actions, one action at a time, in order.
///
/// States:
/// - `awaitingSubscription(downstream)`: the scheduled subscribe has not reached the upstream yet;
/// - `active`: see `Active`; after `cancel()` the downstream is gone and only
///   the upstream's cancellation remains to perform; after the upstream's
///   completion it is gone too, and only the requests already queued remain;
/// - `terminal`: completed, or the upstream was cancelled; holds nothing.
private final class SubscribeOnInner<Downstream: Subscriber, Context: Scheduler>: Subscriber, Subscription,
  CustomStringConvertible
{
  typealias Input = Downstream.Input
  typealias Failure = Downstream.Failure

  private enum Call {
    case request(Subscribers.Demand)
    case cancel
  }

  private struct Active {
    /// Nil once the downstream cancelled.
    var downstream: Downstream?
    var upstream: any Subscription
    /// Calls waiting for a scheduled action; `isDelivering` means one is scheduled or running.
    var calls = Outbox<Call>()
  }

  private let state: Lock<TimedState<Downstream, Active>>
  private let scheduler: Context
  private let options: Context.SchedulerOptions?

  var description: String { "SubscribeOn" }

  init(_ downstream: Downstream, scheduler: Context, options: Context.SchedulerOptions?) {
    state = Lock(.awaitingSubscription(downstream))
    self.scheduler = scheduler
    self.options = options
  }

  func receive(subscription: any Subscription) {
    guard let downstream = state.activate(subscription, { Active(downstream: $0, upstream: subscription) }) else {
      return
    }
    downstream.receive(subscription: self)
  }

  func receive(_ input: Input) -> Subscribers.Demand {
    let downstream = state.withLock { state -> Downstream? in
      guard case let .active(active) = state, let downstream = active.downstream else { return nil }
      return downstream
    }
    return downstream?.receive(input) ?? .none
  }

  func receive(completion: Subscribers.Completion<Failure>) {
    let ended = state.withLock { state -> (Downstream?, TimedState<Downstream, Active>) in
      guard case var .active(active) = state, let downstream = active.downstream else {
        defer { state = .terminal }
        return (nil, state)  // cancelled: its queued cancel is dropped
      }
      active.downstream = nil
      // As in Combine, requests already handed to the scheduler still reach
      // the upstream (OpenCombine's SubscribeOnTests, run against Combine):
      // the state stays active until the scheduled action has performed them.
      let pending = active.calls.isDelivering
      state = pending ? .active(active) : .terminal
      return (downstream, pending ? .terminal : .active(active))
    }
    // The state left behind, if any, is released here, after the lock.
    ended.0?.receive(completion: completion)
  }

  func request(_ demand: Subscribers.Demand) {
    // Passed on as is, `.none` included, as Combine does: the upstream decides.
    enqueue(.request(demand))
  }

  func cancel() {
    enqueue(.cancel)
  }

  private func enqueue(_ call: Call) {
    let (mustSchedule, released) = state.withLock { state -> (Bool, Downstream?) in
      guard case var .active(active) = state, active.downstream != nil else { return (false, nil) }
      state = .terminal
      var released: Downstream?
      if case .cancel = call {
        // The downstream hears nothing more. As in Combine (OpenCombine's
        // testCancelImmediatelyAfterRequest, run against Combine), requests
        // already handed to the scheduler still reach the upstream, before
        // the cancel.
        released = active.downstream
        active.downstream = nil
      }
      active.calls.append(call)
      let mustSchedule = active.calls.claim()
      state = .active(active)
      return (mustSchedule, released)
    }
    _ = released  // a cancelled downstream is released here, after the lock
    if mustSchedule {
      scheduler.schedule(options: options) { self.performCalls() }
    }
  }

  /// Performs the queued calls, in order, on the scheduler.
  private func performCalls() {
    while true {
      let next = state.withLock { state -> (call: (any Subscription, Call)?, left: Active?)? in
        guard case var .active(active) = state else { return nil }
        state = .terminal
        guard let call = active.calls.removeFirst() else {
          active.calls.release()
          // After the upstream's completion (no downstream, no cancel queued)
          // nothing remains to do: what is left is released after the lock.
          guard active.downstream != nil else { return (nil, active) }
          state = .active(active)
          return nil
        }
        if case .request = call {
          state = .active(active)
        }
        return ((active.upstream, call), nil)
      }
      guard let (upstream, call) = next?.call else { return }
      switch call {
      case let .request(demand):
        upstream.request(demand)
      case .cancel:
        upstream.cancel()
        return
      }
    }
  }
}

extension SubscribeOnInner: CombineReflectable {
  /// Shows no children, as Combine's `subscribe(on:)`.
  var customMirror: Mirror { Mirror(childless: self) }
}
