// Where a sink closure runs: on the main actor for a screen's model, on the
// actor itself for an actor. Both closures touch isolated state, so a plain
// `sinkSingle { self.… }` would not compile (its closure is @Sendable).

import MaybeTraits
import ReactiveCore
import SingleTraits

/// A screen's model, on the main actor.
@MainActor public final class DashboardModel {
  public private(set) var title = "loading…"
  private let bag = CancelBag()

  public init() {}

  /// Shows the report's text, or "unavailable".
  public func load(_ report: AnySinglePublisher<String, any Error>) {
    // report.sinkSingle(in: bag) { self.title = … } does not compile:
    // main actor-isolated 'title' can not be mutated from a Sendable closure.
    report.sinkSingle(
      in: bag,
      onMainActor: { result in
        MainActor.assertIsolated()  // traps if the closure ran anywhere else
        self.title = (try? result.get()) ?? "unavailable"
      }
    )
  }
}

/// A running total of prices, on an actor.
public actor Ledger {
  public private(set) var total = 0
  public private(set) var failures = 0
  private let bag = CancelBag()

  public init() {}

  /// Adds the price once it is known.
  public func add(_ price: AnySinglePublisher<Int, any Error>) {
    price.sinkSingle(in: bag, on: self) { ledger, result in
      ledger.assertIsolated()  // traps if the closure ran anywhere else
      switch result {
      case let .success(value): ledger.total += value
      case .failure: ledger.failures += 1
      }
    }
  }
}
