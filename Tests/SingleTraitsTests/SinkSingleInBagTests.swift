import MaybeTraits
import ReactiveCore
import SingleTraits
import Testing
import TraitsTesting

@Suite struct SinkSingleInBagTests {
  @Test func theBagKeepsTheSubscriptionUntilItCompletes() {
    let bag = CancelBag()
    let upstream = TestPublisher<Int, TestError>()
    let outcomes = Collector<Result<Int, TestError>>()
    ForwardSingle(upstream: upstream).sinkSingle(in: bag, receive: outcomes.append)
    #expect(bag.count == 1)

    _ = upstream.send(1)
    upstream.send(completion: .finished)

    #expect(outcomes.all == [.success(1)])
    #expect(bag.isEmpty)
  }

  @Test func cancellingTheBagCancelsTheSubscription() {
    let bag = CancelBag()
    let upstream = TestPublisher<Int, TestError>()
    let outcomes = Collector<Result<Int, TestError>>()
    ForwardSingle(upstream: upstream).sinkSingle(in: bag, receive: outcomes.append)

    bag.cancel()
    _ = upstream.send(1)
    upstream.send(completion: .finished)

    #expect(upstream.cancellations == 1)
    #expect(outcomes.all.isEmpty)
  }

  @Test func theReturnedCancellableCancelsAndLeavesTheBag() {
    let bag = CancelBag()
    let upstream = TestPublisher<Int, TestError>()
    let outcomes = Collector<Result<Int, TestError>>()
    let cancellable = ForwardSingle(upstream: upstream).sinkSingle(in: bag, receive: outcomes.append)

    cancellable.cancel()
    _ = upstream.send(1)
    upstream.send(completion: .finished)

    #expect(upstream.cancellations == 1)
    #expect(outcomes.all.isEmpty)
    #expect(bag.isEmpty)
  }

  @Test func anImmediateOutcomeLeavesNothingInTheBag() {
    let bag = CancelBag()
    let outcomes = Collector<Result<Int, TestError>>()
    AnySinglePublisher<Int, TestError>.fail(TestError(code: 1)).sinkSingle(in: bag, receive: outcomes.append)
    #expect(outcomes.all == [.failure(TestError(code: 1))])
    #expect(bag.isEmpty)
  }
}
