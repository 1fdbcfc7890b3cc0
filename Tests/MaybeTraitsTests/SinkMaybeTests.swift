import MaybeTraits
import ReactiveCore
import SharedMachinery
import Testing
import TraitsTesting

@Suite struct SinkMaybeTests {
  typealias Outcome = MaybeResult<Int, TestError>

  /// Collects the outcomes `sinkMaybe` delivers.
  final class Outcomes: Sendable {
    let list = Lock<[Outcome]>([])
    var all: [Outcome] { list.withLock { $0 } }
    func append(_ outcome: Outcome) { list.withLock { $0.append(outcome) } }
  }

  @Test func aValueThenFinishedIsASuccess() {
    let outcomes = Outcomes()
    let upstream = TestPublisher<Int, TestError>()
    let cancellable = ForwardMaybe(upstream: upstream).sinkMaybe(receive: outcomes.append)

    _ = upstream.send(1)
    #expect(outcomes.all.isEmpty)  // the outcome is known at completion
    upstream.send(completion: .finished)

    #expect(outcomes.all == [.success(1)])
    withExtendedLifetime(cancellable) {}
  }

  @Test func finishedWithoutAValueIsFinished() {
    let outcomes = Outcomes()
    let cancellable = AnyMaybePublisher<Int, TestError>.empty().sinkMaybe(receive: outcomes.append)
    #expect(outcomes.all == [.finished])
    withExtendedLifetime(cancellable) {}
  }

  @Test func aFailureIsAFailure() {
    let outcomes = Outcomes()
    let cancellable = AnyMaybePublisher<Int, TestError>.fail(TestError(code: 1)).sinkMaybe(receive: outcomes.append)
    #expect(outcomes.all == [.failure(TestError(code: 1))])
    withExtendedLifetime(cancellable) {}
  }

  @Test func requestsUnlimitedDemand() {
    let upstream = TestPublisher<Int, TestError>()
    let cancellable = ForwardMaybe(upstream: upstream).sinkMaybe { _ in }
    #expect(upstream.requests == [.unlimited])
    withExtendedLifetime(cancellable) {}
  }

  @Test func theClosureRunsExactlyOnce() {
    let outcomes = Outcomes()
    let upstream = TestPublisher<Int, TestError>()
    let cancellable = ForwardMaybe(upstream: upstream).sinkMaybe(receive: outcomes.append)

    upstream.send(completion: .finished)
    upstream.send(completion: .failure(TestError()))

    #expect(outcomes.all == [.finished])
    withExtendedLifetime(cancellable) {}
  }

  @Test func cancelReachesTheUpstreamAndSilencesTheClosure() {
    let outcomes = Outcomes()
    let upstream = TestPublisher<Int, TestError>()
    let cancellable = ForwardMaybe(upstream: upstream).sinkMaybe(receive: outcomes.append)

    cancellable.cancel()
    _ = upstream.send(1)
    upstream.send(completion: .finished)

    #expect(upstream.cancellations == 1)
    #expect(outcomes.all.isEmpty)
  }

  @Test func deinitializingTheCancellableCancels() {
    let upstream = TestPublisher<Int, TestError>()
    _ = ForwardMaybe(upstream: upstream).sinkMaybe { _ in }
    #expect(upstream.cancellations == 1)
  }

  // MARK: Lifetimes

  @Test func completionReleasesTheClosure() {
    let upstream = TestPublisher<Int, TestError>()
    expectReleasesTheSinkClosure(end: { _ in upstream.send(completion: .finished) }) { token in
      ForwardMaybe(upstream: upstream).sinkMaybe { _ in withExtendedLifetime(token) {} }
    }
  }

  @Test func cancelReleasesTheClosure() {
    let upstream = TestPublisher<Int, TestError>()
    expectReleasesTheSinkClosure(end: { $0.cancel() }) { token in
      ForwardMaybe(upstream: upstream).sinkMaybe { _ in withExtendedLifetime(token) {} }
    }
  }
}
