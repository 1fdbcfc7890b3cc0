package import MaybeTraits
public import SharedMachinery

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
/// started(downstream, context, cancelJob?)       start(with:) has run (or is running); cancelJob
///                                                is what onCancel(_:) registered, if anything
/// completed                                      the result was sent: holds nothing
/// cancelled                                      the downstream cancelled: holds nothing
/// ```
///
/// Events (rows) and transitions:
///
/// ```text
///                 waitingForDemand   holdingResult       started              completed       cancelled
/// request(n > 0)  started / start    completed/complete  (ignored)            (ignored)       (ignored)
/// receive(r)      holdingResult      (second result)     completed/complete   (second result) (ignored)
/// cancel()        cancelled/cancel   cancelled/cancel    cancelled/cancel+job (ignored)       (ignored)
/// onCancel(job)   (misuse)           (misuse)            started, job kept    (job released)  (job runs now)
/// ```
///
/// `completed` and `cancelled` are two states so that a job's cancellation
/// registered late (from `start(with:)` while another thread cancels) runs
/// at once after a cancel, and never after a completion: the cancel reaches
/// the job exactly once, or not at all when the job is over.
///
/// The machine is the state itself, and each event a mutating method that
/// moves the state out (`switch consume self`) and stores the next one: a
/// read would copy the generic enum through its value witnesses, and the
/// store would then destroy the original.
@usableFromInline
package enum TraitSubscriptionStateMachine<Downstream: Subscriber, Context> {
  @usableFromInline
  package typealias Output = MaybeResult<Downstream.Input, Downstream.Failure>

  /// What `onCancel(_:)` registers: stops the job.
  @usableFromInline
  package typealias CancelJob = @Sendable () -> Void

  case waitingForDemand(Downstream, Context)
  case holdingResult(Downstream, Context, Output)
  case started(Downstream, Context, CancelJob?)
  case completed
  case cancelled

  /// What the subscription does after the lock. Downstream, context and the
  /// job's cancellation ride along, so that their last release happens after
  /// the lock too.
  @usableFromInline
  package enum Action {
    case none
    /// Call `start(with:)`.
    case start(Context)
    /// Send `result` to the downstream, then call `didComplete(with:)`; the
    /// job's cancellation, not needed any more, is released.
    case complete(Downstream, Context, Output, CancelJob?)
    /// Call `didCancel(with:)`, then the job's cancellation, then release the downstream.
    case cancel(Downstream, Context, CancelJob?)
    /// Run a job's cancellation registered after the cancel.
    case cancelJob(CancelJob)
    /// Release a job's cancellation registered after the completion.
    case release(CancelJob)
    /// A result after the first one: ignored, and reported as a misuse.
    case secondResult
    /// `onCancel(_:)` before `start(with:)`: reported as a misuse.
    case registeredBeforeStart(CancelJob)
  }

  @inlinable
  package init(downstream: Downstream, context: Context) {
    self = .waitingForDemand(downstream, context)
  }

  /// The downstream requested `demand` values.
  @inlinable
  package mutating func request(_ demand: Subscribers.Demand) -> Action {
    APIViolation.checkDemand(demand > .none)
    switch consume self {
    case let .waitingForDemand(downstream, context):
      self = .started(downstream, context, nil)
      return .start(context)
    case let .holdingResult(downstream, context, result):
      // The result was kept until the first demand; start never runs.
      self = .completed
      return .complete(downstream, context, result, nil)
    case let other:
      self = other
      return .none  // started or over: at most one value, later demand changes nothing
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
    case let .started(downstream, context, cancelJob):
      self = .completed
      return .complete(downstream, context, result, cancelJob)
    case let .holdingResult(downstream, context, kept):
      self = .holdingResult(downstream, context, kept)
      return .secondResult  // only the first result counts
    case .completed:
      self = .completed
      return .secondResult
    case .cancelled:
      self = .cancelled
      return .none  // a job that ends after the cancel: expected, ignored
    }
  }

  /// The downstream cancelled.
  @inlinable
  package mutating func cancel() -> Action {
    switch consume self {
    case let .waitingForDemand(downstream, context), let .holdingResult(downstream, context, _):
      self = .cancelled
      return .cancel(downstream, context, nil)
    case let .started(downstream, context, cancelJob):
      self = .cancelled
      return .cancel(downstream, context, cancelJob)
    case .completed:
      self = .completed
      return .none
    case .cancelled:
      self = .cancelled
      return .none
    }
  }

  /// The subclass registered how to stop its job.
  @inlinable
  package mutating func onCancel(_ cancelJob: @escaping CancelJob) -> Action {
    switch consume self {
    case let .started(downstream, context, previous):
      // Several registrations: each runs, in order.
      let combined: CancelJob =
        if let previous {
          {
            previous()
            cancelJob()
          }
        } else {
          cancelJob
        }
      self = .started(downstream, context, combined)
      return .none
    case .cancelled:
      self = .cancelled
      return .cancelJob(cancelJob)  // the cancel came first: stop the job now
    case .completed:
      self = .completed
      return .release(cancelJob)  // the job is over: nothing to stop
    case let .waitingForDemand(downstream, context):
      self = .waitingForDemand(downstream, context)
      return .registeredBeforeStart(cancelJob)
    case let .holdingResult(downstream, context, result):
      self = .holdingResult(downstream, context, result)
      return .registeredBeforeStart(cancelJob)
    }
  }
}

extension TraitSubscriptionStateMachine.Action {
  /// Acts on this decision, after the lock, as both `TraitSubscriptions.Single`
  /// and `TraitSubscriptions.Maybe` do: runs the hook it names, sending the
  /// result to the downstream before `didComplete`. The downstream and the
  /// context it holds are released by the caller, once it returns. Returns
  /// the misuse to report, if the event was one.
  @inlinable
  package consuming func perform(
    start: (Context) -> Void,
    didComplete: (Context) -> Void,
    didCancel: (Context) -> Void
  ) -> TraitSubscriptionMisuse? {
    switch consume self {
    case .none, .release:
      return nil
    case let .start(context):
      start(context)
      return nil
    case let .complete(downstream, context, result, _):
      result.send(to: downstream)
      didComplete(context)
      return nil
    case let .cancel(_, context, cancelJob):
      didCancel(context)
      cancelJob?()
      return nil
    case let .cancelJob(cancelJob):
      cancelJob()
      return nil
    case .secondResult:
      return .secondResult
    case .registeredBeforeStart:
      return .registeredBeforeStart
    }
  }
}

/// A misuse of a trait subscription that its caller learns of.
@usableFromInline
package enum TraitSubscriptionMisuse {
  /// `receive(_:)` or `promise` called after the first result: ignored.
  case secondResult
  /// `onCancel(_:)` called before `start(with:)`: undefined, traps.
  case registeredBeforeStart

  /// The trap of `registeredBeforeStart`, written once for both subscription
  /// classes: a registration before the job exists is a bug in the subclass,
  /// found on its first run.
  package static func trapRegisteredBeforeStart(on subscription: String, file: StaticString, line: UInt) -> Never {
    fatalError("API misuse: onCancel(_:) called before start(with:) on \(subscription)", file: file, line: line)
  }
}
