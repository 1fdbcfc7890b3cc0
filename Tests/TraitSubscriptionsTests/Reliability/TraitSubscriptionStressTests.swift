import LockSupport
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
    #expect(
      stress("TraitSubscriptions.Single", threads: 3) { (token: Token) -> StressSystem<Int, TestError> in
        let jobs = Jobs(token: token)
        return StressSystem(
          sources: 1,
          witnesses: 2,
          send: { _, value in jobs.finish(.success(value)) },
          complete: { _, failure in jobs.finish(failure ? .failure(TestError(code: 1)) : .success(-1)) },
          subscribe: { witnesses in
            for witness in witnesses {
              witness.receive(subscription: CheckedSingle(downstream: witness, context: jobs))
            }
          }
        )
      } > 0
    )
  }

  @Test func maybe() {
    #expect(
      stress("TraitSubscriptions.Maybe", threads: 3) { (token: Token) -> StressSystem<Int, TestError> in
        let jobs = Jobs(token: token)
        return StressSystem(
          sources: 1,
          witnesses: 2,
          send: { _, value in jobs.finish(.success(value)) },
          complete: { _, failure in jobs.finish(failure ? .failure(TestError(code: 1)) : .finished) },
          subscribe: { witnesses in
            for witness in witnesses {
              witness.receive(subscription: CheckedMaybe(downstream: witness, context: jobs))
            }
          }
        )
      } > 0
    )
  }
}

/// The jobs that the subscriptions started: the threads finish them all.
final class Jobs: @unchecked Sendable {
  // @unchecked Sendable: the receivers are under the lock, and called after it.
  private let receivers = Lock<[(MaybeResult<Int, TestError>) -> Void]>([])
  private let token: Token

  init(token: Token) {
    self.token = token
  }

  func start(_ receiver: @escaping (MaybeResult<Int, TestError>) -> Void) {
    let carried = UncheckedSendable(receiver)
    receivers.withLock { $0.append(carried.value) }
  }

  func finish(_ result: MaybeResult<Int, TestError>) {
    for receiver in receivers.withLock({ $0 }) {
      receiver(result)
    }
  }
}

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
    jobs.start { [weak self] result in
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
    jobs.start { [weak self] result in self?.receive(result) }
  }

  override func didCancel(with jobs: Jobs) { hooks.ended("didCancel") }

  override func didComplete(with jobs: Jobs) { hooks.ended("didComplete") }
}
