import MaybeTraits
import ReactiveCore
import Testing
import TraitsTesting

@Suite struct AnyMaybePublisherTests {
  @Test func erasesAMaybePublisherAndKeepsItsEvents() {
    let erased: AnyMaybePublisher<Int, TestError> = ForwardMaybe(upstream: Just(1).setFailureType(to: TestError.self))
      .eraseToAnyMaybePublisher()
    #expect(erased.record().events == [.subscription, .value(1), .finished])
  }

  @Test func isItselfAMaybePublisher() {
    func requiresMaybe<P: MaybePublisher>(_ publisher: P) -> P { publisher }
    let erased = requiresMaybe(AnyMaybePublisher<Int, Never>.just(1))
    #expect(erased.eraseToAnyMaybePublisher().record().events == [.subscription, .value(1), .finished])
  }

  @Test func forwardsDemandAndCancellationToTheErasedPublisher() {
    let upstream = TestPublisher<Int, TestError>()
    let recorder = ForwardMaybe(upstream: upstream).eraseToAnyMaybePublisher().record(demand: .max(1))
    #expect(upstream.requests == [.max(1)])

    recorder.cancel()

    #expect(upstream.cancellations == 1)
  }

  @Test func erasingTwiceDoesNotWrapTwice() {
    let once = AnyMaybePublisher<Int, Never>.just(1)
    let twice = AnyMaybePublisher(once)
    #expect(twice.record().events == [.subscription, .value(1), .finished])
    #expect(String(describing: twice) == "AnyMaybePublisher")
  }

  // MARK: Factories

  @Test func emptyFinishesWithoutAValue() {
    #expect(AnyMaybePublisher<Int, TestError>.empty().record().events == [.subscription, .finished])
  }

  @Test func justPublishesItsValueThenFinishes() {
    let events = AnyMaybePublisher<Int, TestError>.just(1).record().events
    #expect(events == [.subscription, .value(1), .finished])
  }

  @Test func justWaitsForDemand() {
    expectPublishesOnDemand(AnyMaybePublisher<Int, TestError>.just(1), 1)
  }

  @Test func failFailsAtOnce() {
    expectFailsWithoutDemand(AnyMaybePublisher<Int, TestError>.fail(TestError(code: 1)), TestError(code: 1))
  }

  @Test func neverNeitherPublishesNorCompletes() {
    #expect(AnyMaybePublisher<Int, TestError>.never().record().events == [.subscription])
  }

  @Test func factoriesInferTheirTypeFromTheContext() {
    func namePublisher() -> AnyMaybePublisher<String, any Error> { .just("Alice") }
    #expect(namePublisher().record().values == ["Alice"])
  }
}
