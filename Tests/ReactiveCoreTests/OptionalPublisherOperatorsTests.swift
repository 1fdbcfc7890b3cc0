import ReactiveCore
import Testing
import TraitsTesting

/// Combine's specialised operators on `Optional.Publisher`: each returns
/// Combine's result type (assigned to a variable of that exact type), is
/// computed when it is called, and gives `nil` for `nil` except `collect()`
/// and `replaceEmpty(with:)`.
@Suite struct OptionalPublisherOperatorsTests {
  private let some = Optional(4).publisher
  private let none = Optional<Int>.none.publisher

  @Test func mapTransformsTheValueAndKeepsNil() {
    var calls = 0
    let mapped: Optional<String>.Publisher = some.map {
      calls += 1
      return String($0)
    }
    let mappedNil: Optional<String>.Publisher = none.map {
      calls += 1
      return String($0)
    }
    #expect(mapped.output == "4")
    #expect(mappedNil.output == nil)
    #expect(calls == 1)
    #expect(mapped.record().events == [.subscription, .value("4"), .finished])
    #expect(mappedNil.record().events == [.subscription, .finished])
  }

  @Test func filteringOperatorsKeepOrDropTheValue() {
    let kept: Optional<Int>.Publisher = some.filter { $0 == 4 }
    let compact: Optional<Int>.Publisher = some.compactMap { $0 > 5 ? $0 : nil }
    let firstWhere: Optional<Int>.Publisher = some.first { $0 == 4 }
    let lastWhere: Optional<Int>.Publisher = some.last { $0 == 5 }
    let dropWhile: Optional<Int>.Publisher = some.drop { $0 == 4 }
    let prefixWhile: Optional<Int>.Publisher = some.prefix { $0 == 4 }
    #expect(kept.output == 4)
    #expect(compact.output == nil)
    #expect(firstWhere.output == 4)
    #expect(lastWhere.output == nil)
    #expect(dropWhile.output == nil)
    #expect(prefixWhile.output == 4)
    #expect(none.filter { _ in true }.output == nil)
  }

  @Test func countingOperatorsKeepOrDropTheValue() {
    let dropped: Optional<Int>.Publisher = some.dropFirst()
    let prefixed: Optional<Int>.Publisher = some.prefix(2)
    let atZero: Optional<Int>.Publisher = some.output(at: 0)
    let inRange: Optional<Int>.Publisher = some.output(in: 0...1)
    #expect(dropped.output == nil)
    #expect(some.dropFirst(0).output == 4)
    #expect(prefixed.output == 4)
    #expect(some.prefix(0).output == nil)
    #expect(atZero.output == 4)
    #expect(some.output(at: 3).output == nil)
    #expect(inRange.output == 4)
    #expect(some.output(in: 0..<0).output == nil)
    #expect(some.output(in: 1...2).output == nil)
    #expect(none.output(at: 0).output == nil)
  }

  @Test func reducingOperatorsAnswerForTheValueAndGiveNothingForNil() {
    let contains: Optional<Bool>.Publisher = some.contains(4)
    let containsWhere: Optional<Bool>.Publisher = some.contains { $0 > 9 }
    let all: Optional<Bool>.Publisher = some.allSatisfy { $0 > 0 }
    let count: Optional<Int>.Publisher = some.count()
    let reduced: Optional<Int>.Publisher = some.reduce(1, +)
    let scanned: Optional<Int>.Publisher = some.scan(1, +)
    #expect(contains.output == true)
    #expect(containsWhere.output == false)
    #expect(all.output == true)
    #expect(count.output == 1)
    #expect(reduced.output == 5)
    #expect(scanned.output == 5)
    #expect(none.contains(4).output == nil)
    #expect(none.allSatisfy { _ in false }.output == nil)
    #expect(none.count().output == nil)
    #expect(none.reduce(1, +).output == nil)
    #expect(none.count().record().events == [.subscription, .finished])
  }

  @Test func collectAlwaysHasAnArray() {
    let collected: Optional<[Int]>.Publisher = some.collect()
    #expect(collected.output == [4])
    #expect(none.collect().record().events == [.subscription, .value([]), .finished])
  }

  @Test func replaceEmptyIsAJust() {
    let replaced: Just<Int> = none.replaceEmpty(with: 9)
    #expect(replaced.output == 9)
    #expect(some.replaceEmpty(with: 9).output == 4)
  }

  @Test func operatorsWithNothingToDoReturnThePublisherItself() {
    let results: [Optional<Int>.Publisher] = [
      some.min(), some.max(), some.min(by: >), some.max(by: >), some.first(), some.last(),
      some.removeDuplicates(), some.removeDuplicates(by: ==), some.replaceError(with: 0), some.retry(2),
    ]
    #expect(results.allSatisfy { $0 == some })
    #expect(none.min() == none)
  }

  @Test func closuresAreNotCalledForNil() {
    var calls = 0
    _ = none.map {
      calls += 1
      return $0
    }
    _ = none.filter { _ in
      calls += 1
      return true
    }
    _ = none.reduce(0) { _, _ in
      calls += 1
      return 0
    }
    _ = none.allSatisfy { _ in
      calls += 1
      return true
    }
    #expect(calls == 0)
  }

  @Test func ignoreOutputIsAnEmpty() {
    let ignored: Empty<Int, Never> = some.ignoreOutput()
    #expect(ignored.record().events == [.subscription, .finished])
  }

  @Test func theResultStillWaitsForDemand() {
    let recorder = some.map { $0 * 2 }.record(demand: .none)
    #expect(recorder.events == [.subscription])
    recorder.request(.max(1))
    #expect(recorder.events == [.subscription, .value(8), .finished])
  }

  @Test func aNegativeDropFirstCountTraps() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      _ = Optional(1).publisher.dropFirst(-1)
    }
    #expect(result.standardErrorText.contains("API violation: dropFirst count must not be negative"))
  }

  @Test func aNegativePrefixLengthTraps() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      _ = Optional(1).publisher.prefix(-1)
    }
    #expect(result.standardErrorText.contains("API violation: prefix maxLength must not be negative"))
  }

  @Test func aNegativeOutputIndexTraps() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      _ = Optional(1).publisher.output(at: -1)
    }
    #expect(result.standardErrorText.contains("API violation: output index must not be negative"))
  }

  @Test func aNegativeOutputRangeTraps() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      _ = Optional(1).publisher.output(in: -1...2)
    }
    #expect(result.standardErrorText.contains("API violation: the lower bound of an output range must not be negative"))
  }

  @Test func anOutputRangeEndingAtIntMaxMinusOneOrLaterTrapsAsInCombine() async {
    #expect(Optional(1).publisher.output(in: 0..<(Int.max - 2)).output == 1)
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      _ = Optional(1).publisher.output(in: 0..<(Int.max - 1))
    }
    #expect(
      result.standardErrorText.contains("API violation: the upper bound of an output range must be below Int.max - 1")
    )
  }
}
