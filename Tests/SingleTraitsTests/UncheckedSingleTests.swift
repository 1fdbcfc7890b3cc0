import ReactiveCore
import SingleTraits
import Testing
import TraitsTesting

@Suite struct UncheckedSingleTests {
  @Test func forwardsTheUpstreamUnchanged() {
    let upstream = TestPublisher<Int, TestError>()
    let recording = upstream.uncheckedSingle().record(demand: .max(1))
    #expect(upstream.requests == [.max(1)])

    _ = upstream.send(1)
    upstream.send(completion: .finished)
    #expect(recording.events == [.subscription, .value(1), .finished])
  }

  @Test func cancellingReachesTheUpstream() {
    let upstream = TestPublisher<Int, TestError>()
    let recording = upstream.uncheckedSingle().record()
    recording.cancel()
    #expect(upstream.cancellations == 1)
  }

  @Test func theResultIsASingleThatCanBeErased() {
    let single = [1, 2].publisher.prefix(1).uncheckedSingle().eraseToAnySinglePublisher()
    #expect(single.record().events == [.subscription, .value(1), .finished])
  }
}
