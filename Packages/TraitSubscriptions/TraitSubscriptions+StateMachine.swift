package import MaybeTraits

/// The state machine shared by ``TraitSubscriptions/Single`` and
/// ``TraitSubscriptions/Maybe``: pure, without locks nor threads. Each
/// subscription keeps one inside a `Lock`, calls one event under the lock,
/// and performs the returned ``Action`` after it.
///
/// States, and what each holds:
///
/// ```text
/// waitingForDemand(downstream, context)          subscribed; start(with:) has not run
/// holdingResult(downstream, context, result)     receive(_:) came before any demand;
///                                                start(with:) will never run
/// started(downstream, context)                   start(with:) has run (or is running)
/// finished                                       completed or cancelled: holds nothing
/// ```
///
/// Events (rows) and transitions:
///
/// ```text
///                 waitingForDemand   holdingResult      started          finished
/// request(n > 0)  started / start    finished/complete  (ignored)        (ignored)
/// receive(r)      holdingResult      (ignored)          finished/complete (ignored)
/// cancel()        finished / cancel  finished / cancel  finished / cancel (ignored)
/// ```
///
/// The machine is the state itself, and each event a mutating method that
/// moves the state out (`switch consume self`) and stores the next one: a
/// read would copy the generic enum through its value witnesses, and the
/// store would then destroy the original.
@usableFromInline
package enum TraitSubscriptionStateMachine<Downstream: Subscriber, Context> {
  @usableFromInline
  package typealias Output = MaybeResult<Downstream.Input, Downstream.Failure>

  case waitingForDemand(Downstream, Context)
  case holdingResult(Downstream, Context, Output)
  case started(Downstream, Context)
  case finished

  /// What the subscription does after the lock. Downstream and context ride
  /// along, so that their last release happens after the lock too.
  @usableFromInline
  package enum Action {
    case none
    /// Call `start(with:)`.
    case start(Context)
    /// Send `result` to the downstream, then call `didComplete(with:)`.
    case complete(Downstream, Context, Output)
    /// Call `didCancel(with:)`, then release the downstream.
    case cancel(Downstream, Context)
  }

  @inlinable
  package init(downstream: Downstream, context: Context) {
    self = .waitingForDemand(downstream, context)
  }

  /// The downstream requested `demand` values.
  @inlinable
  package mutating func request(_ demand: Subscribers.Demand) -> Action {
    precondition(demand > .none, "API violation: demand must be greater than zero")
    switch consume self {
    case let .waitingForDemand(downstream, context):
      self = .started(downstream, context)
      return .start(context)
    case let .holdingResult(downstream, context, result):
      // The result was kept until the first demand; start never runs.
      self = .finished
      return .complete(downstream, context, result)
    case let other:
      self = other
      return .none  // started or finished: at most one value, later demand changes nothing
    }
  }

  /// The subscription produced its result.
  @inlinable
  package mutating func receive(_ result: consuming Output) -> Action {
    switch consume self {
    case let .waitingForDemand(downstream, context):
      // No demand yet: keep the result until the first demand.
      self = .holdingResult(downstream, context, result)
      return .none
    case let .started(downstream, context):
      self = .finished
      return .complete(downstream, context, result)
    case let other:
      self = other
      return .none  // only the first result counts; after cancel, ignored
    }
  }

  /// The downstream cancelled.
  @inlinable
  package mutating func cancel() -> Action {
    switch consume self {
    case let .waitingForDemand(downstream, context),
      let .holdingResult(downstream, context, _),
      let .started(downstream, context):
      self = .finished
      return .cancel(downstream, context)
    case .finished:
      self = .finished
      return .none  // completed, or already cancelled
    }
  }
}

extension TraitSubscriptionStateMachine.Action {
  /// Acts on this decision, after the lock, as both `TraitSubscriptions.Single`
  /// and `TraitSubscriptions.Maybe` do: runs the hook it names, sending the
  /// result to the downstream before `didComplete`. The downstream and the
  /// context it holds are released by the caller, once it returns.
  @inlinable
  package consuming func perform(
    start: (Context) -> Void,
    didComplete: (Context) -> Void,
    didCancel: (Context) -> Void
  ) {
    switch consume self {
    case .none:
      break
    case let .start(context):
      start(context)
    case let .complete(downstream, context, result):
      result.send(to: downstream)
      didComplete(context)
    case let .cancel(_, context):
      didCancel(context)
    }
  }
}
