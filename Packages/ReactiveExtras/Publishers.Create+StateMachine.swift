package import SharedMachinery

// The package declarations below use Combine's types: on a foreign Combine
// they belong to that module, which ReactiveCore re-exports there (a
// package import of ReactiveCore would then go unused).
#if REACTIVECORE_IS_OPENCOMBINE
package import OpenCombine
#elseif REACTIVECORE_IS_COMBINE
package import Combine
#else
package import ReactiveCore
#endif

/// The state machine of a ``Publishers/Create`` subscription: pure, without
/// locks nor threads. The subscription keeps it inside a `Lock`, calls one
/// event under the lock, and performs the returned ``Action`` after it.
///
/// States, and what each holds:
///
/// ```text
/// live(Live)          subscribed: the downstream, its demand not yet met, the values waiting
///                     for demand, the completion sent behind them, whether a thread is
///                     delivering, and the factory's cancellable once the factory has returned
/// endedEarly          ended (completed or cancelled) before the factory returned: its
///                     cancellable, when it comes, is cancelled at once
/// ended               holds nothing
/// ```
///
/// Events (rows) and transitions; "end" goes to `ended` if the factory has
/// returned, to `endedEarly` otherwise:
///
/// ```text
///                     live                                              endedEarly          ended
/// start()             runFactory                                        ended (not run)     (ignored)
/// factoryReturned(c)  c kept                                            ended / cleanUp(c)  cleanUp(c)
/// send(v)             deliver v if idle with demand, else queue v;      (ignored)           (ignored)
///                     ignored after a completion
/// send(completion:)   end / complete if idle with nothing queued,       (ignored)           (ignored)
///                     else kept behind the queue; a second is ignored
/// request(n)          demand += n; if idle: deliver the oldest value    (ignored)           (ignored)
/// delivered(n)        demand += n; deliver the next value, or           (ignored)           (ignored)
///                     end / complete if the queue is empty, or go idle
/// cancel()            end / cancel                                      (ignored)           (ignored)
/// ```
///
/// One thread at a time delivers (`isDelivering`): a value sent, or demand
/// requested, while another thread delivers is left to that thread, which
/// loops (`delivered(_:)`) until the queue is empty or the demand met. So
/// the downstream never receives two calls at once, nor nested ones, and
/// values reach it in the order they were sent. Invariant: when no thread
/// delivers, the queue is empty or the demand is zero.
package enum CreateStateMachine<Downstream: Subscriber> {
  package typealias Output = Downstream.Input
  package typealias Failure = Downstream.Failure

  /// What a live subscription holds.
  package struct Live {
    var downstream: Downstream
    /// What the downstream requested and has not received.
    var demand = Subscribers.Demand.none
    /// The values sent without demand, oldest first.
    var queue = FIFOQueue<Output>()
    /// The completion sent by the factory, delivered after the queue.
    var completion: Subscribers.Completion<Failure>?
    var isDelivering = false
    /// The factory's cancellable: nil until the factory returns.
    var cancellable: (any Cancellable)?

    /// The next delivery, when the caller is, or becomes, the delivering thread.
    mutating func next() -> Next {
      if demand > .none, let value = queue.removeFirst() {
        demand -= 1
        isDelivering = true
        return .value(value)
      }
      if queue.isEmpty, let completion {
        return .completion(completion)
      }
      isDelivering = false
      return .idle
    }

    enum Next {
      case value(Output)
      case completion(Subscribers.Completion<Failure>)
      case idle
    }
  }

  case live(Live)
  case endedEarly
  case ended

  /// What the subscription does after the lock. What an action carries is
  /// released after the lock too.
  package enum Action {
    case none
    /// Runs the factory with a proxy, then reports `factoryReturned(_:)`.
    case runFactory
    /// Sends the value, then reports `delivered(_:)` with the demand the downstream returned.
    case deliver(Downstream, Output)
    /// Sends the completion, then cancels the cancellable if the factory has returned.
    case complete(Downstream, Subscribers.Completion<Failure>, (any Cancellable)?)
    /// Cancels the cancellable if the factory has returned; releases the
    /// downstream and the values that waited for demand.
    case cancel(Downstream, (any Cancellable)?, FIFOQueue<Output>)
    /// Cancels a cancellable that the factory returned after the end.
    case cleanUp(any Cancellable)
  }

  package init(downstream: Downstream) {
    self = .live(Live(downstream: downstream))
  }

  /// The downstream has received its subscription.
  package mutating func start() -> Action {
    switch consume self {
    case let .live(live):
      self = .live(live)
      return .runFactory
    case .endedEarly:
      self = .ended  // cancelled from receive(subscription:): the factory never runs
      return .none
    case .ended:
      self = .ended
      return .none
    }
  }

  /// The factory returned `cancellable`.
  package mutating func factoryReturned(_ cancellable: any Cancellable) -> Action {
    switch consume self {
    case var .live(live):
      live.cancellable = cancellable
      self = .live(live)
      return .none
    case .endedEarly:
      self = .ended  // completed or cancelled while the factory ran
      return .cleanUp(cancellable)
    case .ended:
      self = .ended  // not reached: a factory runs only from `live`, and an end then goes to `endedEarly`
      return .cleanUp(cancellable)
    }
  }

  /// The factory sent `value` through its proxy.
  package mutating func send(_ value: Output) -> Action {
    switch consume self {
    case var .live(live):
      if live.completion != nil {
        self = .live(live)
        return .none  // after the completion: ignored
      }
      if !live.isDelivering, live.demand > .none {
        // Idle with demand, so the queue is empty (the invariant): deliver it now.
        live.demand -= 1
        live.isDelivering = true
        self = .live(live)
        return .deliver(live.downstream, value)
      }
      live.queue.append(value)  // for the delivering thread, or until demand comes
      self = .live(live)
      return .none
    case .endedEarly:
      self = .endedEarly
      return .none
    case .ended:
      self = .ended
      return .none
    }
  }

  /// The factory sent `completion` through its proxy.
  package mutating func send(completion: Subscribers.Completion<Failure>) -> Action {
    switch consume self {
    case var .live(live):
      if live.completion != nil {
        self = .live(live)
        return .none  // only the first completion counts
      }
      live.completion = completion
      if live.isDelivering || !live.queue.isEmpty {
        self = .live(live)  // after the delivering thread's values, or after the queued ones
        return .none
      }
      let (next, action) = Self.end(live, completing: completion)
      self = next
      return action
    case .endedEarly:
      self = .endedEarly
      return .none
    case .ended:
      self = .ended
      return .none
    }
  }

  /// The downstream requested `demand` more values.
  package mutating func request(_ demand: Subscribers.Demand) -> Action {
    add(demand, fromTheDeliveringThread: false)
  }

  /// The delivering thread's downstream returned `demand` from `receive(_:)`.
  package mutating func delivered(_ demand: Subscribers.Demand) -> Action {
    add(demand, fromTheDeliveringThread: true)
  }

  /// Adds `demand`, then delivers what it covers, unless another thread is
  /// delivering (it uses the demand). Ended: nothing (a cancel may come
  /// during a delivery).
  private mutating func add(_ demand: Subscribers.Demand, fromTheDeliveringThread: Bool) -> Action {
    switch consume self {
    case var .live(live):
      live.demand += demand
      if live.isDelivering && !fromTheDeliveringThread {
        self = .live(live)  // the delivering thread uses it
        return .none
      }
      let (next, action) = Self.proceed(live)
      self = next
      return action
    case .endedEarly:
      self = .endedEarly
      return .none
    case .ended:
      self = .ended
      return .none
    }
  }

  /// The downstream cancelled.
  package mutating func cancel() -> Action {
    switch consume self {
    case let .live(live):
      self = live.cancellable == nil ? .endedEarly : .ended
      return .cancel(live.downstream, live.cancellable, live.queue)
    case .endedEarly:
      self = .endedEarly
      return .none  // cancel is idempotent
    case .ended:
      self = .ended
      return .none
    }
  }

  /// Delivers the next value or the completion, or goes idle: the next
  /// state and what to do.
  private static func proceed(_ live: consuming Live) -> (Self, Action) {
    var live = live
    switch live.next() {
    case let .value(value):
      return (.live(live), .deliver(live.downstream, value))
    case let .completion(completion):
      return end(live, completing: completion)
    case .idle:
      return (.live(live), .none)
    }
  }

  /// Ends with `completion`: the next state and what to do.
  private static func end(_ live: Live, completing completion: Subscribers.Completion<Failure>) -> (Self, Action) {
    (live.cancellable == nil ? .endedEarly : .ended, .complete(live.downstream, completion, live.cancellable))
  }
}
