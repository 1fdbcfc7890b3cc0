import CompletableTraits
import Dispatch
import MaybeTraits
import ReactiveCore
import Testing

/// `sinkCompletable(on:)` and `sinkCompletable(onMainActor:)`, and erased
/// completables in a task group (Docs/Concurrency.md).
@Suite struct SinkCompletableOnActorTests {
  actor Audit {
    var finished = 0

    func watch(_ work: some CompletablePublisher<Never>, in bag: CancelBag) async {
      await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
        let cancellable = work.sinkCompletable(on: self) { audit, result in
          audit.assertIsolated()
          if case .success = result { audit.finished += 1 }
          done.resume()
        }
        bag.insert { _ in cancellable }
      }
    }
  }

  @Test func anActorSinkRunsOnTheActor() async {
    let audit = Audit()
    let bag = CancelBag()
    await audit.watch(Empty<Never, Never>().receive(on: DispatchQueue.global()), in: bag)
    #expect(await audit.finished == 1)
  }

  @MainActor @Test func aMainActorSinkRunsOnTheMainActor() async {
    let bag = CancelBag()
    let finished: Bool = await withCheckedContinuation { done in
      let cancellable = Empty<Never, Never>().receive(on: DispatchQueue.global())
        .sinkCompletable(onMainActor: { result in
          MainActor.assertIsolated()
          if case .success = result { done.resume(returning: true) } else { done.resume(returning: false) }
        })
      bag.insert { _ in cancellable }
    }
    #expect(finished)
  }

  @Test func erasedCompletablesFanOutInATaskGroup() async throws {
    struct Jobs: Sendable { let all: [AnyCompletablePublisher<Never>] }
    let jobs = Jobs(all: (1...3).map { _ in Empty<Never, Never>().eraseToAnyCompletablePublisher() })
    let count = try await withThrowingTaskGroup(of: Int.self) { group in
      for job in jobs.all {
        group.addTask {
          try await job.value
          return 1
        }
      }
      return try await group.reduce(0, +)
    }
    #expect(count == 3)
  }
}
