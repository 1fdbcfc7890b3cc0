import MaybeTraits
import ReactiveCore
import SingleTraits
import Testing
import TraitsTesting

@Suite struct AnySinglePublisherTests {
  @Test func erasingKeepsTheValueAndTheCompletion() {
    let recording = ForwardSingle(upstream: Just(1)).eraseToAnySinglePublisher().record()
    #expect(recording.events == [.subscription, .value(1), .finished])
  }

  @Test func erasingTwiceDoesNotWrapTwice() {
    let erased = ForwardSingle(upstream: Just(1)).eraseToAnySinglePublisher()
    let again = AnySinglePublisher(erased)
    #expect(again.record().events == [.subscription, .value(1), .finished])
    #expect(again.description == "AnySinglePublisher")
  }

  @Test func justPublishesItsValueOnDemand() {
    expectPublishesOnDemand(AnySinglePublisher<Int, TestError>.just(1), 1)
  }

  @Test func failFailsAtOnce() {
    expectFailsWithoutDemand(AnySinglePublisher<Int, TestError>.fail(TestError(code: 1)), TestError(code: 1))
  }

  @Test func neverDoesNothing() {
    let recording = AnySinglePublisher<Int, TestError>.never().record()
    #expect(recording.events == [.subscription])
  }

  @Test func cancellingReachesTheErasedUpstream() {
    let upstream = TestPublisher<Int, TestError>()
    let recording = ForwardSingle(upstream: upstream).eraseToAnySinglePublisher().record(demand: .max(1))
    #expect(upstream.requests == [.max(1)])
    recording.cancel()
    #expect(upstream.cancellations == 1)
  }

  @Test func anErasedSingleIsAMaybe() {
    func maybeValues(_ maybe: some MaybePublisher<Int, Never>) -> [Int] { maybe.record().values }
    #expect(maybeValues(AnySinglePublisher<Int, Never>.just(2)) == [2])
  }
}
