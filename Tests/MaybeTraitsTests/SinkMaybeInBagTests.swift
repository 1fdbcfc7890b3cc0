import MaybeTraits
import ReactiveCore
import Testing
import TraitsTesting

@Suite struct SinkMaybeInBagTests {
  @Test func theBagKeepsTheSubscriptionUntilTheOutcome() {
    let bag = CancelBag()
    let subject = PassthroughSubject<Int, Never>()
    let outcomes = Collector<MaybeResult<Int, Never>>()
    ForwardMaybe(upstream: subject).sinkMaybe(in: bag) { outcomes.append($0) }
    #expect(bag.count == 1)

    subject.send(1)
    subject.send(completion: .finished)

    #expect(outcomes.all == [.success(1)])
    #expect(bag.isEmpty)
  }

  @Test func theReturnedCancellableCancelsAndLeavesTheBag() {
    let bag = CancelBag()
    let upstream = TestPublisher<Int, Never>()
    let outcomes = Collector<MaybeResult<Int, Never>>()
    let cancellable = ForwardMaybe(upstream: upstream).sinkMaybe(in: bag) { outcomes.append($0) }

    cancellable.cancel()
    upstream.send(completion: .finished)

    #expect(upstream.cancellations == 1)
    #expect(outcomes.all == [])
    #expect(bag.isEmpty)
  }
}
