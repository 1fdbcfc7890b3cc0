import Dispatch
import MaybeTraits
import ReactiveCore
import SingleTraits
import Testing

/// Sinks that run their closure on an actor or on the main actor, whatever
/// thread the result arrives on (Docs/Concurrency.md).
@Suite struct SinkOnActorTests {
  /// A result promised on a global queue: never on the actor's executor.
  static func priceFromAnotherThread(_ value: Int) -> Future<Int, Never> {
    Future { promise in DispatchQueue.global().async { promise(.success(value)) } }
  }

  actor Ledger {
    var total = 0
    let bag = CancelBag()

    func add(_ price: some SinglePublisher<Int, Never>) async {
      await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
        price.sinkSingle(in: bag, on: self) { ledger, result in
          ledger.assertIsolated()
          if case let .success(value) = result { ledger.total += value }
          done.resume()
        }
      }
    }

    func addMaybe(_ price: some MaybePublisher<Int, Never>) async {
      await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
        let cancellable = price.sinkMaybe(on: self) { ledger, result in
          ledger.assertIsolated()
          if case let .success(value) = result { ledger.total += value }
          done.resume()
        }
        bag.insert { _ in cancellable }
      }
    }
  }

  @MainActor final class TitleModel {
    var title = ""
    let bag = CancelBag()

    func load(_ report: some SinglePublisher<String, Never>) async {
      await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
        report.sinkSingle(
          in: bag,
          onMainActor: { result in
            MainActor.assertIsolated()
            if case let .success(title) = result { self.title = title }
            done.resume()
          }
        )
      }
    }
  }

  @Test func anActorSinkRunsOnTheActor() async {
    let ledger = Ledger()
    await ledger.add(Self.priceFromAnotherThread(3))
    await ledger.addMaybe(Self.priceFromAnotherThread(4))
    #expect(await ledger.total == 7)
  }

  @MainActor @Test func aMainActorSinkRunsOnTheMainActor() async {
    let model = TitleModel()
    await model.load(Future { promise in DispatchQueue.global().async { promise(.success("Q1")) } })
    #expect(model.title == "Q1")
  }

  @Test func aClosedGateDeliversNothing() async {
    let ledger = Ledger()
    let gate = IsolatedDeliveryGate()
    await gate.deliver(1, on: ledger) { ledger, value in ledger.total += value }
    gate.close()
    await gate.deliver(10, on: ledger) { ledger, value in ledger.total += value }
    #expect(await ledger.total == 1)
  }

  @Test func cancellingBeforeTheActorRunsDeliversNothing() async {
    let ledger = Ledger()
    let delivered = Collector<Int>()
    await ledger.sendThenCancel(delivered)
    // The delivery task was enqueued on the actor before the cancel; let it run.
    await ledger.add(Just(0))
    #expect(delivered.all.isEmpty)
  }

  @Test func erasedTraitPublishersFanOutInATaskGroup() async throws {
    struct Service: Sendable {
      let prices: [AnySinglePublisher<Int, Never>]
      let bonus: AnyMaybePublisher<Int, Never>
    }
    let service = Service(
      prices: (1...4).map { SinkOnActorTests.priceFromAnotherThread($0).eraseToAnySinglePublisher() },
      bonus: Just(10).eraseToAnyMaybePublisher()
    )
    let total = try await withThrowingTaskGroup(of: Int.self) { group in
      for price in service.prices {
        group.addTask { try await price.value }
      }
      group.addTask { try await service.bonus.value ?? 0 }
      return try await group.reduce(0, +)
    }
    #expect(total == 1 + 2 + 3 + 4 + 10)
  }
}

extension SinkOnActorTests.Ledger {
  /// Completes a single while the actor is busy, so the delivery waits in
  /// the actor's queue, then cancels before returning.
  func sendThenCancel(_ delivered: Collector<Int>) {
    let subject = PassthroughSubject<Int, Never>()
    let cancellable = ForwardSingle(upstream: subject).sinkSingle(on: self) { _, result in
      if case let .success(value) = result { delivered.append(value) }
    }
    subject.send(5)
    subject.send(completion: .finished)
    cancellable.cancel()
  }
}
