import Foundation
import MaybeTraits
import ReactiveCore
import Testing
import TraitsTesting

/// What a maybe publisher gives `sinkMaybe`, synchronously: a call compiles
/// only if the publisher conforms to MaybePublisher.
private func maybeResult<P: MaybePublisher>(_ publisher: P) -> MaybeResult<P.Output, P.Failure>?
where P.Output: Sendable {
  let result = Shared<MaybeResult<P.Output, P.Failure>?>(nil)
  let cancellable = publisher.sinkMaybe { result.value = $0 }
  withExtendedLifetime(cancellable) {}
  return result.value
}

/// The value a maybe publisher publishes, if any.
private func maybeValue<P: MaybePublisher>(_ publisher: P) -> P.Output? where P.Output: Sendable {
  if case let .success(value) = maybeResult(publisher) { value } else { nil }
}

// `Deferred` and `Record` have no specialised operators (`Just(1).map` is a
// `Just`, `[1, 2].publisher.first()` an `Optional.Publisher`), so that the
// operators below build the `Publishers.X` type of their row.
private var one: Deferred<Just<Int>> { Deferred { Just(1) } }
private let none = Empty<Int, Never>()
private let failure = Fail<Int, TestError>(error: TestError(code: 1))
private var many: Record<Int, Never> { Record(output: [1, 2, 3], completion: .finished) }

/// Discards what `print` writes.
private struct Silent: TextOutputStream {
  mutating func write(_ string: String) {}
}

private struct Item: Codable, Equatable {
  var name: String
}

/// Every row of ReactiveCore+MaybePublisher.swift, used.
@Suite struct ReactiveCoreMaybeConformanceTests {
  // MARK: Publishers and subjects

  @Test func anyPublisherOfNever() {
    #expect(maybeResult(one.ignoreOutput().eraseToAnyPublisher()) == .finished)
    #expect(maybeResult(failure.ignoreOutput().eraseToAnyPublisher()) == .failure(TestError(code: 1)))
  }

  @Test func deferred() {
    #expect(maybeResult(Deferred { Just(1) }) == .success(1))
  }

  @Test func emptyFailFutureJust() {
    #expect(maybeResult(none) == .finished)
    #expect(maybeResult(failure) == .failure(TestError(code: 1)))
    #expect(maybeResult(Future<Int, Never> { $0(.success(2)) }) == .success(2))
    #expect(maybeResult(Just(1)) == .success(1))
  }

  @Test func optionalAndResultPublishers() {
    #expect(maybeResult(Optional(3).publisher) == .success(3))
    #expect(maybeResult(Int?.none.publisher) == .finished)
    #expect(maybeResult(Result<Int, TestError>.success(4).publisher) == .success(4))
    #expect(maybeResult(Result<Int, TestError>.failure(TestError()).publisher) == .failure(TestError()))
  }

  // MARK: Mapping

  @Test func compactMapAndFilter() {
    #expect(maybeResult(one.compactMap { $0 > 1 ? $0 : nil }) == .finished)
    #expect(maybeResult(one.filter { $0 == 1 }) == .success(1))
    #expect(maybeValue(one.tryCompactMap { $0 }) == 1)
    #expect(maybeValue(one.tryFilter { _ in false }) == nil)
  }

  @Test func ignoreOutputOfAnyUpstream() {
    #expect(maybeResult(many.ignoreOutput()) == .finished)
  }

  @Test func mapsAndErrorTypes() {
    #expect(maybeResult(one.map { $0 + 1 }) == .success(2))
    #expect(maybeResult(failure.mapError { _ in TestError(code: 2) }) == .failure(TestError(code: 2)))
    #expect(maybeResult(one.setFailureType(to: TestError.self)) == .success(1))
    #expect(maybeValue(one.tryMap { $0 * 3 }) == 3)
  }

  @Test func keyPathMaps() {
    let item = Just(Item(name: "a"))
    #expect(maybeValue(item.map(\.name)) == "a")
    #expect(maybeValue(item.map(\.name, \.name.count)).map { "\($0.0)\($0.1)" } == "a1")
    #expect(maybeValue(item.map(\.name, \.name.count, \.name.isEmpty)).map { "\($0.0)\($0.1)\($0.2)" } == "a1false")
  }

  @Test func removeDuplicates() {
    #expect(maybeResult(one.removeDuplicates()) == .success(1))
    #expect(maybeValue(one.tryRemoveDuplicates { $0 == $1 }) == 1)
  }

  @Test func replaceEmptyAndReplaceError() {
    #expect(maybeResult(none.replaceEmpty(with: 5)) == .success(5))
    #expect(maybeResult(failure.replaceError(with: 6)) == .success(6))
  }

  @Test func scans() {
    #expect(maybeResult(one.scan(10, +)) == .success(11))
    #expect(maybeValue(one.tryScan(10) { $0 + $1 }) == 11)
  }

  // MARK: Reducing

  @Test func reducersOfAnyUpstream() {
    #expect(maybeResult(many.allSatisfy { $0 > 0 }) == .success(true))
    #expect(maybeResult(many.collect()) == .success([1, 2, 3]))
    #expect(maybeResult(many.min()) == .success(1))
    #expect(maybeResult(many.contains(2)) == .success(true))
    #expect(maybeResult(many.contains { $0 > 5 }) == .success(false))
    #expect(maybeResult(many.count()) == .success(3))
    #expect(maybeResult(many.reduce(0, +)) == .success(6))
    #expect(maybeValue(many.tryAllSatisfy { $0 > 1 }) == false)
    #expect(maybeValue(many.tryMax { $0 < $1 }) == 3)
    #expect(maybeValue(many.tryContains { $0 == 3 }) == true)
    #expect(maybeValue(many.tryReduce(0) { $0 + $1 }) == 6)
  }

  @Test func firstAndLastOfAnyUpstream() {
    #expect(maybeResult(many.first()) == .success(1))
    #expect(maybeResult(many.first { $0 > 1 }) == .success(2))
    #expect(maybeResult(many.last()) == .success(3))
    #expect(maybeResult(many.last { $0 < 3 }) == .success(2))
    #expect(maybeValue(many.tryFirst { $0 > 2 }) == 3)
    #expect(maybeValue(many.tryLast { $0 < 2 }) == 1)
  }

  @Test func collectByCount() {
    #expect(maybeResult(one.collect(2)) == .success([1]))
  }

  @Test func truncationsOfAMaybe() {
    #expect(maybeResult(one.dropFirst()) == .finished)
    #expect(maybeResult(one.drop { $0 < 1 }) == .success(1))
    #expect(maybeResult(one.output(in: 0..<5)) == .success(1))
    #expect(maybeResult(one.prefix { $0 > 1 }) == .finished)
    #expect(maybeValue(one.tryDrop { $0 > 1 }) == 1)
    #expect(maybeValue(one.tryPrefix { $0 == 1 }) == 1)
  }

  // MARK: Combining

  #if !REACTIVECORE_IS_OPENCOMBINE  // OpenCombine has no combineLatest
  @Test func combineLatests() {
    #expect(maybeValue(one.combineLatest(Just(2))).map { [$0.0, $0.1] } == [1, 2])
    #expect(maybeValue(one.combineLatest(Just(2), Just(3))).map { [$0.0, $0.1, $0.2] } == [1, 2, 3])
    #expect(maybeValue(one.combineLatest(Just(2), Just(3), none)) == nil)
  }
  #endif

  @Test func dropAndPrefixUntilOutput() {
    #expect(maybeResult(one.drop(untilOutputFrom: Just(0))) == .success(1))
    #expect(maybeResult(one.prefix(untilOutputFrom: none)) == .success(1))
  }

  @Test func flatMapAndSwitchToLatest() {
    #expect(maybeResult(one.flatMap { Just($0 + 1) }) == .success(2))
    #expect(maybeResult(one.map { _ in none }.switchToLatest()) == .finished)
  }

  @Test func zips() {
    #expect(maybeValue(one.zip(Just(2))).map { [$0.0, $0.1] } == [1, 2])
    #expect(maybeValue(one.zip(Just(2), Just(3))).map { [$0.0, $0.1, $0.2] } == [1, 2, 3])
    #expect(maybeValue(one.zip(Just(2), Just(3), Just(4))).map { [$0.0, $0.1, $0.2, $0.3] } == [1, 2, 3, 4])
  }

  // MARK: Lifecycle

  @Test func passThroughOperators() {
    #expect(maybeResult(one.assertNoFailure()) == .success(1))
    #expect(maybeResult(one.breakpoint()) == .success(1))
    #expect(maybeResult(one.handleEvents(receiveOutput: { _ in })) == .success(1))
    #expect(maybeResult(one.print("", to: Silent())) == .success(1))
  }

  @Test func catchesAndRetry() {
    #expect(maybeResult(failure.catch { _ in Just(7) }) == .success(7))
    #expect(maybeValue(failure.tryCatch { _ in Just(8) }) == 8)
    #expect(maybeResult(failure.retry(2)) == .failure(TestError(code: 1)))
  }

  @Test func encodeThenDecode() {
    let roundTrip = Just(Item(name: "b")).encode(encoder: JSONEncoder()).decode(type: Item.self, decoder: JSONDecoder())
    #expect(maybeValue(roundTrip) == Item(name: "b"))
  }

  @Test func sharingOperators() {
    #expect(maybeResult(one.share()) == .success(1))
    let connectable = one.makeConnectable()
    let result = Shared<MaybeResult<Int, Never>?>(nil)
    let cancellable = connectable.sinkMaybe { result.value = $0 }
    let connection = connectable.connect()
    #expect(result.value == .success(1))
    #expect(maybeResult(one.makeConnectable().autoconnect()) == .success(1))
    withExtendedLifetime((cancellable, connection)) {}
  }
}
