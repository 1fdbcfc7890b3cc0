extension Subscribers {
  /// A requested number of items, sent to a publisher from a subscriber
  /// through the subscription.
  ///
  /// Demand is either a count (``max(_:)``, with ``none`` for zero) or
  /// ``unlimited``. Its arithmetic never fails and never goes negative:
  ///
  /// - `.unlimited` absorbs: adding to, subtracting from or multiplying
  ///   `.unlimited` gives `.unlimited`.
  /// - A sum or product that overflows `Int` gives `.unlimited`.
  /// - A difference stops at `.none`; subtracting `.unlimited` from a count gives `.none`.
  ///
  /// Only creating a negative count, or multiplying by a negative number, traps.
  @frozen
  public struct Demand: Equatable, Comparable, Hashable, Codable, CustomStringConvertible, Sendable {
    /// The count, or `UInt.max` for `.unlimited`. A count never exceeds `Int.max`.
    @usableFromInline
    internal let rawValue: UInt

    @inlinable
    internal init(rawValue: UInt) {
      self.rawValue = rawValue
    }

    /// A request for as many values as the publisher can produce.
    @inlinable
    public static var unlimited: Demand { Demand(rawValue: .max) }

    /// A request for no elements from the publisher.
    ///
    /// This is equivalent to `Demand.max(0)`.
    @inlinable
    public static var none: Demand { Demand(rawValue: 0) }

    /// Creates a demand for the given maximum number of elements.
    ///
    /// The publisher is free to send fewer than the requested maximum number of elements.
    ///
    /// - Parameter value: The maximum number of elements. Traps if it is negative.
    @inlinable
    public static func max(_ value: Int) -> Demand {
      precondition(value >= 0, "API violation: demand must not be negative, got max(\(value))")
      return Demand(rawValue: UInt(value))
    }

    /// The number of requested values, or `nil` if unlimited.
    @inlinable
    public var max: Int? {
      rawValue == .max ? nil : Int(rawValue)
    }

    public var description: String {
      rawValue == .max ? "unlimited" : "max(\(rawValue))"
    }

    // MARK: Arithmetic

    /// Saturating addition of two counts; `.unlimited` if either is.
    @inlinable
    static func adding(_ lhs: UInt, _ rhs: UInt) -> Demand {
      if lhs == .max || rhs == .max { return .unlimited }
      let sum = lhs + rhs  // both are at most Int.max: no UInt overflow
      return sum > UInt(Int.max) ? .unlimited : Demand(rawValue: sum)
    }

    /// Saturating subtraction of a count from a count.
    @inlinable
    static func subtracting(_ lhs: UInt, _ rhs: UInt) -> Demand {
      if lhs == .max { return .unlimited }
      return rhs >= lhs ? .none : Demand(rawValue: lhs - rhs)
    }

    /// Returns the result of adding two demands.
    /// When adding any value to `.unlimited`, the result is `.unlimited`.
    @inlinable
    public static func + (lhs: Demand, rhs: Demand) -> Demand {
      adding(lhs.rawValue, rhs.rawValue)
    }

    /// Adds two demands, and assigns the result to the first demand.
    @inlinable
    public static func += (lhs: inout Demand, rhs: Demand) {
      lhs = lhs + rhs
    }

    /// Returns the result of adding an integer to a demand.
    /// A negative integer subtracts, stopping at `.none`.
    @inlinable
    public static func + (lhs: Demand, rhs: Int) -> Demand {
      rhs >= 0 ? adding(lhs.rawValue, UInt(rhs)) : subtracting(lhs.rawValue, rhs.magnitude)
    }

    /// Adds an integer to a demand, and assigns the result to the demand.
    @inlinable
    public static func += (lhs: inout Demand, rhs: Int) {
      lhs = lhs + rhs
    }

    /// Returns the result of subtracting one demand from another.
    ///
    /// Subtracting anything from `.unlimited` gives `.unlimited`; subtracting
    /// `.unlimited` from a count gives `.none`; a count never goes below `.none`.
    @inlinable
    public static func - (lhs: Demand, rhs: Demand) -> Demand {
      if lhs.rawValue == .max { return .unlimited }
      if rhs.rawValue == .max { return .none }
      return subtracting(lhs.rawValue, rhs.rawValue)
    }

    /// Subtracts one demand from another, and assigns the result to the first demand.
    @inlinable
    public static func -= (lhs: inout Demand, rhs: Demand) {
      lhs = lhs - rhs
    }

    /// Returns the result of subtracting an integer from a demand, stopping at `.none`.
    /// A negative integer adds.
    @inlinable
    public static func - (lhs: Demand, rhs: Int) -> Demand {
      rhs >= 0 ? subtracting(lhs.rawValue, UInt(rhs)) : adding(lhs.rawValue, rhs.magnitude)
    }

    /// Subtracts an integer from a demand, and assigns the result to the demand.
    @inlinable
    public static func -= (lhs: inout Demand, rhs: Int) {
      lhs = lhs - rhs
    }

    /// Returns the result of multiplying a demand by an integer.
    ///
    /// `.unlimited` times anything is `.unlimited`; an overflowing product is
    /// `.unlimited`. Traps if `rhs` is negative.
    @inlinable
    public static func * (lhs: Demand, rhs: Int) -> Demand {
      precondition(rhs >= 0, "API violation: demand must not be multiplied by a negative number, got \(rhs)")
      if lhs.rawValue == .max { return .unlimited }
      let (product, overflow) = Int(lhs.rawValue).multipliedReportingOverflow(by: rhs)
      return overflow ? .unlimited : Demand(rawValue: UInt(product))
    }

    /// Multiplies a demand by an integer, and assigns the result to the demand.
    @inlinable
    public static func *= (lhs: inout Demand, rhs: Int) {
      lhs = lhs * rhs
    }

    // MARK: Comparison with Int (an integer is always less than `.unlimited`)

    /// Returns a Boolean that indicates whether the demand requests more than the given number of elements.
    @inlinable
    public static func > (lhs: Demand, rhs: Int) -> Bool {
      lhs.rawValue == .max || Int(lhs.rawValue) > rhs
    }

    /// Returns a Boolean that indicates whether the first demand requests more or the same number of elements as the second.
    @inlinable
    public static func >= (lhs: Demand, rhs: Int) -> Bool {
      lhs.rawValue == .max || Int(lhs.rawValue) >= rhs
    }

    /// Returns a Boolean that indicates whether a given number of elements is greater than the demand.
    @inlinable
    public static func > (lhs: Int, rhs: Demand) -> Bool {
      rhs.rawValue != .max && lhs > Int(rhs.rawValue)
    }

    /// Returns a Boolean value that indicates whether a given number of elements is greater than or equal to the demand.
    @inlinable
    public static func >= (lhs: Int, rhs: Demand) -> Bool {
      rhs.rawValue != .max && lhs >= Int(rhs.rawValue)
    }

    /// Returns a Boolean that indicates whether the demand requests fewer than the given number of elements.
    @inlinable
    public static func < (lhs: Demand, rhs: Int) -> Bool {
      rhs > lhs
    }

    /// Returns a Boolean value that indicates whether a given number of elements is less than the demand.
    @inlinable
    public static func < (lhs: Int, rhs: Demand) -> Bool {
      rhs > lhs
    }

    /// Returns a Boolean value that indicates whether the demand requests fewer or the same number of elements.
    @inlinable
    public static func <= (lhs: Demand, rhs: Int) -> Bool {
      rhs >= lhs
    }

    /// Returns a Boolean value that indicates whether a given number of elements is less than or equal to the demand.
    @inlinable
    public static func <= (lhs: Int, rhs: Demand) -> Bool {
      rhs >= lhs
    }

    /// Returns a Boolean value that indicates whether a demand requests the given number of elements.
    /// `.unlimited` equals no integer.
    @inlinable
    public static func == (lhs: Demand, rhs: Int) -> Bool {
      lhs.rawValue != .max && Int(lhs.rawValue) == rhs
    }

    /// Returns a Boolean value that indicates whether a demand is not equal to an integer.
    @inlinable
    public static func != (lhs: Demand, rhs: Int) -> Bool {
      !(lhs == rhs)
    }

    /// Returns a Boolean value that indicates whether a given number of elements is equal to the demand.
    @inlinable
    public static func == (lhs: Int, rhs: Demand) -> Bool {
      rhs == lhs
    }

    /// Returns a Boolean value that indicates whether an integer is not equal to the demand.
    @inlinable
    public static func != (lhs: Int, rhs: Demand) -> Bool {
      !(rhs == lhs)
    }

    // MARK: Comparison of demands (`.unlimited` is the greatest)

    /// Returns a Boolean value that indicates whether the first demand requests fewer elements than the second.
    @inlinable
    public static func < (lhs: Demand, rhs: Demand) -> Bool {
      lhs.rawValue < rhs.rawValue
    }

    /// Returns a Boolean value that indicates whether the first demand requests fewer or the same number of elements as the second.
    @inlinable
    public static func <= (lhs: Demand, rhs: Demand) -> Bool {
      lhs.rawValue <= rhs.rawValue
    }

    /// Returns a Boolean that indicates whether the first demand requests more or the same number of elements as the second.
    @inlinable
    public static func >= (lhs: Demand, rhs: Demand) -> Bool {
      lhs.rawValue >= rhs.rawValue
    }

    /// Returns a Boolean that indicates whether the first demand requests more elements than the second.
    @inlinable
    public static func > (lhs: Demand, rhs: Demand) -> Bool {
      lhs.rawValue > rhs.rawValue
    }

    // MARK: Codable (a single unsigned integer, `UInt.max` for unlimited)

    public init(from decoder: any Decoder) throws {
      let container = try decoder.singleValueContainer()
      let raw = try container.decode(UInt.self)
      guard raw == .max || raw <= UInt(Int.max) else {
        throw DecodingError.dataCorruptedError(
          in: container,
          debugDescription: "Demand \(raw) is neither a count up to Int.max nor unlimited (UInt.max)"
        )
      }
      rawValue = raw
    }

    public func encode(to encoder: any Encoder) throws {
      var container = encoder.singleValueContainer()
      try container.encode(rawValue)
    }
  }
}
