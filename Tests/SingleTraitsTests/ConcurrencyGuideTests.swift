import Dispatch
import MaybeTraits
import ReactiveCore
import SingleTraits
import Testing

/// The examples of Docs/Concurrency.md, with what the page says they do.
@Suite struct ConcurrencyGuideTests {
  enum LookupError: Error, Equatable { case notFound }

  func lookup(_ id: Int) -> TraitPublishers.Single<String, LookupError> {
    TraitPublishers.Single { promise in
      DispatchQueue.global().async { promise(id > 0 ? .success("user \(id)") : .failure(.notFound)) }
      return AnyCancellable {}
    }
  }

  let answer = Future<Int, Never> { promise in
    DispatchQueue.global().async { promise(.success(42)) }
  }

  @Test func aPromiseMayBeCalledFromACompletionHandler() async throws {
    #expect(try await lookup(1).value == "user 1")
    await #expect(throws: LookupError.notFound) { try await lookup(0).value }
    #expect(await answer.value == 42)
  }

  @MainActor final class ReportModel {
    var title = ""
    let bag = CancelBag()

    func load(_ report: AnySinglePublisher<String, Never>) {
      // report.sinkSingle(in: bag) { self.title = … }
      //   error: main actor-isolated property 'title' can not be mutated from a Sendable closure
      report.sinkSingle(
        in: bag,
        onMainActor: { result in
          if case let .success(title) = result { self.title = title }
        }
      )
    }
  }

  actor Ledger {
    var total = 0
    let bag = CancelBag()

    func add(_ price: AnySinglePublisher<Int, Never>) {
      // price.sinkSingle(in: bag) { self.total += … }
      //   error: actor-isolated property 'total' can not be mutated from a Sendable closure
      price.sinkSingle(in: bag, on: self) { ledger, result in
        if case let .success(value) = result { ledger.total += value }
      }
    }
  }

  @MainActor @Test func theMainActorSinkSetsTheTitle() async {
    let model = ReportModel()
    model.load(.just("Q1"))
    #expect(model.title == "")  // delivered later, in a task on the main actor
    for _ in 0..<100_000 where model.title.isEmpty { await Task.yield() }
    #expect(model.title == "Q1")
  }

  @Test func theActorSinkAddsToTheTotal() async {
    let ledger = Ledger()
    await ledger.add(.just(5))
    // Delivered later, in a task on the actor: wait for it (20 s at most).
    let deadline = ContinuousClock.now + .seconds(20)
    while await ledger.total == 0, ContinuousClock.now < deadline { try? await Task.sleep(for: .milliseconds(1)) }
    #expect(await ledger.total == 5)
  }

  struct Prices: Sendable {
    let quotes: [AnySinglePublisher<Int, Never>]
  }

  func total(_ prices: Prices) async throws -> Int {
    try await withThrowingTaskGroup(of: Int.self) { group in
      for quote in prices.quotes {
        group.addTask { try await quote.value }  // cancelling the group cancels every quote
      }
      return try await group.reduce(0, +)
    }
  }

  @Test func erasersFanOutInATaskGroup() async throws {
    #expect(try await total(Prices(quotes: [.just(1), .just(2), .just(3)])) == 6)
  }
}
