public import Foundation  // NSObject, the superclass
package import MaybeTraits
public import ReactiveCore
public import SharedMachinery

extension TraitSubscriptions {
  /// A subscription to subclass when a single publisher wraps a callback API:
  /// it publishes exactly one value, or fails.
  ///
  /// Override ``start(with:)`` to start the job, call ``receive(_:)`` once it
  /// is over, and override ``didCancel(with:)`` to stop it when the
  /// downstream cancels. `context` carries whatever the job needs.
  ///
  /// ```swift
  /// final class PickSubscription<Downstream: Subscriber>: TraitSubscriptions.Single<Downstream, Picker>
  /// where Downstream.Input == String?, Downstream.Failure == Never {
  ///   override func start(with picker: Picker) {
  ///     picker.show { number in self.receive(.success(number)) }
  ///   }
  ///   override func didCancel(with picker: Picker) { picker.dismiss() }
  /// }
  /// ```
  ///
  /// The contract, under any interleaving of threads:
  ///
  /// - ``start(with:)`` runs once, on the first demand greater than zero;
  ///   requesting `.none` traps.
  /// - The first ``receive(_:)`` after start sends the value then finished, or
  ///   the failure; then ``didComplete(with:)`` runs, and the downstream and
  ///   the context are released. Later calls are ignored.
  /// - ``receive(_:)`` before any demand keeps the result; the first demand
  ///   sends it, without calling ``start(with:)``.
  /// - `cancel()` before completion calls ``didCancel(with:)`` once, never
  ///   ``didComplete(with:)``, releases the downstream and the context, and
  ///   later calls to ``receive(_:)`` are ignored.
  /// - When `receive` and `cancel` race, exactly one of them wins.
  /// - The hooks and the downstream are called outside the lock: `receive`
  ///   from inside `start`, and `cancel` from inside the downstream, work.
  /// - A cancel on another thread may run ``didCancel(with:)`` while
  ///   ``start(with:)`` is still running: the hooks must tolerate it.
  ///
  /// It subclasses `NSObject`, as in the original CombineTraits, so that a
  /// subclass can adopt Objective-C delegate protocols on Apple platforms.
  ///
  /// The class is not `Sendable` (nor is `NSObject`), so that a subclass needs no annotation
  /// (Swift asks every subclass of an `@unchecked Sendable` class to restate
  /// it) and the compiler refuses `self` in a `@Sendable` closure. Its
  /// ``receive(_:)``, `request(_:)` and `cancel()` are safe from any thread
  /// all the same: hand a `@Sendable` completion handler ``promise``, and keep
  /// per-subscription state in the `Context`, since the hooks run on the
  /// thread of the event that triggers them.
  open class Single<Downstream: Subscriber, Context>: NSObject, Subscription {
    // Not Sendable (see above); the only mutable state is under `machine`'s
    // lock, and what leaves the lock is used only by the thread that took it out.
    @usableFromInline
    typealias Machine = TraitSubscriptionStateMachine<Downstream, Context>
    @usableFromInline
    let machine: Lock<Machine>
    @usableFromInline
    let entryPoints: TraitSubscriptionEntryPoints<Result<Downstream.Input, Downstream.Failure>>

    /// Creates a subscription; hand it to `downstream` with
    /// `downstream.receive(subscription:)`.
    ///
    /// - Parameters:
    ///   - downstream: The subscriber; released on completion or cancel.
    ///   - context: What the hooks receive; released on completion or cancel.
    @inlinable
    public init(downstream: Downstream, context: Context) {
      machine = Lock(Machine(downstream: downstream, context: context))
      entryPoints = TraitSubscriptionEntryPoints(
        request: { subscription, demand in
          let subscription = unsafeDowncast(subscription, to: Single.self)
          subscription.perform(subscription.machine.withLock { $0.request(demand) })
        },
        cancel: { subscription in
          let subscription = unsafeDowncast(subscription, to: Single.self)
          subscription.perform(subscription.machine.withLock { $0.cancel() })
        },
        receive: { subscription, result in
          let subscription = unsafeDowncast(subscription, to: Single.self)
          let result: Machine.Output =
            switch result {
            case let .success(value): .success(value)
            case let .failure(error): .failure(error)
            }
          subscription.perform(subscription.machine.withLock { $0.receive(result) })
        }
      )
      super.init()
    }

    open override var description: String { "TraitSubscriptions.Single" }

    /// Starts the job; called once, outside any lock, on the first demand.
    /// Call ``receive(_:)`` when the job is over, from any thread, even
    /// from inside this method. The default implementation does nothing.
    open func start(with context: Context) {}

    /// Stops the job after the downstream cancelled before completion;
    /// called once, outside any lock. The default implementation does nothing.
    open func didCancel(with context: Context) {}

    /// Cleans up after the downstream received the result; called once,
    /// outside any lock. The default implementation does nothing.
    open func didComplete(with context: Context) {}

    /// ``receive(_:)`` as a `@Sendable` closure, to hand to a callback API
    /// whose completion handler is `@Sendable`.
    ///
    /// Write `api.fetch(completion: promise)`, or capture `promise` (`let
    /// promise = promise`) in the handler: `api.fetch { self.receive($0) }`
    /// does not compile when the handler is `@Sendable`, since the
    /// subscription is not `Sendable`.
    public final var promise: @Sendable (Result<Downstream.Input, Downstream.Failure>) -> Void {
      sendableReceive(SinglePromiseRelay(self))
    }

    /// Completes the subscription: the value then finished, or the failure.
    /// Only the first call counts; calls after cancel are ignored. Before
    /// any demand, the result is kept and sent on the first demand, and
    /// ``start(with:)`` never runs.
    public func receive(_ result: Result<Downstream.Input, Downstream.Failure>) {
      entryPoints.receive(self, result)
    }

    public func request(_ demand: Subscribers.Demand) {
      entryPoints.request(self, demand)
    }

    public func cancel() {
      entryPoints.cancel(self)
    }

    /// Registers how to stop the job that ``start(with:)`` started; call it
    /// from ``start(with:)`` once the job's handle is known.
    ///
    /// ```swift
    /// override func start(with geocoder: Geocoder) {
    ///   let request = geocoder.locate(promise)
    ///   onCancel { request.cancel() }
    /// }
    /// ```
    ///
    /// The cancel reaches the job exactly once, whenever it arrives: a
    /// cancel that came before the registration (on another thread, while
    /// `start(with:)` was still running) runs `cancelJob` at once, on this
    /// thread; a later cancel runs it after ``didCancel(with:)``. After the
    /// result was sent, `cancelJob` is released and never runs. Several
    /// registrations all run, in order. No hand-written handshake is needed.
    ///
    /// Calling it before ``start(with:)`` is a misuse that traps, naming
    /// `file` and `line`.
    ///
    /// - Parameters:
    ///   - file: The file named in the trap message of a misuse.
    ///   - line: The line named in the trap message of a misuse.
    ///   - cancelJob: Stops the job; runs at most once, on the thread that
    ///     cancels, outside any lock.
    public final func onCancel(
      file: StaticString = #fileID,
      line: UInt = #line,
      _ cancelJob: @escaping @Sendable () -> Void
    ) {
      if let misuse = perform(machine.withLock { $0.onCancel(cancelJob) }), case .registeredBeforeStart = misuse {
        TraitSubscriptionMisuse.trapRegisteredBeforeStart(on: description, file: file, line: line)
      }
    }

    /// Acts on what the state machine decided, after the lock. The downstream
    /// and context in `action` are released when it returns. Returns the
    /// misuse the event was, if any, after reporting an ignored one.
    @inlinable
    @discardableResult
    final func perform(_ action: consuming Machine.Action) -> TraitSubscriptionMisuse? {
      let misuse = action.perform(start: start(with:), didComplete: didComplete(with:), didCancel: didCancel(with:))
      if case .secondResult = misuse { reportSecondResult() }
      return misuse
    }

    /// Tells the user of a result received after the first one, which is ignored.
    @usableFromInline
    final func reportSecondResult() {
      MisuseDiagnostics.report(MisuseDiagnostics.secondResult(receivedBy: description, calls: "receive(_:) or promise"))
    }
  }
}

/// What a `TraitSubscriptions.Single`'s `promise` calls: the subscription's
/// `receive(_:)`. A separate final class, so that the subscription classes,
/// which users subclass, conform to no protocol of their own.
///
/// @unchecked Sendable: the subscription is not `Sendable` (so that its
/// subclasses need no annotation), but the relay calls only its `receive(_:)`,
/// which decides under the subscription's lock and acts after it, from any
/// thread; the hooks it may run are documented to run on the caller's thread.
final class SinglePromiseRelay<Downstream: Subscriber, Context>: @unchecked Sendable, SendableResultReceiver {
  let subscription: TraitSubscriptions.Single<Downstream, Context>

  init(_ subscription: TraitSubscriptions.Single<Downstream, Context>) {
    self.subscription = subscription
  }

  func receive(_ outcome: Result<Downstream.Input, Downstream.Failure>) {
    subscription.receive(outcome)
  }
}
