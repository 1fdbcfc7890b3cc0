import Foundation
import ReactiveCore
import SingleTraits
import Testing
import TraitsTesting

/// What a single publisher gives `sinkSingle`, synchronously: a call compiles
/// only if the publisher conforms to SinglePublisher.
private func singleResult<P: SinglePublisher>(_ publisher: P) -> Result<P.Output, P.Failure>? where P.Output: Sendable {
  let result = Shared<Result<P.Output, P.Failure>?>(nil)
  let cancellable = publisher.sinkSingle { result.value = $0 }
  withExtendedLifetime(cancellable) {}
  return result.value
}

/// The value a single publisher publishes, if any.
private func singleValue<P: SinglePublisher>(_ publisher: P) -> P.Output? where P.Output: Sendable {
  if case let .success(value) = singleResult(publisher) { value } else { nil }
}

// `Deferred` and `Record` have no specialised operators (`Just(1).map` is a
// `Just`, `[1, 2].publisher.first()` an `Optional.Publisher`), so that the
// operators below build the `Publishers.X` type of their row.
private var one: Deferred<Just<Int>> { Deferred { Just(1) } }
private let none = Empty<Int, Never>()
private let failure = Fail<Int, TestError>(error: TestError(code: 1))
private let many = [1, 2, 3].publisher

/// Discards what `print` writes.
private struct Silent: TextOutputStream {
  mutating func write(_ string: String) {}
}

private struct Item: Codable, Equatable {
  var name: String
}

/// Every row of ReactiveCore+SinglePublisher.swift, used.
@Suite struct ReactiveCoreSingleConformanceTests {
  // MARK: Publishers and subjects

  @Test func deferred() {
    #expect(singleResult(Deferred { Just(1) }) == .success(1))
  }

  @Test func failFutureJust() {
    #expect(singleResult(failure) == .failure(TestError(code: 1)))
    #expect(singleResult(Future<Int, Never> { $0(.success(2)) }) == .success(2))
    #expect(singleResult(Just(1)) == .success(1))
  }

  @Test func resultPublisher() {
    #expect(singleResult(Result<Int, TestError>.success(4).publisher) == .success(4))
    #expect(singleResult(Result<Int, TestError>.failure(TestError()).publisher) == .failure(TestError()))
  }

  // MARK: Mapping

  @Test func mapsAndErrorTypes() {
    #expect(singleResult(one.map { $0 + 1 }) == .success(2))
    #expect(singleResult(failure.mapError { _ in TestError(code: 2) }) == .failure(TestError(code: 2)))
    #expect(singleResult(one.setFailureType(to: TestError.self)) == .success(1))
    #expect(singleValue(one.tryMap { $0 * 3 }) == 3)
  }

  @Test func keyPathMaps() {
    let item = Just(Item(name: "a"))
    #expect(singleValue(item.map(\.name)) == "a")
    #expect(singleValue(item.map(\.name, \.name.count)).map { "\($0.0)\($0.1)" } == "a1")
    #expect(singleValue(item.map(\.name, \.name.count, \.name.isEmpty)).map { "\($0.0)\($0.1)\($0.2)" } == "a1false")
  }

  @Test func removeDuplicates() {
    #expect(singleResult(one.removeDuplicates()) == .success(1))
    #expect(singleValue(one.tryRemoveDuplicates { $0 == $1 }) == 1)
  }

  @Test func replaceEmptyOfAMaybe() {
    #expect(singleResult(none.replaceEmpty(with: 5)) == .success(5))
    #expect(singleResult(Deferred { Optional(6).publisher }.replaceEmpty(with: 5)) == .success(6))
  }

  @Test func replaceError() {
    #expect(singleResult(failure.replaceError(with: 6)) == .success(6))
  }

  @Test func scans() {
    #expect(singleResult(one.scan(10, +)) == .success(11))
    #expect(singleValue(one.tryScan(10) { $0 + $1 }) == 11)
  }

  // MARK: Reducing

  @Test func reducersOfAnyUpstream() {
    #expect(singleResult(many.allSatisfy { $0 > 0 }) == .success(true))
    #expect(singleResult(none.collect()) == .success([]))
    #expect(singleResult(many.contains(2)) == .success(true))
    #expect(singleResult(many.contains { $0 > 5 }) == .success(false))
    #expect(singleResult(none.count()) == .success(0))
    #expect(singleResult(many.reduce(0, +)) == .success(6))
    #expect(singleValue(many.tryAllSatisfy { $0 > 1 }) == false)
    #expect(singleValue(many.tryContains { $0 == 3 }) == true)
    #expect(singleValue(many.tryReduce(0) { $0 + $1 }) == 6)
  }

  @Test func reducersOfASingle() {
    #expect(singleResult(one.collect(2)) == .success([1]))
    #expect(singleResult(one.min()) == .success(1))
    #expect(singleValue(one.tryMax { $0 < $1 }) == 1)
    #expect(singleResult(one.first()) == .success(1))
    #expect(singleResult(one.last()) == .success(1))
  }

  // MARK: Combining

  #if !REACTIVECORE_IS_OPENCOMBINE  // OpenCombine has no combineLatest
  @Test func combineLatests() {
    #expect(singleValue(one.combineLatest(Just(2))).map { [$0.0, $0.1] } == [1, 2])
    #expect(singleValue(one.combineLatest(Just(2), Just(3))).map { [$0.0, $0.1, $0.2] } == [1, 2, 3])
    #expect(
      singleValue(one.combineLatest(Just(2), Just(3), Just(4))).map { [$0.0, $0.1, $0.2, $0.3] } == [1, 2, 3, 4]
    )
  }
  #endif

  @Test func flatMapAndSwitchToLatest() {
    #expect(singleResult(one.flatMap { Just($0 + 1) }) == .success(2))
    #expect(singleResult(one.map { Just($0 + 2) }.switchToLatest()) == .success(3))
  }

  @Test func zips() {
    #expect(singleValue(one.zip(Just(2))).map { [$0.0, $0.1] } == [1, 2])
    #expect(singleValue(one.zip(Just(2), Just(3))).map { [$0.0, $0.1, $0.2] } == [1, 2, 3])
    #expect(singleValue(one.zip(Just(2), Just(3), Just(4))).map { [$0.0, $0.1, $0.2, $0.3] } == [1, 2, 3, 4])
  }

  // MARK: Lifecycle

  @Test func passThroughOperators() {
    #expect(singleResult(one.assertNoFailure()) == .success(1))
    #expect(singleResult(one.breakpoint()) == .success(1))
    #expect(singleResult(one.handleEvents(receiveOutput: { _ in })) == .success(1))
    #expect(singleResult(one.print("", to: Silent())) == .success(1))
  }

  @Test func catchesAndRetry() {
    #expect(singleResult(failure.catch { _ in Just(7) }) == .success(7))
    #expect(singleValue(failure.tryCatch { _ in Just(8) }) == 8)
    #expect(singleResult(failure.retry(2)) == .failure(TestError(code: 1)))
  }

  @Test func encodeThenDecode() {
    let roundTrip = Just(Item(name: "b")).encode(encoder: JSONEncoder()).decode(type: Item.self, decoder: JSONDecoder())
    #expect(singleValue(roundTrip) == Item(name: "b"))
  }
}
