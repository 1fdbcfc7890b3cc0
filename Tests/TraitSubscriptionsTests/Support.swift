import MaybeTraits
import ReactiveCore
import SharedMachinery
import SingleTraits
@_exported import TestSupport
import Testing
import TraitSubscriptions
import TraitsTesting

typealias Recorder = RecordingSubscriber<Int, TestError>

/// The context of the probe subscriptions: it logs each hook, and lets the
/// test complete the job that `start(with:)` began.
final class Probe: @unchecked Sendable {
  // @unchecked Sendable: the closures live under the lock, and are called after it.
  private struct State: @unchecked Sendable {
    var log: [String] = []
    var receiver: ((MaybeResult<Int, TestError>) -> Void)?
  }
  private let state = Lock(State())

  /// A result that `start(with:)` sends synchronously, from inside itself.
  let resultInStart: MaybeResult<Int, TestError>?

  init(resultInStart: MaybeResult<Int, TestError>? = nil) {
    self.resultInStart = resultInStart
  }

  /// The hooks that ran, in order.
  var log: [String] { state.withLock { $0.log } }

  func count(_ hook: String) -> Int { log.filter { $0 == hook }.count }

  func record(_ hook: String) { state.withLock { $0.log.append(hook) } }

  func setReceiver(_ receiver: @escaping (MaybeResult<Int, TestError>) -> Void) {
    nonisolated(unsafe) let receiver = receiver
    state.withLock { $0.receiver = receiver }
  }

  /// Completes the job started by `start(with:)`, as a callback API would.
  func complete(_ result: MaybeResult<Int, TestError>) {
    let receiver = state.withLock { $0.receiver }
    receiver?(result)
  }
}

/// A single subscription that logs its hooks in its `Probe`.
final class ProbeSingle<Downstream: Subscriber>: TraitSubscriptions.Single<Downstream, Probe>, @unchecked Sendable
where Downstream.Input == Int, Downstream.Failure == TestError {
  override func start(with probe: Probe) {
    probe.record("start")
    probe.setReceiver { [weak self] result in
      switch result {
      case let .success(value): self?.receive(.success(value))
      case let .failure(error): self?.receive(.failure(error))
      case .finished: Issue.record("a single job does not finish empty")
      }
    }
    if let result = probe.resultInStart { probe.complete(result) }
  }

  override func didCancel(with probe: Probe) { probe.record("didCancel") }

  override func didComplete(with probe: Probe) { probe.record("didComplete") }
}

/// A maybe subscription that logs its hooks in its `Probe`.
final class ProbeMaybe<Downstream: Subscriber>: TraitSubscriptions.Maybe<Downstream, Probe>, @unchecked Sendable
where Downstream.Input == Int, Downstream.Failure == TestError {
  override func start(with probe: Probe) {
    probe.record("start")
    probe.setReceiver { [weak self] result in self?.receive(result) }
    if let result = probe.resultInStart { probe.complete(result) }
  }

  override func didCancel(with probe: Probe) { probe.record("didCancel") }

  override func didComplete(with probe: Probe) { probe.record("didComplete") }
}

/// A single publisher built on `ProbeSingle`.
struct ProbeSinglePublisher: SinglePublisher {
  typealias Output = Int
  typealias Failure = TestError
  let probe: Probe

  func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
    subscriber.receive(subscription: ProbeSingle(downstream: subscriber, context: probe))
  }
}

/// A maybe publisher built on `ProbeMaybe`.
struct ProbeMaybePublisher: MaybePublisher {
  typealias Output = Int
  typealias Failure = TestError
  let probe: Probe

  func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
    subscriber.receive(subscription: ProbeMaybe(downstream: subscriber, context: probe))
  }
}

/// A subscription that keeps every default hook.
final class PlainSingle<Downstream: Subscriber, Context>: TraitSubscriptions.Single<Downstream, Context>,
  @unchecked Sendable
{}

/// A recorder subscribed to a `ProbeSingle` the test holds, so that it can
/// call `receive` and `cancel` on the subscription itself.
func subscribedSingle(
  _ probe: Probe,
  demand: Subscribers.Demand = .unlimited
) -> (ProbeSingle<Recorder>, Recorder) {
  let recorder = Recorder(demand: demand)
  let subscription = ProbeSingle(downstream: recorder, context: probe)
  recorder.receive(subscription: subscription)
  return (subscription, recorder)
}

/// The maybe flavour of `subscribedSingle`.
func subscribedMaybe(
  _ probe: Probe,
  demand: Subscribers.Demand = .unlimited
) -> (ProbeMaybe<Recorder>, Recorder) {
  let recorder = Recorder(demand: demand)
  let subscription = ProbeMaybe(downstream: recorder, context: probe)
  recorder.receive(subscription: subscription)
  return (subscription, recorder)
}
