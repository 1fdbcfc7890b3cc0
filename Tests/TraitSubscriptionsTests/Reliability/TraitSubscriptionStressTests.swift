import MaybeTraits
import ReactiveCore
import SingleTraits
import Synchronization
import Testing
import TraitSubscriptions

/// `TraitSubscriptions.Single` and `.Maybe` under random interleavings of
/// results, requests and cancels from several threads (see `stress` in
/// ReliabilityKit.swift). Besides the contract seen by the subscriber, each
/// subscription checks that it starts at most once and ends (completes or
/// is cancelled) at most once.
@Suite(.tags(.reliability)) struct TraitSubscriptionStressTests {
  @Test func single() {
    let rounds = stressPromised(
      "TraitSubscriptions.Single",
      value: { .success($0) },
      ending: { $0 ? .failure(TestError(code: 1)) : .success(-1) },
      promisesKeepTheToken: true
    ) { jobs, _, witness in
      witness.receive(subscription: CheckedSingle(downstream: witness, context: jobs))
    }
    #expect(rounds > 0)
  }

  @Test func maybe() {
    let rounds = stressPromised(
      "TraitSubscriptions.Maybe",
      value: { .success($0) },
      ending: { $0 ? .failure(TestError(code: 1)) : .finished },
      promisesKeepTheToken: true
    ) { jobs, _, witness in
      witness.receive(subscription: CheckedMaybe(downstream: witness, context: jobs))
    }
    #expect(rounds > 0)
  }
}

/// The jobs that the subscriptions started (each adds its result receiver);
/// the threads finish them all. They keep the round's token, so that a
/// subscription that keeps its context shows as a leak.
typealias Jobs = StressPromises<MaybeResult<Int, TestError>>

/// Counts a subscription's hooks, and records an issue if one runs twice,
/// or if it both completes and is cancelled.
final class HookCounter: Sendable {
  private let starts = Atomic<Int>(0)
  private let ends = Atomic<Int>(0)

  func started() {
    if starts.add(1, ordering: .relaxed).newValue > 1 { Issue.record("start(with:) ran twice") }
  }

  func ended(_ hook: String) {
    if ends.add(1, ordering: .relaxed).newValue > 1 { Issue.record("\(hook) ran after the subscription had ended") }
  }
}

final class CheckedSingle<Downstream: Subscriber>: TraitSubscriptions.Single<Downstream, Jobs>, @unchecked Sendable
where Downstream.Input == Int, Downstream.Failure == TestError {
  private let hooks = HookCounter()

  override func start(with jobs: Jobs) {
    hooks.started()
    jobs.add { [weak self] result in
      switch result {
      case let .success(value): self?.receive(.success(value))
      case let .failure(error): self?.receive(.failure(error))
      case .finished: break
      }
    }
  }

  override func didCancel(with jobs: Jobs) { hooks.ended("didCancel") }

  override func didComplete(with jobs: Jobs) { hooks.ended("didComplete") }
}

final class CheckedMaybe<Downstream: Subscriber>: TraitSubscriptions.Maybe<Downstream, Jobs>, @unchecked Sendable
where Downstream.Input == Int, Downstream.Failure == TestError {
  private let hooks = HookCounter()

  override func start(with jobs: Jobs) {
    hooks.started()
    jobs.add { [weak self] result in self?.receive(result) }
  }

  override func didCancel(with jobs: Jobs) { hooks.ended("didCancel") }

  override func didComplete(with jobs: Jobs) { hooks.ended("didComplete") }
}
