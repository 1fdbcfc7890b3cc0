import ReactiveCore
import Testing
import TraitsTesting

/// Combine's specialised operators on `Publishers.Sequence`: each returns
/// Combine's result type (assigned to a variable of that exact type), works
/// on the whole sequence when it is called, and publishes what the general
/// operator would.
@Suite struct SequenceOperatorsTests {
  private let numbers = [3, 1, 1, 2].publisher

  @Test func mapTransformsEveryElementAtOnce() {
    var calls = 0
    let mapped: Publishers.Sequence<[String], Never> = numbers.map {
      calls += 1
      return String($0)
    }
    #expect(calls == 4)
    #expect(mapped.sequence == ["3", "1", "1", "2"])
    #expect(mapped.record().values == ["3", "1", "1", "2"])
    #expect(calls == 4)
  }

  @Test func filteringOperatorsAreSequencePublishers() {
    let filtered: Publishers.Sequence<[Int], Never> = numbers.filter { $0 > 1 }
    let compact: Publishers.Sequence<[Int], Never> = ["1", "x", "2"].publisher.compactMap { Int($0) }
    let deduped: Publishers.Sequence<[Int], Never> = numbers.removeDuplicates()
    let replaced: Publishers.Sequence<[Int?], Never> = [1, nil, 3].publisher.replaceNil(with: 0)
    let scanned: Publishers.Sequence<[Int], Never> = numbers.scan(0, +)
    let prefixWhile: Publishers.Sequence<[Int], Never> = numbers.prefix { $0 > 2 }
    #expect(filtered.sequence == [3, 2])
    #expect(compact.sequence == [1, 2])
    #expect(deduped.sequence == [3, 1, 2])
    #expect(replaced.sequence == [1, 0, 3])
    #expect(scanned.sequence == [3, 4, 5, 7])
    #expect(prefixWhile.sequence == [3])
  }

  @Test func droppingAndPrefixingKeepTheStandardLibraryWrappers() {
    let dropped: Publishers.Sequence<DropFirstSequence<[Int]>, Never> = numbers.dropFirst(2)
    let dropWhile: Publishers.Sequence<DropWhileSequence<[Int]>, Never> = numbers.drop { $0 > 2 }
    let prefixed: Publishers.Sequence<PrefixSequence<[Int]>, Never> = numbers.prefix(2)
    #expect(dropped.record().values == [1, 2])
    #expect(dropWhile.record().values == [1, 1, 2])
    #expect(prefixed.record().values == [3, 1])
  }

  @Test func selectingOneElementIsAnOptionalPublisher() {
    let first: Optional<Int>.Publisher = numbers.first()
    let firstWhere: Optional<Int>.Publisher = numbers.first { $0 < 3 }
    let last: Optional<Int>.Publisher = numbers.last()
    let lastWhere: Optional<Int>.Publisher = numbers.last { $0 == 1 }
    let atIndex: Optional<Int>.Publisher = numbers.output(at: 3)
    let min: Optional<Int>.Publisher = numbers.min()
    let max: Optional<Int>.Publisher = numbers.max()
    let minBy: Optional<Int>.Publisher = numbers.min(by: >)
    let maxBy: Optional<Int>.Publisher = numbers.max(by: >)
    #expect(first.output == 3)
    #expect(firstWhere.output == 1)
    #expect(last.output == 2)
    #expect(lastWhere.output == 1)
    #expect(atIndex.output == 2)
    #expect(numbers.output(at: 4).output == nil)
    #expect(min.output == 1)
    #expect(max.output == 3)
    #expect(minBy.output == 3)
    #expect(maxBy.output == 1)
    #expect([Int]().publisher.first().record().events == [.subscription, .finished])
  }

  @Test func outputInARangeIsASequencePublisher() {
    let ranged: Publishers.Sequence<[Int], Never> = numbers.output(in: 1..<3)
    #expect(ranged.sequence == [1, 1])
  }

  @Test func reducingOperatorsAreResultPublishers() {
    let collected: Result<[Int], Never>.Publisher = numbers.collect()
    let reduced: Result<Int, Never>.Publisher = numbers.reduce(0, +)
    let contains: Result<Bool, Never>.Publisher = numbers.contains(2)
    let containsWhere: Result<Bool, Never>.Publisher = numbers.contains { $0 > 5 }
    let all: Result<Bool, Never>.Publisher = numbers.allSatisfy { $0 > 0 }
    #expect(collected.result == .success([3, 1, 1, 2]))
    #expect(reduced.result == .success(7))
    #expect(contains.result == .success(true))
    #expect(containsWhere.result == .success(false))
    #expect(all.result == .success(true))
    #expect([Int]().publisher.reduce(5, +).record().events == [.subscription, .value(5), .finished])
  }

  @Test func countIsAJustForAnArrayThatCannotFail() {
    let count: Just<Int> = numbers.count()
    let typed: Result<Int, TestError>.Publisher = numbers.setFailureType(to: TestError.self).count()
    let collectionCount: Result<Int, Never>.Publisher = Set([1, 2]).publisher.count()
    #expect(count.output == 4)
    #expect(typed.result == .success(4))
    #expect(collectionCount.result == .success(2))
  }

  @Test func tryOperatorsTurnAThrownErrorIntoTheFailure() throws {
    let boom: (Int) throws -> Bool = { _ in throw TestError(code: 1) }
    let tryAll: Result<Bool, any Error>.Publisher = numbers.tryAllSatisfy(boom)
    let tryContains: Result<Bool, any Error>.Publisher = numbers.tryContains(where: boom)
    let tryReduce: Result<Int, any Error>.Publisher = numbers.tryReduce(0) { _, _ in throw TestError(code: 2) }
    #expect(tryAll.result.failureCode == 1)
    #expect(tryContains.result.failureCode == 1)
    #expect(tryReduce.result.failureCode == 2)
    #expect(tryReduce.record().events.map(\.description) == ["subscription", "failure(TestError(code: 2))"])
    #expect(try numbers.tryReduce(0, +).result.get() == 7)
  }

  @Test func setFailureTypeKeepsTheSequence() {
    let typed: Publishers.Sequence<[Int], TestError> = numbers.setFailureType(to: TestError.self)
    #expect(typed.sequence == [3, 1, 1, 2])
  }

  @Test func operatorsThatNeedNeverFallBackToTheGeneralOnesOtherwise() {
    let typed = numbers.setFailureType(to: TestError.self)
    let first: Publishers.First<Publishers.Sequence<[Int], TestError>> = typed.first()
    let min: Publishers.Comparison<Publishers.Sequence<[Int], TestError>> = typed.min()
    #expect(first.record().events == [.subscription, .value(3), .finished])
    #expect(min.record().events == [.subscription, .value(1), .finished])
  }

  @Test func ignoreOutputIsAnEmptyThatDoesNotWalkTheSequence() {
    let ignored: Empty<Int, Never> = numbers.ignoreOutput()
    #expect(ignored.record().events == [.subscription, .finished])
  }

  @Test func appendAndPrependJoinTheCollections() {
    let appended: Publishers.Sequence<[Int], Never> = [1].publisher.append(2, 3)
    let appendedSequence: Publishers.Sequence<[Int], Never> = [1].publisher.append(2...3)
    let appendedPublisher: Publishers.Sequence<[Int], Never> = [1].publisher.append([2, 3].publisher)
    let prepended: Publishers.Sequence<[Int], Never> = [3].publisher.prepend(1, 2)
    let prependedSequence: Publishers.Sequence<[Int], Never> = [3].publisher.prepend(1...2)
    let prependedPublisher: Publishers.Sequence<[Int], Never> = [3].publisher.prepend([1, 2].publisher)
    for publisher in [appended, appendedSequence, appendedPublisher, prepended, prependedSequence, prependedPublisher] {
      #expect(publisher.sequence == [1, 2, 3])
    }
  }

  @Test func prependAndAppendReadAndBuildTheCollectionsAsCombineDoes() {
    // prepend(_:) of a sequence: a new collection, sized, then both appended.
    let base = LoggingCollection([3, 4])
    let prefix = LoggingCollection([1, 2])
    let prepended = Publishers.Sequence<LoggingCollection, Never>(sequence: base).prepend(prefix).sequence
    #expect(prepended.elements == [1, 2, 3, 4])
    #expect(prepended.log.all == ["init()", "reserveCapacity", "append(contentsOf:)", "append(contentsOf:)"])
    #expect(base.log.all == ["count", "underestimatedCount", "makeIterator"])
    #expect(prefix.log.all == ["underestimatedCount", "underestimatedCount", "makeIterator"])

    // prepend(_:) of a sequence publisher: this one appended to the other's.
    let otherBase = LoggingCollection([3, 4])
    let otherPrefix = LoggingCollection([1, 2])
    let prependedPublisher = Publishers.Sequence<LoggingCollection, Never>(sequence: otherBase)
      .prepend(Publishers.Sequence(sequence: otherPrefix)).sequence
    #expect(prependedPublisher.elements == [1, 2, 3, 4])
    #expect(otherPrefix.log.all == ["append(contentsOf:)"])
    #expect(otherBase.log.all == ["underestimatedCount", "makeIterator"])

    // append(_:): the other sequence appended to this one.
    let start = LoggingCollection([1, 2])
    let end = LoggingCollection([3, 4])
    let appended = Publishers.Sequence<LoggingCollection, Never>(sequence: start).append(end).sequence
    #expect(appended.elements == [1, 2, 3, 4])
    #expect(start.log.all == ["append(contentsOf:)"])
    #expect(end.log.all == ["underestimatedCount", "makeIterator"])
  }

  @Test func aSequenceThatIsNotRangeReplaceableAppendsWithConcatenate() {
    let appended:
      Publishers.Concatenate<Publishers.Sequence<ClosedRange<Int>, Never>, Publishers.Sequence<[Int], Never>> =
        (1...2).publisher.append(3)
    #expect(appended.record().values == [1, 2, 3])
  }

  @Test func theResultStillPublishesOnlyAsDemanded() {
    let recorder = numbers.map { $0 * 10 }.record(demand: .max(2))
    #expect(recorder.events == [.subscription, .value(30), .value(10)])
    recorder.request(.max(2))
    #expect(recorder.events == [.subscription, .value(30), .value(10), .value(10), .value(20), .finished])
  }
}
