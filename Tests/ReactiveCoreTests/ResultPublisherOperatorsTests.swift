import ReactiveCore
import Testing
import TraitsTesting

/// Combine's specialised operators on `Result.Publisher`: each returns
/// Combine's result type (assigned to a variable of that exact type), is
/// computed when it is called, and passes a failure on unchanged (as
/// `any Error` for the `try` operators), except `mapError`, `replaceError`
/// and `ignoreOutput`.
@Suite struct ResultPublisherOperatorsTests {
  private let success = Result<Int, TestError>.Publisher(4)
  private let failure = Result<Int, TestError>.Publisher(TestError(code: 9))

  @Test func mapTransformsTheValueAndPassesTheFailureOn() {
    var calls = 0
    let mapped: Result<String, TestError>.Publisher = success.map {
      calls += 1
      return String($0)
    }
    let mappedFailure: Result<String, TestError>.Publisher = failure.map {
      calls += 1
      return String($0)
    }
    #expect(mapped.result == .success("4"))
    #expect(mappedFailure.result == .failure(TestError(code: 9)))
    #expect(calls == 1)
    #expect(mapped.record().events == [.subscription, .value("4"), .finished])
    #expect(mappedFailure.record().events == [.subscription, .failure(TestError(code: 9))])
  }

  @Test func tryMapFailsWithTheThrownErrorOrTheUpstreamFailure() throws {
    let mapped: Result<String, any Error>.Publisher = success.tryMap { String($0) }
    let thrown: Result<String, any Error>.Publisher = success.tryMap { _ in throw TestError(code: 1) }
    let passed: Result<String, any Error>.Publisher = failure.tryMap { _ in throw TestError(code: 1) }
    #expect(try mapped.result.get() == "4")
    #expect(thrown.result.failureCode == 1)
    #expect(passed.result.failureCode == 9)
    #expect(thrown.record().events.map(\.description) == ["subscription", "failure(TestError(code: 1))"])
  }

  @Test func mapErrorTransformsTheFailure() {
    struct Other: Error, Equatable { var code: Int }
    let mapped: Result<Int, Other>.Publisher = failure.mapError { Other(code: $0.code + 1) }
    #expect(mapped.result == .failure(Other(code: 10)))
    #expect(success.mapError { Other(code: $0.code) }.result == .success(4))
  }

  @Test func setFailureTypeNeedsANeverFailure() {
    let typed: Result<Int, TestError>.Publisher = Result<Int, Never>.Publisher(3).setFailureType(to: TestError.self)
    #expect(typed.result == .success(3))
  }

  @Test func replaceErrorCannotFail() {
    let replaced: Result<Int, Never>.Publisher = failure.replaceError(with: 0)
    #expect(replaced.result == .success(0))
    #expect(success.replaceError(with: 0).result == .success(4))
  }

  @Test func reducingOperatorsAnswerForTheValueAndPassTheFailureOn() {
    let contains: Result<Bool, TestError>.Publisher = success.contains(4)
    let containsWhere: Result<Bool, TestError>.Publisher = success.contains { $0 > 5 }
    let all: Result<Bool, TestError>.Publisher = success.allSatisfy { $0 > 0 }
    let collected: Result<[Int], TestError>.Publisher = success.collect()
    let count: Result<Int, TestError>.Publisher = success.count()
    let reduced: Result<Int, TestError>.Publisher = success.reduce(1, +)
    let scanned: Result<Int, TestError>.Publisher = success.scan(1, +)
    #expect(contains.result == .success(true))
    #expect(containsWhere.result == .success(false))
    #expect(all.result == .success(true))
    #expect(collected.result == .success([4]))
    #expect(count.result == .success(1))
    #expect(reduced.result == .success(5))
    #expect(scanned.result == .success(5))
    #expect(failure.count().result == .failure(TestError(code: 9)))
    #expect(failure.collect().record().events == [.subscription, .failure(TestError(code: 9))])
  }

  @Test func tryOperatorsFailWithTheThrownErrorOrTheUpstreamFailure() throws {
    let boom: (Int) throws -> Bool = { _ in throw TestError(code: 1) }
    let order: (Int, Int) throws -> Bool = { _, _ in throw TestError(code: 2) }
    let tryAll: Result<Bool, any Error>.Publisher = success.tryAllSatisfy(boom)
    let tryContains: Result<Bool, any Error>.Publisher = success.tryContains(where: boom)
    let tryMin: Result<Int, any Error>.Publisher = success.tryMin(by: order)
    let tryMax: Result<Int, any Error>.Publisher = success.tryMax(by: order)
    let tryDedupe: Result<Int, any Error>.Publisher = success.tryRemoveDuplicates(by: order)
    let tryReduce: Result<Int, any Error>.Publisher = success.tryReduce(0) { _, _ in throw TestError(code: 3) }
    let tryScan: Result<Int, any Error>.Publisher = success.tryScan(0) { _, _ in throw TestError(code: 4) }
    #expect(tryAll.result.failureCode == 1)
    #expect(tryContains.result.failureCode == 1)
    #expect(tryMin.result.failureCode == 2)
    #expect(tryMax.result.failureCode == 2)
    #expect(tryDedupe.result.failureCode == 2)
    #expect(tryReduce.result.failureCode == 3)
    #expect(tryScan.result.failureCode == 4)
    #expect(failure.tryMin(by: order).result.failureCode == 9)
    #expect(try success.tryMin(by: <).result.get() == 4)
    #expect(try success.tryReduce(1, +).result.get() == 5)
  }

  @Test func tryComparisonsAskTheirClosureOnceAndNotForAFailure() {
    var calls = 0
    let order: (Int, Int) throws -> Bool = { _, _ in
      calls += 1
      return true
    }
    _ = success.tryMin(by: order)
    _ = success.tryMax(by: order)
    _ = success.tryRemoveDuplicates(by: order)
    #expect(calls == 3)
    _ = failure.tryMin(by: order)
    #expect(calls == 3)
  }

  @Test func operatorsWithNothingToDoReturnThePublisherItself() {
    let results: [Result<Int, TestError>.Publisher] = [
      success.min(), success.max(), success.min(by: >), success.max(by: >), success.first(), success.last(),
      success.removeDuplicates(), success.removeDuplicates(by: ==), success.replaceEmpty(with: 0), success.retry(2),
    ]
    #expect(results.allSatisfy { $0 == success })
    #expect(failure.retry(2) == failure)
  }

  @Test func ignoreOutputFinishesEvenForAFailureAsInCombine() {
    let ignored: Empty<Int, TestError> = failure.ignoreOutput()
    #expect(ignored.record().events == [.subscription, .finished])
    #expect(success.ignoreOutput().record().events == [.subscription, .finished])
  }

  @Test func theResultStillWaitsForDemand() {
    expectPublishesOnDemand(success.map { $0 * 2 }, 8)
  }
}
