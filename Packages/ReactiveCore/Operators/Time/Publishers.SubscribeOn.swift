extension Publisher {
  /// Subscribes to the upstream, and sends it requests and cancellation, on `scheduler`.
  ///
  /// The downstream receives the subscription, values and the completion on
  /// whatever thread the upstream uses: pair with `receive(on:options:)` to
  /// move those. The calls to the upstream subscription keep their order and
  /// do not overlap, even on a concurrent queue; each is handed to the
  /// scheduler in its own action, as Combine does. After `cancel()` nothing
  /// more reaches the downstream; the requests made before it still reach
  /// the upstream, then the cancel does.
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
  @_alwaysEmitIntoClient
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
    @_alwaysEmitIntoClient
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
/// upstream subscription (`request`, `cancel`), each handed to the scheduler
/// in its own action, as Combine does, and performed one at a time, in order.
///
/// Each scheduled action performs one call, the oldest. On a serial
/// scheduler that is the call it was scheduled for; on a concurrent one, an
/// action that finds another performing leaves its call to that one
/// (`owed`), so that the upstream is never called by two threads at once.
///
/// States:
/// - `awaitingSubscription(downstream)`: the scheduled subscribe has not reached the upstream yet;
/// - `active`: see `Active`; after `cancel()` or the upstream's completion
///   the downstream is gone, no call is accepted any more, and only the calls
///   already handed to the scheduler remain to perform;
/// - `terminal`: every call is performed and none can come; holds nothing.
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
    /// Nil once the downstream cancelled or the upstream completed.
    var downstream: Downstream?
    var upstream: any Subscription
    /// Calls handed to the scheduler and not performed yet, oldest first;
    /// `isDelivering` while an action performs one.
    var calls = Outbox<Call>()
    /// Actions that ran while another was performing: the performing action
    /// performs one more call for each.
    var owed = 0
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
        return (nil, .terminal)  // after cancel: ignored; the calls handed to the scheduler remain
      }
      active.downstream = nil
      // As in Combine, calls already handed to the scheduler still reach the
      // upstream (OpenCombine's SubscribeOnTests, run against Combine): the
      // state stays active until the scheduled actions have performed them.
      let pending = !active.calls.isEmpty || active.calls.isDelivering
      defer { state = pending ? .active(active) : .terminal }
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
    let (accepted, released) = state.withLock { state -> (Bool, Downstream?) in
      if case let .awaitingSubscription(downstream) = state, case .cancel = call {
        // A cancel before the upstream's subscription holds: that
        // subscription is cancelled when it comes.
        state = .terminal
        return (false, downstream)
      }
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
      state = .active(active)
      return (true, released)
    }
    _ = released  // a cancelled downstream is released here, after the lock
    if accepted {
      scheduler.schedule(options: options) { self.performCall() }
    }
  }

  /// A scheduled action: performs the oldest queued call, or leaves it to
  /// the action performing one now.
  private func performCall() {
    var next = state.withLock { state -> (any Subscription, Call)? in
      state.updateActive { active -> (any Subscription, Call)? in
        guard active.calls.claim() else {
          active.owed += 1
          return nil
        }
        guard let call = active.calls.removeFirst() else {
          active.calls.release()  // not expected: each action has its call
          return nil
        }
        return (active.upstream, call)
      } ?? nil
    }
    while let (upstream, call) = next {
      switch call {
      case let .request(demand):
        upstream.request(demand)
      case .cancel:
        upstream.cancel()
      }
      let (following, left) = state.withLock { state -> ((any Subscription, Call)?, TimedState<Downstream, Active>?) in
        guard case var .active(active) = state else { return (nil, nil) }
        state = .terminal
        if active.owed > 0, let call = active.calls.removeFirst() {
          active.owed -= 1
          state = .active(active)
          return ((active.upstream, call), nil)
        }
        active.calls.release()
        // With no downstream (cancelled or completed) and no call left,
        // nothing remains to do: what is left is released after the lock.
        guard active.downstream == nil, active.calls.isEmpty else {
          state = .active(active)
          return (nil, nil)
        }
        return (nil, .active(active))
      }
      _ = left
      next = following
    }
  }
}

extension SubscribeOnInner: CombineReflectable {
  /// Shows no children, as Combine's `subscribe(on:)`.
  var customMirror: Mirror { Mirror(childless: self) }
}
