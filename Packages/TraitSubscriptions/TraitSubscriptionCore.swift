package import MaybeTraits
package import ReactiveCore
package import SharedMachinery

/// What ``TraitSubscriptions/Single`` and ``TraitSubscriptions/Maybe`` share:
/// the state machine under its lock, and the code that runs each event, once
/// for both. A class keeps one core and forwards `request(_:)`, `cancel()`,
/// `receive(_:)` and `onCancel(_:)` to it; the core calls back the class's
/// hooks (``TraitSubscriptionHooks``), overridden or not, after the lock.
///
/// The classes differ only in what `receive(_:)` takes (`Outcome`: a `Result`
/// or a `MaybeResult`), in their name, and in their documentation. They stay
/// two classes, each declaring its own public members, so that their API and
/// its reference documentation are as they were: a common superclass would
/// have to be public, and its members would leave the two classes' pages.
///
/// `request(_:)`, `cancel()` and `receive(_:)` run as closures formed in the
/// core's `@inlinable` init (ReactiveCore's `SpecializedEntryPoints` says
/// why): the subscription is called through `any Subscription` and its
/// subclasses' overrides, so its methods run generic code that asks the
/// runtime for the metadata of every generic type it touches, while the
/// closures, formed where the types are known, run specialised code (make
/// bench, `TraitSubscriptions.Single` life cycle: about 39 metadata lookups
/// per life cycle before). They capture nothing: they take the subscription
/// as `AnyObject` and the lock as an argument. A stored property whose type
/// named the generic class itself would make the runtime need the class's
/// metadata while it lays out that same class.
@usableFromInline
struct TraitSubscriptionCore<Downstream: Subscriber, Context, Outcome: TraitSubscriptionOutcome>: ~Copyable
where Outcome.Success == Downstream.Input, Outcome.Failure == Downstream.Failure {
  @usableFromInline
  typealias Machine = TraitSubscriptionStateMachine<Downstream, Context>

  // Touched only inside `withLock`; what leaves the lock is used only by the
  // thread that took it out.
  @usableFromInline
  let machine: Lock<Machine>
  @usableFromInline
  let requestEntryPoint: (AnyObject, borrowing Lock<Machine>, Subscribers.Demand) -> Void
  @usableFromInline
  let cancelEntryPoint: (AnyObject, borrowing Lock<Machine>) -> Void
  @usableFromInline
  let receiveEntryPoint: (AnyObject, borrowing Lock<Machine>, Outcome) -> Void

  /// Creates the core of a subscription of class `Subscription`, which the
  /// entry points receive back and whose hooks they call.
  @inlinable
  init<Subscription: TraitSubscriptionHooks>(
    downstream: Downstream,
    context: Context,
    for _: Subscription.Type
  ) where Subscription.Context == Context {
    machine = Lock(Machine(downstream: downstream, context: context))
    requestEntryPoint = { subscription, machine, demand in
      let action = machine.withLock { $0.request(demand) }
      Self.perform(action, on: unsafeDowncast(subscription, to: Subscription.self))
    }
    cancelEntryPoint = { subscription, machine in
      let action = machine.withLock { $0.cancel() }
      Self.perform(action, on: unsafeDowncast(subscription, to: Subscription.self))
    }
    receiveEntryPoint = { subscription, machine, outcome in
      let result = outcome.maybeResult
      let action = machine.withLock { $0.receive(result) }
      Self.perform(action, on: unsafeDowncast(subscription, to: Subscription.self))
    }
  }

  /// The downstream of `subscription` requested `demand` values.
  @inlinable
  func request(_ demand: Subscribers.Demand, on subscription: AnyObject) {
    requestEntryPoint(subscription, machine, demand)
  }

  /// The downstream of `subscription` cancelled.
  @inlinable
  func cancel(on subscription: AnyObject) {
    cancelEntryPoint(subscription, machine)
  }

  /// `subscription` produced its result.
  @inlinable
  func receive(_ outcome: Outcome, on subscription: AnyObject) {
    receiveEntryPoint(subscription, machine, outcome)
  }

  /// `subscription` registered how to stop its job; traps, naming `file`
  /// and `line`, before `start(with:)`.
  @inlinable
  func onCancel<Subscription: TraitSubscriptionHooks>(
    _ cancelJob: @escaping Machine.CancelJob,
    on subscription: Subscription,
    file: StaticString,
    line: UInt
  ) where Subscription.Context == Context {
    let action = machine.withLock { $0.onCancel(cancelJob) }
    if case .registeredBeforeStart = Self.perform(action, on: subscription) {
      fatalError(
        "API misuse: onCancel(_:) called before start(with:) on \(subscription.description)",
        file: file,
        line: line
      )
    }
  }

  /// Acts on what the state machine decided, after the lock, calling the
  /// hooks of `subscription`. The downstream and context in `action` are
  /// released when it returns. Returns the misuse the event was, if any,
  /// after reporting an ignored one.
  @inlinable
  @discardableResult
  static func perform<Subscription: TraitSubscriptionHooks>(
    _ action: consuming Machine.Action,
    on subscription: Subscription
  ) -> TraitSubscriptionMisuse? where Subscription.Context == Context {
    let misuse = action.perform(
      start: subscription.start(with:),
      didComplete: subscription.didComplete(with:),
      didCancel: subscription.didCancel(with:)
    )
    if case .secondResult = misuse { reportSecondResult(receivedBy: subscription.description) }
    return misuse
  }
}

/// Tells the user of a result received after the first one, which is
/// ignored. Not inlinable: the message is built only on this rare path.
@usableFromInline
func reportSecondResult(receivedBy subscription: String) {
  MisuseDiagnostics.report(MisuseDiagnostics.secondResult(receivedBy: subscription, calls: "receive(_:) or promise"))
}

/// The members of ``TraitSubscriptions/Single`` and ``TraitSubscriptions/Maybe``
/// that their core calls: the hooks, which subclasses override, their name,
/// and `receive(_:)`, which their `promise` calls. Each class declares them
/// anyway; conforming adds nothing to it. Not `Sendable`, unlike
/// `SendableResultReceiver`: the classes are not (see their documentation).
@usableFromInline
protocol TraitSubscriptionHooks: AnyObject, CustomStringConvertible {
  associatedtype Context
  associatedtype Outcome

  func start(with context: Context)
  func didCancel(with context: Context)
  func didComplete(with context: Context)
  func receive(_ outcome: Outcome)
}

/// What a trait subscription's `receive(_:)` takes: a `Result` for a single,
/// a `MaybeResult` for a maybe, which the state machine keeps.
@usableFromInline
protocol TraitSubscriptionOutcome<Success, Failure> {
  associatedtype Success
  associatedtype Failure: Error

  var maybeResult: MaybeResult<Success, Failure> { get }
}

extension Result: TraitSubscriptionOutcome {
  @inlinable
  var maybeResult: MaybeResult<Success, Failure> {
    switch self {
    case let .success(value): .success(value)
    case let .failure(error): .failure(error)
    }
  }
}

extension MaybeResult: TraitSubscriptionOutcome {
  @inlinable
  var maybeResult: MaybeResult<Success, Failure> { self }
}

/// What a trait subscription's `promise` calls: the subscription's
/// `receive(_:)`. A separate final class, so that the subscription classes,
/// which users subclass, conform to no `Sendable` protocol.
///
/// @unchecked Sendable: the subscription is not `Sendable` (so that its
/// subclasses need no annotation), but the relay calls only its `receive(_:)`,
/// which decides under the subscription's lock and acts after it, from any
/// thread; the hooks it may run are documented to run on the caller's thread.
final class TraitSubscriptionPromiseRelay<Subscription: TraitSubscriptionHooks>:
  @unchecked Sendable, SendableResultReceiver
{
  let subscription: Subscription

  init(_ subscription: Subscription) {
    self.subscription = subscription
  }

  func receive(_ outcome: Subscription.Outcome) {
    subscription.receive(outcome)
  }
}
