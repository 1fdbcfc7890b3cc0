// A library target that depends on the SingleTraits and ReactiveCore products
// only (see Package.swift): its API promises "one answer or an error" per call.

import ReactiveCore
import SingleTraits

/// The price of one share.
public struct Quote: Equatable, Sendable, CustomStringConvertible {
  public var symbol: String
  public var price: Int

  public init(symbol: String, price: Int) {
    self.symbol = symbol
    self.price = price
  }

  public var description: String { "\(symbol) \(price)" }
}

/// Why a quote could not be given.
public enum QuoteError: Error, Equatable, CustomStringConvertible {
  case unknownSymbol(String)

  public var description: String {
    switch self {
    case let .unknownSymbol(symbol): "unknown symbol \(symbol)"
    }
  }
}

/// Quotes from a price list. Every method returns a single publisher: the
/// caller knows, from the type alone, that it gets one answer or an error.
public struct QuoteService: Sendable {
  private let prices: [String: Int]

  public init(prices: [String: Int]) {
    self.prices = prices
  }

  /// The quote of one symbol.
  public func quote(_ symbol: String) -> AnySinglePublisher<Quote, QuoteError> {
    guard let price = prices[symbol] else { return .fail(.unknownSymbol(symbol)) }
    return .just(Quote(symbol: symbol, price: price))
  }

  /// The value of a portfolio: one quote per holding, zipped, then summed.
  /// The first unknown symbol fails the whole computation.
  public func value(of holdings: [String: Int]) -> AnySinglePublisher<Int, QuoteError> {
    holdings.sorted { $0.key < $1.key }
      .map { symbol, count in quote(symbol).map { $0.price * count } }
      .zipSingle()
      .map { $0.reduce(0, +) }
      .eraseToAnySinglePublisher()
  }
}
