import ImmediateTraits
import ReactiveCore
import Testing
import TraitsTesting

@Suite struct AnyImmediatePublisherTests {
  @Test func erasingKeepsEveryEvent() {
    let recorder = [1, 2].publisher.uncheckedImmediate().eraseToAnyImmediatePublisher().record()
    #expect(recorder.events == [.subscription, .value(1), .value(2), .finished])
  }

  @Test func erasingTwiceReturnsTheSamePublisher() {
    let erased = AnyImmediatePublisher<Int, Never>.just(1)
    let again: AnyImmediatePublisher<Int, Never> = erased.eraseToAnyImmediatePublisher()
    #expect(again.record().events == [.subscription, .value(1), .finished])
    #expect(again.description == "AnyImmediatePublisher")
  }

  @Test func justPublishesItsValueAndFinishesAtSubscription() {
    let recorder = AnyImmediatePublisher<Int, TestError>.just(1).record()
    #expect(recorder.events == [.subscription, .value(1), .finished])
  }

  @Test func justWaitsForDemandThenPublishesInsideTheFirstRequest() {
    expectPublishesOnDemand(AnyImmediatePublisher<Int, Never>.just(1), 1)
  }

  @Test func justPublishesNothingAfterCancel() {
    let recorder = AnyImmediatePublisher<Int, Never>.just(1).record(demand: .none)

    recorder.cancel()
    recorder.request(.max(1))

    #expect(recorder.events == [.subscription])
  }

  @Test func failFailsAtSubscriptionWithoutDemand() {
    expectFailsWithoutDemand(AnyImmediatePublisher<Int, TestError>.fail(TestError(code: 1)), TestError(code: 1))
  }

  @Test func aConformingPublisherIsErasedThroughThePrimaryAssociatedTypes() {
    let publisher: any ImmediatePublisher<Int, Never> = Just(3)
    #expect(publisher.eraseToAnyImmediatePublisher().record().events == [.subscription, .value(3), .finished])
  }
}
