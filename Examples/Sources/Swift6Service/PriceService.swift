// A service that takes an erased scheduler: the same type runs on a queue in
// production and on virtual time in tests (Swift6ServiceTests plays its
// sources as marble diagrams with coldSingle and coldMaybe).

import Dispatch
import MaybeTraits
import ReactiveCore
import ReactiveExtras  // AnyDispatchQueueScheduler
import SingleTraits

/// Why a price is missing.
public enum PriceError: Error, Equatable {
  case timedOut(symbol: String)
}

/// Prices with a deadline, minus a discount when there is one.
public struct PriceService: Sendable {
  public typealias PriceSource = @Sendable (String) -> AnySinglePublisher<Int, any Error>
  public typealias DiscountSource = @Sendable (String) -> AnyMaybePublisher<Int, any Error>

  let scheduler: AnyDispatchQueueScheduler
  let prices: PriceSource
  let discounts: DiscountSource

  /// - Parameters:
  ///   - scheduler: The clock of the deadlines.
  ///   - prices: One price per symbol: a single publisher.
  ///   - discounts: A discount per symbol, if any: a maybe publisher.
  public init(scheduler: AnyDispatchQueueScheduler, prices: @escaping PriceSource, discounts: @escaping DiscountSource)
  {
    self.scheduler = scheduler
    self.prices = prices
    self.discounts = discounts
  }

  /// The price, or `PriceError.timedOut` after two seconds.
  public func price(of symbol: String) -> AnySinglePublisher<Int, any Error> {
    prices(symbol).timeout(.seconds(2), scheduler: scheduler, error: { PriceError.timedOut(symbol: symbol) })
  }

  /// The price minus the discount, if there is one: still a single.
  public func discountedPrice(of symbol: String) -> AnySinglePublisher<Int, any Error> {
    let discounts = discounts
    return price(of: symbol)
      .flatMap { price in
        discounts(symbol).replaceEmpty(with: 0).map { price - $0 }
      }
      .eraseToAnySinglePublisher()
  }
}
