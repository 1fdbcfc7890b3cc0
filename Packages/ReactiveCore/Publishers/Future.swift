/// Runs some work once and hands its one result, a value or an error, to
/// every subscriber.
///
/// The closure runs once, when the future is created (wrap the future in
/// `Deferred` to run it per subscriber instead). The promise may be called
/// from any thread; only its first call counts. Every subscriber, early or
/// late, receives that result: a value waits for the subscriber's demand, a
/// failure does not.
///
/// ```swift
/// let future = Future<Int, Never> { promise in
///   DispatchQueue.global().async { promise(.success(42)) }
/// }
/// ```
///
/// ```text
/// ----(o|)    success, once resolved and demanded
/// ----x       failure, once resolved
/// ```
public final class Future<Output, Failure: Error>: Publisher, @unchecked Sendable {
  // @unchecked Sendable: all mutable state is in `state`, under its lock.

  /// The closure that the future's work calls, once, with its result.
  ///
  /// Its argument is the outcome: `.success(value)` or `.failure(error)`.
  ///
  /// `@Sendable`, where Combine declares `(Result<Output, Failure>) -> Void`:
  /// the promise is safe to call from any thread (it resolves under the
  /// future's lock), and saying so lets Swift 6 code capture it in a
  /// `@Sendable` completion handler. Code written for Combine's spelling
  /// still compiles: a `@Sendable` function converts to a plain one.
  public typealias Promise = @Sendable (Result<Output, Failure>) -> Void

  /// States:
  /// - `pending(conduits)`: not resolved; the subscriptions waiting for the result;
  /// - `resolved(result)`: the first promise call happened; later subscribers get it at once.
  @usableFromInline
  enum State {
    case pending(SubscriberRegistry<FutureConduitBase<Output, Failure>>)
    case resolved(Result<Output, Failure>)
  }

  @usableFromInline
  let state = Lock(State.pending(SubscriberRegistry()))

  /// Creates a future and runs `attemptToFulfill` immediately, on the
  /// calling thread.
  ///
  /// - Parameter attemptToFulfill: The work. It receives a ``Future/Promise``
  ///   to call, now or later and from any thread, with the outcome.
  @_alwaysEmitIntoClient
  public init(_ attemptToFulfill: @escaping (@escaping Promise) -> Void) {
    attemptToFulfill { [self] result in promise(result) }
  }

  @inlinable
  func promise(_ result: Result<Output, Failure>) {
    let waiting = state.withLock { state -> SubscriberRegistry<FutureConduitBase<Output, Failure>> in
      switch state {
      case let .pending(conduits):
        state = .resolved(result)
        return conduits
      case .resolved:
        return SubscriberRegistry()  // only the first result counts
      }
    }
    waiting.forEach { conduit in
      conduit.fulfill(result)
    }
  }

  @inlinable
  public func receive<S: Subscriber>(subscriber: S) where Output == S.Input, Failure == S.Failure {
    let conduit = state.withLock { state -> FutureConduit<S> in
      switch state {
      case var .pending(conduits):
        let conduit = FutureConduit(subscriber, parent: self)
        state = .pending(SubscriberRegistry())  // avoid a copy of the storage on append
        conduits.append(conduit)
        state = .pending(conduits)
        return conduit
      case let .resolved(result):
        return FutureConduit(subscriber, result: result)
      }
    }
    subscriber.receive(subscription: conduit)
    conduit.subscriptionWasDelivered()
  }

  @inlinable
  func remove(_ conduit: FutureConduitBase<Output, Failure>) {
    let removed = state.withLock { state -> FutureConduitBase<Output, Failure>? in
      guard case var .pending(conduits) = state else { return nil }
      state = .pending(SubscriberRegistry())  // avoid a copy of the storage on removal
      let removed = conduits.remove(conduit)
      state = .pending(conduits)
      return removed
    }
    _ = removed  // released here, after the lock
  }
}

/// The part of a conduit the future sees: it does not know the subscriber type.
///
/// `@unchecked Sendable`: a conduit's mutable state is under its own lock.
@usableFromInline
class FutureConduitBase<Output, Failure: Error>: RegistryMember {
  @usableFromInline
  @exclusivity(unchecked) var registrySlot = -1

  @usableFromInline
  init() {}

  @usableFromInline
  func fulfill(_ result: Result<Output, Failure>) {
    preconditionFailure("Bug in Future: the abstract conduit was fulfilled")
  }
}

/// One subscriber's subscription to a future.
///
/// A result goes out once the subscriber has returned from
/// `receive(subscription:)` (`announced`) and, for a value, once it has
/// requested (`demanded`): so the subscriber never sees two calls at once,
/// even when the promise runs on another thread.
///
/// States (`Phase`), and what each keeps in the stored properties (the
/// others are nil):
/// - `waiting`: `downstream`, `parent`; no result yet;
/// - `resolved`: `downstream`, `result`; the result is here but cannot go
///   out yet (a value without demand, or a subscription not yet announced);
/// - `done`: result delivered, or cancelled; holds nothing.
///
/// `demanded` and `announced`, once set, stay set. The generic parts live in
/// stored properties beside a payload-free phase (see "Generic payloads cost
/// code" in Docs/Internals.md), touched only under `lock`; what a transition
/// takes out leaves the lock in a tuple and is released after it.
@usableFromInline
final class FutureConduit<Downstream: Subscriber>: FutureConduitBase<Downstream.Input, Downstream.Failure>,
  SpecializedSubscription, CustomStringConvertible
{
  @usableFromInline
  typealias Output = Downstream.Input
  @usableFromInline
  typealias Failure = Downstream.Failure

  @usableFromInline
  enum Phase: UInt8 {
    case waiting, resolved, done
  }

  /// A result that goes out now, to its downstream, after the lock.
  @usableFromInline
  typealias Delivery = (downstream: Downstream, result: Result<Output, Failure>)

  @usableFromInline
  let lock = StateLock()
  @usableFromInline
  @exclusivity(unchecked) var phase: Phase
  @usableFromInline
  @exclusivity(unchecked) var downstream: Downstream?
  @usableFromInline
  @exclusivity(unchecked) var parent: Future<Output, Failure>?
  @usableFromInline
  @exclusivity(unchecked) var result: Result<Output, Failure>?
  @usableFromInline
  @exclusivity(unchecked) var demanded = false
  @usableFromInline
  @exclusivity(unchecked) var announced = false

  /// `fulfillSpecialized(_:)`, as a closure formed in `init`: the future
  /// calls `fulfill(_:)` through the base class, which runs unspecialised
  /// code (see `SpecializedEntryPoints`).
  @usableFromInline
  let fulfillEntryPoint: (FutureConduit, Result<Output, Failure>) -> Void

  /// `requestSpecialized(_:)` and `cancelSpecialized()`, as closures formed
  /// in `init` (see `SpecializedEntryPoints`).
  @usableFromInline
  let entryPoints: SpecializedEntryPoints<FutureConduit>

  @usableFromInline
  var description: String { "Future" }

  @inlinable
  init(_ downstream: Downstream, parent: Future<Output, Failure>) {
    phase = .waiting
    self.downstream = downstream
    self.parent = parent
    fulfillEntryPoint = { $0.fulfillSpecialized($1) }
    entryPoints = SpecializedEntryPoints(
      request: { $0.requestSpecialized($1) },
      cancel: { $0.cancelSpecialized() }
    )
  }

  @inlinable
  init(_ downstream: Downstream, result: Result<Output, Failure>) {
    phase = .resolved
    self.downstream = downstream
    self.result = result
    fulfillEntryPoint = { $0.fulfillSpecialized($1) }
    entryPoints = SpecializedEntryPoints(
      request: { $0.requestSpecialized($1) },
      cancel: { $0.cancelSpecialized() }
    )
  }

  /// Under the lock, in `resolved`: the delivery, if the result can go out
  /// now (a failure does not wait for demand); the conduit is then done.
  @inlinable
  func settle() -> Delivery? {
    let isFailure: Bool
    if case .failure? = result { isFailure = true } else { isFailure = false }
    guard announced && (demanded || isFailure), let downstream = downstream.take(), let result = result.take() else {
      return nil
    }
    phase = .done
    return (downstream, result)
  }

  @inlinable
  override func fulfill(_ result: Result<Output, Failure>) {
    fulfillEntryPoint(self, result)
  }

  @inlinable
  func fulfillSpecialized(_ result: Result<Output, Failure>) {
    deliver(
      lock.withLock {
        // The future resolves once; a cancelled conduit ignores it.
        guard phase == .waiting else { return nil }
        // Dropping the parent under the lock is safe: it is running its
        // promise, so this is never its last reference.
        parent = nil
        phase = .resolved
        self.result = result
        return settle()
      }
    )
  }

  /// Called by the future once `receive(subscription:)` has returned.
  @inlinable
  func subscriptionWasDelivered() {
    record(demanded: false, announced: true)
  }

  @inlinable
  func requestSpecialized(_ demand: Subscribers.Demand) {
    record(demanded: true, announced: false)
  }

  /// Records that the subscriber has demand, or that its subscription was
  /// announced (each flag, once set, stays set), and delivers a result that
  /// can now go out: serves `subscriptionWasDelivered()` and
  /// `requestSpecialized(_:)`.
  @inlinable
  func record(demanded newlyDemanded: Bool, announced newlyAnnounced: Bool) {
    deliver(
      lock.withLock {
        // Once done: cancelled (from inside receive(subscription:), for an announcement).
        guard phase != .done else { return nil }
        demanded = demanded || newlyDemanded
        announced = announced || newlyAnnounced
        return phase == .resolved ? settle() : nil
      }
    )
  }

  @inlinable
  func cancelSpecialized() {
    let ended: (parent: Future<Output, Failure>?, downstream: Downstream?, result: Result<Output, Failure>?) =
      lock.withLock {
        phase = .done
        return (parent.take(), downstream.take(), result.take())
      }
    ended.parent?.remove(self)  // only a waiting conduit has its parent
    // What it held is released here, after the lock.
  }

  @inlinable
  func deliver(_ delivery: consuming Delivery?) {
    guard let (downstream, result) = delivery else { return }
    switch result {
    case let .success(value):
      _ = downstream.receive(value)
      downstream.receive(completion: .finished)
    case let .failure(error):
      downstream.receive(completion: .failure(error))
    }
  }
}

extension FutureConduit: CombineReflectable {
  /// Shows the future (as `parent` and `subject`), the downstream and
  /// whether it has asked for anything, as Combine's future subscription;
  /// all nil once the result went out or the subscription was cancelled.
  @usableFromInline
  var customMirror: Mirror {
    let (parent, downstream, demanded): (Future<Output, Failure>?, Downstream?, Bool) = lock.withLock {
      (self.parent, self.downstream, phase != .done && self.demanded)
    }
    return Mirror(
      self,
      children: [
        "parent": parent as Any, "downstream": downstream as Any, "hasAnyDemand": demanded,
        "subject": parent as Any,
      ]
    )
  }
}
