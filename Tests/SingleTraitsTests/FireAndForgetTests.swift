import MaybeTraits
import ReactiveCore
import SingleTraits
import Testing
import TraitsTesting

@Suite struct FireAndForgetTests {
  @Test func fireAndForgetRunsTheUpstreamToCompletion() {
    let upstream = TestPublisher<Void, Never>()
    ForwardSingle(upstream: upstream).fireAndForget()

    #expect(upstream.requests == [.unlimited])
    #expect(upstream.cancellations == 0)
    #expect(upstream.hasSubscribers)

    _ = upstream.send(())
    upstream.send(completion: .finished)
    #expect(!upstream.hasSubscribers)
    #expect(upstream.cancellations == 0)
  }

  @Test func fireAndForgetIgnoringFailureRunsTheUpstreamToItsFailure() {
    let upstream = TestPublisher<Void, TestError>()
    ForwardSingle(upstream: upstream).fireAndForgetIgnoringFailure()

    #expect(upstream.hasSubscribers)
    upstream.send(completion: .failure(TestError()))
    #expect(!upstream.hasSubscribers)
    #expect(upstream.cancellations == 0)
  }

  @Test func theWorkRunsAtOnce() {
    let runs = Collector<Int>()
    ForwardSingle(upstream: Just(()).handleEvents(receiveOutput: { runs.append(1) })).fireAndForget()
    #expect(runs.all == [1])
  }
}
