import Foundation
import ReactiveCore
import Testing

@Suite struct DemandTests {
  typealias Demand = Subscribers.Demand

  @Test func countsAndUnlimitedDescribeThemselvesAsInCombine() {
    #expect(Demand.none.description == "max(0)")
    #expect(Demand.max(3).description == "max(3)")
    #expect(Demand.unlimited.description == "unlimited")
    #expect(Demand.none == .max(0))
    #expect(Demand.max(7).max == 7)
    #expect(Demand.unlimited.max == nil)
  }

  @Test func additionSaturatesToUnlimited() {
    #expect(Demand.max(2) + .max(3) == .max(5))
    #expect(Demand.max(2) + .unlimited == .unlimited)
    #expect(Demand.unlimited + .max(2) == .unlimited)
    #expect(Demand.max(Int.max) + .max(1) == .unlimited)
    #expect(Demand.max(Int.max) + 1 == .unlimited)
    #expect(Demand.max(2) + 3 == .max(5))
    #expect(Demand.unlimited + 1 == .unlimited)
    var demand = Demand.max(1)
    demand += .max(1)
    demand += 1
    #expect(demand == .max(3))
  }

  @Test func addingANegativeIntegerSubtractsAndStopsAtNone() {
    #expect(Demand.max(5) + (-2) == .max(3))
    #expect(Demand.max(2) + (-5) == .none)
    #expect(Demand.unlimited + (-5) == .unlimited)
    #expect(Demand.max(2) + Int.min == .none)
  }

  @Test func subtractionStopsAtNoneAndUnlimitedAbsorbs() {
    #expect(Demand.max(5) - .max(2) == .max(3))
    #expect(Demand.max(2) - .max(5) == .none)
    #expect(Demand.unlimited - .max(5) == .unlimited)
    #expect(Demand.unlimited - .unlimited == .unlimited)
    #expect(Demand.max(5) - .unlimited == .none)
    #expect(Demand.max(5) - 2 == .max(3))
    #expect(Demand.max(2) - 5 == .none)
    #expect(Demand.max(2) - (-3) == .max(5))
    #expect(Demand.max(Int.max) - (-1) == .unlimited)
    #expect(Demand.unlimited - 1 == .unlimited)
    var demand = Demand.max(3)
    demand -= .max(1)
    demand -= 1
    #expect(demand == .max(1))
    demand -= 5
    #expect(demand == .none)
  }

  @Test func multiplicationSaturatesToUnlimited() {
    #expect(Demand.max(3) * 4 == .max(12))
    #expect(Demand.max(3) * 0 == .none)
    #expect(Demand.unlimited * 2 == .unlimited)
    #expect(Demand.max(Int.max / 2 + 1) * 2 == .unlimited)
    var demand = Demand.max(2)
    demand *= 3
    #expect(demand == .max(6))
  }

  @Test func unlimitedIsGreaterThanEveryCountAndEqualToNoInteger() {
    #expect(Demand.unlimited > .max(Int.max))
    #expect(Demand.max(1) < .unlimited)
    #expect(Demand.unlimited >= .unlimited)
    #expect(Demand.unlimited <= .unlimited)
    #expect(!(Demand.unlimited < .unlimited))
    #expect(Demand.max(2) < .max(3))
    #expect(Demand.max(3) <= .max(3))
    #expect(Demand.max(3) >= .max(2))

    #expect(Demand.unlimited > Int.max)
    #expect(Demand.unlimited >= Int.max)
    #expect(!(Demand.unlimited < 0))
    #expect(!(Demand.unlimited <= Int.max))
    #expect(Int.max < Demand.unlimited)
    #expect(Int.max <= Demand.unlimited)
    #expect(!(Int.max > Demand.unlimited))
    #expect(!(Int.max >= Demand.unlimited))
    #expect(Demand.unlimited != Int.max)
    #expect(Int.max != Demand.unlimited)
    #expect(!(Demand.unlimited == Int.max))
  }

  @Test func countsCompareWithIntegers() {
    #expect(Demand.max(2) == 2)
    #expect(2 == Demand.max(2))
    #expect(Demand.max(2) != 3)
    #expect(3 != Demand.max(2))
    #expect(Demand.max(2) > 1)
    #expect(Demand.max(2) >= 2)
    #expect(Demand.max(2) < 3)
    #expect(Demand.max(2) <= 2)
    #expect(1 < Demand.max(2))
    #expect(2 <= Demand.max(2))
    #expect(3 > Demand.max(2))
    #expect(2 >= Demand.max(2))
    #expect(Demand.none > -1)
  }

  @Test func encodesAsOneIntegerAndDecodesBack() throws {
    let demands: [Demand] = [.none, .max(42), .unlimited]
    let data = try JSONEncoder().encode(demands)
    #expect(try JSONDecoder().decode([Demand].self, from: data) == demands)
  }

  @Test func encodesAsCombineDoesWithUnlimitedAsOnePastIntMax() throws {
    let data = try JSONEncoder().encode([Demand.none, .max(42), .max(Int.max), .unlimited])
    #expect(String(decoding: data, as: UTF8.self) == "[0,42,9223372036854775807,9223372036854775808]")
  }

  @Test func decodesWhatCombineWrites() throws {
    let data = Data("[0,7,9223372036854775807,9223372036854775808]".utf8)
    #expect(try JSONDecoder().decode([Demand].self, from: data) == [.none, .max(7), .max(Int.max), .unlimited])
  }

  @Test func decodesUIntMaxAsUnlimitedForDataWrittenByEarlierReleases() throws {
    let data = Data("[\(UInt.max)]".utf8)
    #expect(try JSONDecoder().decode([Demand].self, from: data) == [.unlimited])
  }

  @Test func decodesEveryNumberAboveIntMaxAsUnlimitedAsCombineDoes() throws {
    let data = Data("[\(UInt(Int.max) + 2),\(UInt.max - 1)]".utf8)
    let decoded = try JSONDecoder().decode([Demand].self, from: data)
    #expect(decoded == [.unlimited, .unlimited])
    #expect(decoded.map(\.description) == ["unlimited", "unlimited"])
  }

  @Test func decodingANegativeNumberFails() throws {
    let data = Data("[-1]".utf8)
    #expect(throws: DecodingError.self) {
      try JSONDecoder().decode([Demand].self, from: data)
    }
  }

  @Test func isHashable() {
    #expect(Set([Demand.max(1), .max(1), .unlimited, .none]).count == 3)
  }

  @Test func aNegativeCountTrapsWithAClearMessage() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      _ = Subscribers.Demand.max(-1)
    }
    #expect(result.standardErrorText.contains("API violation: demand must not be negative, got max(-1)"))
  }

  @Test func multiplyingByANegativeNumberTraps() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      _ = Subscribers.Demand.max(1) * -2
    }
    #expect(
      result.standardErrorText.contains("API violation: demand must not be multiplied by a negative number, got -2")
    )
  }
}
