public import MaybeTraits

extension SinglePublisher where Output: Sendable {
  /// Attaches a subscriber that runs `receive` with the publisher's one
  /// result on `actor`, isolated to it.
  ///
  /// The result arrives on whatever thread the upstream completes on; the
  /// closure runs later, on the actor, with the actor as its isolated first
  /// argument. It never runs after the returned cancellable is cancelled.
  ///
  /// ```swift
  /// actor Ledger {
  ///   var total = 0
  ///   func add(in bag: CancelBag) {
  ///     price.sinkSingle(in: bag, on: self) { ledger, result in
  ///       if case let .success(value) = result { ledger.total += value }
  ///     }
  ///   }
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - actor: The actor the closure runs on.
  ///   - receive: The closure to run with the actor and the result.
  /// - Returns: A cancellable that ends the subscription when cancelled or deinitialized.
  public func sinkSingle<A: Actor>(
    on actor: A,
    receive: @escaping @Sendable (isolated A, Result<Output, Failure>) -> Void
  ) -> AnyCancellable {
    IsolatedDeliveryGate.sink(on: actor, receive: receive) { sinkSingle(receive: $0) }
  }

  /// Attaches a subscriber that runs `receive` with the publisher's one
  /// result on the main actor.
  ///
  /// The closure may use main-actor state: the compiler knows where it runs.
  /// It runs later, on the main actor, never after the returned cancellable
  /// is cancelled.
  ///
  /// ```swift
  /// @MainActor final class ReportViewModel {
  ///   var title = ""
  ///   func load(in bag: CancelBag) {
  ///     report.sinkSingle(in: bag, onMainActor: { result in
  ///       self.title = (try? result.get()) ?? "unavailable"
  ///     })
  ///   }
  /// }
  /// ```
  ///
  /// - Parameter receive: The closure to run with the result.
  /// - Returns: A cancellable that ends the subscription when cancelled or deinitialized.
  public func sinkSingle(
    onMainActor receive: @escaping @MainActor @Sendable (Result<Output, Failure>) -> Void
  ) -> AnyCancellable {
    IsolatedDeliveryGate.sinkOnMainActor(receive: receive) { sinkSingle(receive: $0) }
  }

  /// Attaches a subscriber that runs `receive` on `actor` as
  /// ``sinkSingle(on:receive:)`` does, and whose subscription `bag` keeps
  /// until the closure has run.
  ///
  /// - Parameters:
  ///   - bag: The bag that keeps the subscription; nothing is subscribed to if it is cancelled.
  ///   - actor: The actor the closure runs on.
  ///   - receive: The closure to run with the actor and the result.
  /// - Returns: The cancellable the bag keeps: cancelling it ends the
  ///   subscription and takes it out of the bag; discarding it changes nothing.
  @discardableResult
  public func sinkSingle<A: Actor>(
    in bag: CancelBag,
    on actor: A,
    receive: @escaping @Sendable (isolated A, Result<Output, Failure>) -> Void
  ) -> AnyCancellable {
    bag.insert { onEnd in
      sinkSingle(on: actor) { actor, result in
        receive(actor, result)
        onEnd()
      }
    }
  }

  /// Attaches a subscriber that runs `receive` on the main actor as
  /// ``sinkSingle(onMainActor:)`` does, and whose subscription `bag` keeps
  /// until the closure has run.
  ///
  /// - Parameters:
  ///   - bag: The bag that keeps the subscription; nothing is subscribed to if it is cancelled.
  ///   - receive: The closure to run with the result.
  /// - Returns: The cancellable the bag keeps: cancelling it ends the
  ///   subscription and takes it out of the bag; discarding it changes nothing.
  @discardableResult
  public func sinkSingle(
    in bag: CancelBag,
    onMainActor receive: @escaping @MainActor @Sendable (Result<Output, Failure>) -> Void
  ) -> AnyCancellable {
    bag.insert { onEnd in
      sinkSingle(onMainActor: { result in
        receive(result)
        onEnd()
      })
    }
  }
}
