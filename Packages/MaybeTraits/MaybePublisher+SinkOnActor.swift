package import Dispatch
public import ReactiveCore
package import SharedMachinery

extension MaybePublisher where Output: Sendable {
  /// Attaches a subscriber that runs `receive` with the publisher's one
  /// outcome on `actor`, isolated to it.
  ///
  /// The outcome arrives on whatever thread the upstream completes on; the
  /// closure runs later, on the actor, with the actor as its isolated first
  /// argument. It never runs after the returned cancellable is cancelled.
  ///
  /// ```swift
  /// actor Inventory {
  ///   var count = 0
  ///   func refresh(in bag: CancelBag) {
  ///     stock.sinkMaybe(in: bag, on: self) { inventory, result in
  ///       if case let .success(count) = result { inventory.count = count }
  ///     }
  ///   }
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - actor: The actor the closure runs on.
  ///   - receive: The closure to run with the actor and the outcome.
  /// - Returns: A cancellable that ends the subscription when cancelled or deinitialized.
  public func sinkMaybe<A: Actor>(
    on actor: A,
    receive: @escaping @Sendable (isolated A, MaybeResult<Output, Failure>) -> Void
  ) -> AnyCancellable {
    IsolatedDeliveryGate.sink(on: actor, receive: receive) { sinkMaybe(receive: $0) }
  }

  /// Attaches a subscriber that runs `receive` with the publisher's one
  /// outcome on the main actor.
  ///
  /// The closure may use main-actor state: the compiler knows where it runs.
  /// It runs later, on the main actor, never after the returned cancellable
  /// is cancelled.
  ///
  /// - Parameter receive: The closure to run with the outcome.
  /// - Returns: A cancellable that ends the subscription when cancelled or deinitialized.
  public func sinkMaybe(
    onMainActor receive: @escaping @MainActor @Sendable (MaybeResult<Output, Failure>) -> Void
  ) -> AnyCancellable {
    IsolatedDeliveryGate.sinkOnMainActor(receive: receive) { sinkMaybe(receive: $0) }
  }

  /// Attaches a subscriber that runs `receive` on `actor` as
  /// ``sinkMaybe(on:receive:)`` does, and whose subscription `bag` keeps
  /// until the closure has run.
  ///
  /// - Parameters:
  ///   - bag: The bag that keeps the subscription; nothing is subscribed to if it is cancelled.
  ///   - actor: The actor the closure runs on.
  ///   - receive: The closure to run with the actor and the outcome.
  /// - Returns: The cancellable the bag keeps: cancelling it ends the
  ///   subscription and takes it out of the bag; discarding it changes nothing.
  @discardableResult
  public func sinkMaybe<A: Actor>(
    in bag: CancelBag,
    on actor: A,
    receive: @escaping @Sendable (isolated A, MaybeResult<Output, Failure>) -> Void
  ) -> AnyCancellable {
    bag.insert { onEnd in
      sinkMaybe(on: actor) { actor, result in
        receive(actor, result)
        onEnd()
      }
    }
  }

  /// Attaches a subscriber that runs `receive` on the main actor as
  /// ``sinkMaybe(onMainActor:)`` does, and whose subscription `bag` keeps
  /// until the closure has run.
  ///
  /// - Parameters:
  ///   - bag: The bag that keeps the subscription; nothing is subscribed to if it is cancelled.
  ///   - receive: The closure to run with the outcome.
  /// - Returns: The cancellable the bag keeps: cancelling it ends the
  ///   subscription and takes it out of the bag; discarding it changes nothing.
  @discardableResult
  public func sinkMaybe(
    in bag: CancelBag,
    onMainActor receive: @escaping @MainActor @Sendable (MaybeResult<Output, Failure>) -> Void
  ) -> AnyCancellable {
    bag.insert { onEnd in
      sinkMaybe(onMainActor: { result in
        receive(result)
        onEnd()
      })
    }
  }
}

/// Carries an outcome to an actor, unless the subscription was cancelled
/// before the actor got to run it.
///
/// States: open (`true`), closed (`false`, by `close()`; final).
package final class IsolatedDeliveryGate: Sendable {
  private let isOpen = Lock(true)

  package init() {}

  /// Subscribes with `sink` and delivers its one outcome to `receive` on
  /// `actor`, unless the returned cancellable was cancelled first. Every
  /// `…(on:)` sink of the trait modules is this, around its own plain sink.
  package static func sink<A: Actor, Outcome: Sendable>(
    on actor: A,
    receive: @escaping @Sendable (isolated A, Outcome) -> Void,
    through sink: (@escaping @Sendable (Outcome) -> Void) -> AnyCancellable
  ) -> AnyCancellable {
    let gate = IsolatedDeliveryGate()
    let subscription = sink { outcome in
      Task { await gate.deliver(outcome, on: actor, to: receive) }
    }
    return AnyCancellable {
      gate.close()
      subscription.cancel()
    }
  }

  /// The same on the main actor: the `…(onMainActor:)` sinks.
  package static func sinkOnMainActor<Outcome: Sendable>(
    receive: @escaping @MainActor @Sendable (Outcome) -> Void,
    through sink: (@escaping @Sendable (Outcome) -> Void) -> AnyCancellable
  ) -> AnyCancellable {
    let gate = IsolatedDeliveryGate()
    let subscription = sink { outcome in
      let wait = MainActorWait.start()  // debug builds: tells when the main actor does not come
      Task { @MainActor in
        wait?.arrived()
        gate.deliverOnMainActor(outcome, to: receive)
      }
    }
    return AnyCancellable {
      gate.close()
      subscription.cancel()
    }
  }

  /// Stops every delivery that has not started yet.
  package func close() {
    isOpen.withLock { $0 = false }
  }

  /// Runs `receive` on `actor` if the gate is still open.
  package func deliver<A: Actor, Outcome: Sendable>(
    _ outcome: Outcome,
    on actor: isolated A,
    to receive: @Sendable (isolated A, Outcome) -> Void
  ) {
    guard isOpen.withLock({ $0 }) else { return }  // cancelled while the outcome travelled
    receive(actor, outcome)
  }

  /// Runs `receive` on the main actor if the gate is still open.
  @MainActor
  package func deliverOnMainActor<Outcome: Sendable>(
    _ outcome: Outcome,
    to receive: @MainActor @Sendable (Outcome) -> Void
  ) {
    guard isOpen.withLock({ $0 }) else { return }  // cancelled while the outcome travelled
    receive(outcome)
  }
}

/// In a debug build, reports an outcome of an `onMainActor:` sink that has
/// waited too long for the main actor: in a process whose main actor does
/// not run (a command-line tool or a server whose main thread neither
/// drains the main queue nor runs an `@main async` entry point), the outcome
/// would otherwise wait for ever without a word.
///
/// States: waiting (`false`), arrived (`true`; final).
package final class MainActorWait: Sendable {
  /// How long an outcome may wait before the report; tests shorten it.
  package static let patience = Lock(DispatchTimeInterval.seconds(5))

  private let hasArrived = Lock(false)

  private init() {}

  /// Starts watching an outcome on its way to the main actor; nil in a
  /// release build, which pays nothing.
  package static func start() -> MainActorWait? {
    #if DEBUG
    let wait = MainActorWait()
    let patience = patience.withLock { $0 }
    DispatchQueue.global().asyncAfter(deadline: .now() + patience) {
      guard !wait.hasArrived.withLock({ $0 }) else { return }
      MisuseDiagnostics.report(
        "an outcome of an onMainActor: sink has waited \(describe(patience)) for the main actor, which seems not to run: "
          + "run it (an @main async entry point, dispatchMain(), or RunLoop.main.run()), or use on: an actor"
      )
    }
    return wait
    #else
    return nil
    #endif
  }

  private static func describe(_ interval: DispatchTimeInterval) -> String {
    switch interval {
    case let .seconds(count): "\(count) s"
    case let .milliseconds(count): "\(count) ms"
    case let .microseconds(count): "\(count) µs"
    case let .nanoseconds(count): "\(count) ns"
    case .never: "for ever"
    @unknown default: "\(interval)"
    }
  }

  /// The outcome reached the main actor.
  package func arrived() {
    hasArrived.withLock { $0 = true }
  }
}
