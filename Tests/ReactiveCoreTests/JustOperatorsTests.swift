import ReactiveCore
import Testing
import TraitsTesting

/// Combine's specialised operators on `Just`: each returns Combine's result
/// type (assigned to a variable of that exact type, so a wrong overload does
/// not compile), computes its answer when it is called, and publishes what
/// the general operator would.
@Suite struct JustOperatorsTests {
  @Test func mapIsAJustOfTheTransformedValue() {
    var calls = 0
    let mapped: Just<String> = Just(1).map {
      calls += 1
      return String($0)
    }
    #expect(calls == 1)
    #expect(mapped.output == "1")
    #expect(mapped.record().events == [.subscription, .value("1"), .finished])
    #expect(calls == 1)
  }

  @Test func mapWithAKeyPathStillUsesTheKeyPathOperator() {
    let mapped: Publishers.MapKeyPath<Just<String>, Int> = Just("abc").map(\.count)
    #expect(mapped.record().events == [.subscription, .value(3), .finished])
  }

  @Test func tryMapIsAResultPublisherOfTheValueOrTheError() throws {
    let mapped: Result<String, any Error>.Publisher = Just(1).tryMap { String($0) }
    #expect(try mapped.result.get() == "1")

    let failed: Result<String, any Error>.Publisher = Just(1).tryMap { _ in throw TestError(code: 7) }
    #expect(failed.result.failureCode == 7)
    #expect(failed.record().events.map(\.description) == ["subscription", "failure(TestError(code: 7))"])
  }

  @Test func mapErrorAndSetFailureTypeAreResultPublishers() {
    let mapped: Result<Int, TestError>.Publisher = Just(1).mapError(absurd)
    let typed: Result<Int, TestError>.Publisher = Just(1).setFailureType(to: TestError.self)
    #expect(mapped.result == .success(1))
    #expect(typed.record().events == [.subscription, .value(1), .finished])
  }

  @Test func filteringOperatorsAreOptionalPublishers() {
    let kept: Optional<Int>.Publisher = Just(2).filter { $0 > 1 }
    let dropped: Optional<Int>.Publisher = Just(2).filter { $0 > 2 }
    let compact: Optional<Int>.Publisher = Just("12").compactMap { Int($0) }
    let noCompact: Optional<Int>.Publisher = Just("x").compactMap { Int($0) }
    #expect(kept.output == 2)
    #expect(dropped.output == nil)
    #expect(compact.output == 12)
    #expect(noCompact.output == nil)
    #expect(dropped.record().events == [.subscription, .finished])
  }

  @Test func selectingOperatorsAreOptionalPublishers() {
    let firstWhere: Optional<Int>.Publisher = Just(3).first { $0 == 3 }
    let lastWhere: Optional<Int>.Publisher = Just(3).last { $0 == 4 }
    let dropWhile: Optional<Int>.Publisher = Just(3).drop { $0 < 5 }
    let prefixWhile: Optional<Int>.Publisher = Just(3).prefix { $0 < 5 }
    #expect(firstWhere.output == 3)
    #expect(lastWhere.output == nil)
    #expect(dropWhile.output == nil)
    #expect(prefixWhile.output == 3)
    #expect(Just(3).drop { $0 > 5 }.output == 3)
  }

  @Test func countingOperatorsKeepOrDropTheValue() {
    let dropped: Optional<Int>.Publisher = Just(1).dropFirst()
    let prefixed: Optional<Int>.Publisher = Just(1).prefix(1)
    let atZero: Optional<Int>.Publisher = Just(1).output(at: 0)
    let inRange: Optional<Int>.Publisher = Just(1).output(in: 0..<3)
    #expect(dropped.output == nil)
    #expect(Just(1).dropFirst(0).output == 1)
    #expect(Just(1).dropFirst(2).output == nil)
    #expect(prefixed.output == 1)
    #expect(Just(1).prefix(0).output == nil)
    #expect(atZero.output == 1)
    #expect(Just(1).output(at: 1).output == nil)
    #expect(inRange.output == 1)
    #expect(Just(1).output(in: 1...3).output == nil)
    #expect(Just(1).output(in: ...0).output == 1)
    #expect(Just(1).output(in: (-1)...3).output == nil)
  }

  @Test func anEmptyRangeFromZeroStillSelectsTheValueAsInCombine() {
    #expect(Just(1).output(in: 0..<0).output == 1)
  }

  @Test func operatorsWithNothingToDoReturnTheJustItself() {
    let just = Just(5)
    let results: [Just<Int>] = [
      just.min(), just.max(), just.min(by: >), just.max(by: >), just.first(), just.last(),
      just.removeDuplicates(), just.removeDuplicates(by: ==), just.replaceError(with: 0),
      just.replaceEmpty(with: 0), just.retry(3),
    ]
    #expect(results.allSatisfy { $0 == just })
  }

  @Test func closuresThatHaveNothingToCompareAreNotCalled() {
    var calls = 0
    _ = Just(5).min { _, _ in
      calls += 1
      return true
    }
    _ = Just(5).max { _, _ in
      calls += 1
      return true
    }
    _ = Just(5).removeDuplicates { _, _ in
      calls += 1
      return true
    }
    #expect(calls == 0)
  }

  @Test func reducingOperatorsAnswerForTheOneValue() {
    let contains: Just<Bool> = Just(2).contains(2)
    let containsWhere: Just<Bool> = Just(2).contains { $0 > 5 }
    let all: Just<Bool> = Just(2).allSatisfy { $0 > 1 }
    let collected: Just<[Int]> = Just(2).collect()
    let count: Just<Int> = Just("a").count()
    let reduced: Result<Int, Never>.Publisher = Just(2).reduce(10, +)
    let scanned: Result<Int, Never>.Publisher = Just(2).scan(10, +)
    #expect(contains.output)
    #expect(!containsWhere.output)
    #expect(all.output)
    #expect(collected.output == [2])
    #expect(count.output == 1)
    #expect(reduced.result == .success(12))
    #expect(scanned.record().events == [.subscription, .value(12), .finished])
  }

  @Test func tryReducingOperatorsTurnAThrownErrorIntoTheFailure() throws {
    let boom: (Int) throws -> Bool = { _ in throw TestError(code: 1) }
    let tryAll: Result<Bool, any Error>.Publisher = Just(2).tryAllSatisfy(boom)
    let tryContains: Result<Bool, any Error>.Publisher = Just(2).tryContains(where: boom)
    let tryReduce: Result<Int, any Error>.Publisher = Just(2).tryReduce(0) { _, _ in throw TestError(code: 2) }
    let tryScan: Result<Int, any Error>.Publisher = Just(2).tryScan(0) { _, _ in throw TestError(code: 3) }
    let tryDedupe: Result<Int, any Error>.Publisher = Just(2).tryRemoveDuplicates { _, _ in
      throw TestError(code: 4)
    }
    #expect(tryAll.result.failureCode == 1)
    #expect(tryContains.result.failureCode == 1)
    #expect(tryReduce.result.failureCode == 2)
    #expect(tryScan.result.failureCode == 3)
    #expect(tryDedupe.result.failureCode == 4)
    #expect(try Just(2).tryAllSatisfy { $0 == 2 }.result.get())
    #expect(try Just(2).tryReduce(1, +).result.get() == 3)
    #expect(try Just(2).tryRemoveDuplicates(by: ==).result.get() == 2)
  }

  @Test func tryRemoveDuplicatesAsksThePredicateOnce() {
    var calls = 0
    _ = Just(2).tryRemoveDuplicates { _, _ in
      calls += 1
      return true
    }
    #expect(calls == 1)
  }

  @Test func ignoreOutputIsAnEmptyThatKeepsTheOutputType() {
    let ignored: Empty<Int, Never> = Just(1).ignoreOutput()
    #expect(ignored.completeImmediately)
    #expect(ignored.record().events == [.subscription, .finished])
  }

  @Test func appendAndPrependBuildOneSequence() {
    let appended: Publishers.Sequence<[Int], Never> = Just(1).append(2, 3)
    let appendedSequence: Publishers.Sequence<[Int], Never> = Just(1).append(2...3)
    let prepended: Publishers.Sequence<[Int], Never> = Just(3).prepend(1, 2)
    let prependedSequence: Publishers.Sequence<[Int], Never> = Just(3).prepend(1...2)
    #expect(appended.sequence == [1, 2, 3])
    #expect(appendedSequence.sequence == [1, 2, 3])
    #expect(prepended.sequence == [1, 2, 3])
    #expect(prependedSequence.record().events == [.subscription, .value(1), .value(2), .value(3), .finished])
  }

  @Test func prependReadsTheSequenceAsCombineDoes() {
    let prefix = LoggingCollection([1, 2])
    let prepended = Just(3).prepend(prefix)
    #expect(prepended.sequence == [1, 2, 3])
    #expect(prefix.log.all == ["underestimatedCount", "underestimatedCount", "makeIterator"])
  }

  @Test func appendReadsTheSequenceAsCombineDoes() {
    let suffix = LoggingCollection([2, 3])
    let appended = Just(1).append(suffix)
    #expect(appended.sequence == [1, 2, 3])
    #expect(suffix.log.all == ["underestimatedCount", "makeIterator"])
  }

  @Test func theResultStillWaitsForDemand() {
    expectPublishesOnDemand(Just(1).map { $0 + 1 }, 2)
  }

  @Test func aNegativeDropFirstCountTraps() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      _ = Just(1).dropFirst(-1)
    }
    #expect(result.standardErrorText.contains("API violation: dropFirst count must not be negative"))
  }

  @Test func aNegativePrefixLengthTraps() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      _ = Just(1).prefix(-1)
    }
    #expect(result.standardErrorText.contains("API violation: prefix maxLength must not be negative"))
  }

  @Test func aNegativeOutputIndexTraps() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      _ = Just(1).output(at: -1)
    }
    #expect(result.standardErrorText.contains("API violation: output index must not be negative"))
  }
}

/// A transform of a failure that cannot happen.
private func absurd(_ never: Never) -> TestError {}

extension Result where Failure == any Error {
  /// The `code` of the `TestError` this result failed with, or `nil`.
  var failureCode: Int? {
    guard case let .failure(error) = self else { return nil }
    return (error as? TestError)?.code
  }
}
