extension Subscribers {
  /// How many more values a subscriber is willing to receive: the argument of
  /// ``Subscription/request(_:)`` and the return value of
  /// ``Subscriber/receive(_:)``.
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

    /// No limit: the publisher may send values for as long as it has them.
    @inlinable
    public static var unlimited: Demand { Demand(rawValue: .max) }

    /// A count of zero, the same as `Demand.max(0)`: "nothing more for now".
    @inlinable
    public static var none: Demand { Demand(rawValue: 0) }

    /// A count: permission to send up to `value` more values (fewer is fine).
    ///
    /// - Parameter value: The count, zero or more. Traps if it is negative.
    @_alwaysEmitIntoClient
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

    /// The sum of two demands; `.unlimited` if either one is, or if the
    /// count overflows.
    @_alwaysEmitIntoClient
    public static func + (lhs: Demand, rhs: Demand) -> Demand {
      adding(lhs.rawValue, rhs.rawValue)
    }

    /// Adds `rhs` to `lhs` in place, with the rules of `+`.
    @_alwaysEmitIntoClient
    public static func += (lhs: inout Demand, rhs: Demand) {
      lhs = lhs + rhs
    }

    /// The demand raised by `rhs`; a negative `rhs` lowers it, never
    /// below `.none`.
    @_alwaysEmitIntoClient
    public static func + (lhs: Demand, rhs: Int) -> Demand {
      rhs >= 0 ? adding(lhs.rawValue, UInt(rhs)) : subtracting(lhs.rawValue, rhs.magnitude)
    }

    /// Adds `rhs` to `lhs` in place, with the rules of `+`.
    @_alwaysEmitIntoClient
    public static func += (lhs: inout Demand, rhs: Int) {
      lhs = lhs + rhs
    }

    /// The demand left after taking `rhs` away from `lhs`.
    ///
    /// Subtracting anything from `.unlimited` gives `.unlimited`; subtracting
    /// `.unlimited` from a count gives `.none`; a count never goes below `.none`.
    @_alwaysEmitIntoClient
    public static func - (lhs: Demand, rhs: Demand) -> Demand {
      if lhs.rawValue == .max { return .unlimited }
      if rhs.rawValue == .max { return .none }
      return subtracting(lhs.rawValue, rhs.rawValue)
    }

    /// Takes `rhs` away from `lhs` in place, with the rules of `-`.
    @_alwaysEmitIntoClient
    public static func -= (lhs: inout Demand, rhs: Demand) {
      lhs = lhs - rhs
    }

    /// The demand lowered by `rhs`, never below `.none`; a negative `rhs`
    /// raises it.
    @_alwaysEmitIntoClient
    public static func - (lhs: Demand, rhs: Int) -> Demand {
      rhs >= 0 ? subtracting(lhs.rawValue, UInt(rhs)) : adding(lhs.rawValue, rhs.magnitude)
    }

    /// Takes `rhs` away from `lhs` in place, with the rules of `-`.
    @_alwaysEmitIntoClient
    public static func -= (lhs: inout Demand, rhs: Int) {
      lhs = lhs - rhs
    }

    /// The demand scaled by `rhs`.
    ///
    /// `.unlimited` times anything is `.unlimited`; an overflowing product is
    /// `.unlimited`. Traps if `rhs` is negative.
    @_alwaysEmitIntoClient
    public static func * (lhs: Demand, rhs: Int) -> Demand {
      precondition(rhs >= 0, "API violation: demand must not be multiplied by a negative number, got \(rhs)")
      if lhs.rawValue == .max { return .unlimited }
      let (product, overflow) = Int(lhs.rawValue).multipliedReportingOverflow(by: rhs)
      return overflow ? .unlimited : Demand(rawValue: UInt(product))
    }

    /// Scales `lhs` by `rhs` in place, with the rules of `*`.
    @_alwaysEmitIntoClient
    public static func *= (lhs: inout Demand, rhs: Int) {
      lhs = lhs * rhs
    }

    // MARK: Comparison with Int (an integer is always less than `.unlimited`)

    /// `true` if the demand allows more than `rhs` values; `.unlimited` always does.
    @_alwaysEmitIntoClient
    public static func > (lhs: Demand, rhs: Int) -> Bool {
      lhs.rawValue == .max || Int(lhs.rawValue) > rhs
    }

    /// `true` if the demand allows at least `rhs` values; `.unlimited` always does.
    @_alwaysEmitIntoClient
    public static func >= (lhs: Demand, rhs: Int) -> Bool {
      lhs.rawValue == .max || Int(lhs.rawValue) >= rhs
    }

    /// `true` if `lhs` exceeds the demand's count; never for `.unlimited`.
    @_alwaysEmitIntoClient
    public static func > (lhs: Int, rhs: Demand) -> Bool {
      rhs.rawValue != .max && lhs > Int(rhs.rawValue)
    }

    /// `true` if `lhs` is at least the demand's count; never for `.unlimited`.
    @_alwaysEmitIntoClient
    public static func >= (lhs: Int, rhs: Demand) -> Bool {
      rhs.rawValue != .max && lhs >= Int(rhs.rawValue)
    }

    /// `true` if the demand's count is below `rhs`; never for `.unlimited`.
    @_alwaysEmitIntoClient
    public static func < (lhs: Demand, rhs: Int) -> Bool {
      rhs > lhs
    }

    /// `true` if `lhs` is below the demand's count; always for `.unlimited`.
    @_alwaysEmitIntoClient
    public static func < (lhs: Int, rhs: Demand) -> Bool {
      rhs > lhs
    }

    /// `true` if the demand's count is at most `rhs`; never for `.unlimited`.
    @_alwaysEmitIntoClient
    public static func <= (lhs: Demand, rhs: Int) -> Bool {
      rhs >= lhs
    }

    /// `true` if `lhs` is at most the demand's count; always for `.unlimited`.
    @_alwaysEmitIntoClient
    public static func <= (lhs: Int, rhs: Demand) -> Bool {
      rhs >= lhs
    }

    /// `true` if the demand is the count `rhs`.
    /// `.unlimited` equals no integer.
    @_alwaysEmitIntoClient
    public static func == (lhs: Demand, rhs: Int) -> Bool {
      lhs.rawValue != .max && Int(lhs.rawValue) == rhs
    }

    /// `true` unless the demand is the count `rhs`.
    @_alwaysEmitIntoClient
    public static func != (lhs: Demand, rhs: Int) -> Bool {
      !(lhs == rhs)
    }

    /// `true` if the demand is the count `lhs`; never for `.unlimited`.
    @_alwaysEmitIntoClient
    public static func == (lhs: Int, rhs: Demand) -> Bool {
      rhs == lhs
    }

    /// `true` unless the demand is the count `lhs`.
    @_alwaysEmitIntoClient
    public static func != (lhs: Int, rhs: Demand) -> Bool {
      !(rhs == lhs)
    }

    // MARK: Comparison of demands (`.unlimited` is the greatest)

    /// `true` if `lhs` allows fewer values than `rhs`; `.unlimited` is above every count.
    @inlinable
    public static func < (lhs: Demand, rhs: Demand) -> Bool {
      lhs.rawValue < rhs.rawValue
    }

    /// `true` if `lhs` allows no more values than `rhs`; `.unlimited` is above every count.
    @inlinable
    public static func <= (lhs: Demand, rhs: Demand) -> Bool {
      lhs.rawValue <= rhs.rawValue
    }

    /// `true` if `lhs` allows at least as many values as `rhs`; `.unlimited` is above every count.
    @inlinable
    public static func >= (lhs: Demand, rhs: Demand) -> Bool {
      lhs.rawValue >= rhs.rawValue
    }

    /// `true` if `lhs` allows more values than `rhs`; `.unlimited` is above every count.
    @inlinable
    public static func > (lhs: Demand, rhs: Demand) -> Bool {
      lhs.rawValue > rhs.rawValue
    }

    // MARK: Codable
    //
    // A single unsigned integer, as Combine writes it: the count, or
    // 2^63 (Int.max + 1) for `.unlimited`, so that data written by one is read
    // by the other. As in Combine, every number above `Int.max` reads as
    // `.unlimited` (`UInt.max`, which earlier ReactiveCore releases wrote for
    // it, included); a negative number is an error.

    /// The number Combine encodes for `.unlimited`: one past `Int.max`.
    @usableFromInline
    internal static let encodedUnlimited = UInt(Int.max) + 1

    public init(from decoder: any Decoder) throws {
      let raw = try decoder.singleValueContainer().decode(UInt.self)
      rawValue = raw <= UInt(Int.max) ? raw : .max
    }

    public func encode(to encoder: any Encoder) throws {
      var container = encoder.singleValueContainer()
      try container.encode(rawValue == .max ? Demand.encodedUnlimited : rawValue)
    }
  }
}
