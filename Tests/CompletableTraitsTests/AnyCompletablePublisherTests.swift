import CompletableTraits
import MaybeTraits
import ReactiveCore
import Testing
import TraitsTesting

@Suite struct AnyCompletablePublisherTests {
  @Test func emptyFinishes() {
    #expect(AnyCompletablePublisher<TestError>.empty().record().events == [.subscription, .finished])
  }

  @Test func failFails() {
    let recording = AnyCompletablePublisher<TestError>.fail(TestError(code: 1)).record()
    #expect(recording.events == [.subscription, .failure(TestError(code: 1))])
  }

  @Test func neverDoesNotComplete() {
    #expect(AnyCompletablePublisher<TestError>.never().record().events == [.subscription])
  }

  @Test func erasureKeepsTheEventsAndIsNotDoubled() {
    let upstream = PassthroughSubject<Never, TestError>()
    let erased = ForwardCompletable(upstream: upstream).eraseToAnyCompletablePublisher()
    let twice = AnyCompletablePublisher(erased)
    let recording = twice.record()
    upstream.send(completion: .failure(TestError(code: 2)))
    #expect(recording.events == [.subscription, .failure(TestError(code: 2))])
    #expect(erased.eraseToAnyCompletablePublisher().description == "AnyCompletablePublisher")
  }

  @Test func cancelReachesTheErasedPublisher() {
    let upstream = TestPublisher<Never, TestError>()
    let recording = ForwardCompletable(upstream: upstream).eraseToAnyCompletablePublisher().record()
    recording.cancel()
    #expect(upstream.cancellations == 1)
  }

  @Test func aCompletableIsAMaybe() {
    let maybe: AnyMaybePublisher<Never, TestError> = AnyCompletablePublisher.empty().eraseToAnyMaybePublisher()
    #expect(maybe.record().events == [.subscription, .finished])
  }
}
