import CompletableTraits
import MaybeTraits
import ReactiveCore
import SingleTraits
import Testing
import TraitsTesting

@Suite struct AndThenTests {
  /// Compiles only for a single publisher.
  private func single<P: SinglePublisher>(_ publisher: P) -> P { publisher }
  /// Compiles only for a maybe publisher.
  private func maybe<P: MaybePublisher>(_ publisher: P) -> P { publisher }

  @Test func aSingleAfterACompletableIsASingle() {
    let result = single(Empty<Never, TestError>().andThen(Just(1).setFailureType(to: TestError.self)))
    #expect(result.record().events == [.subscription, .value(1), .finished])
  }

  @Test func aMaybeAfterACompletableIsAMaybe() {
    let result = maybe(Empty<Never, TestError>().andThen(Empty<Int, TestError>()))
    #expect(result.record().events == [.subscription, .finished])
  }

  @Test func aCompletableAfterACompletableIsACompletable() {
    let result = completable(Empty<Never, TestError>().andThen(Fail<Never, TestError>(error: TestError(code: 2))))
    #expect(result.record().events == [.subscription, .failure(TestError(code: 2))])
  }

  @Test func anyPublisherAfterACompletablePublishesItsValues() {
    let result = Empty<Never, Never>().andThen([1, 2, 3].publisher)
    #expect(result.record().events == [.subscription, .value(1), .value(2), .value(3), .finished])
  }

  @Test func theNextPublisherIsSubscribedOnlyAfterTheFirstFinishes() {
    let first = TestPublisher<Never, TestError>()
    let next = TestPublisher<Int, TestError>()
    let recording = ForwardCompletable(upstream: first).andThen(next).record(demand: .max(1))
    #expect(next.subscriptionCount == 0)
    first.send(completion: .finished)
    #expect(next.subscriptionCount == 1)
    #expect(next.requests == [.max(1)])  // the whole demand goes to the next publisher
    next.send(4)
    next.send(completion: .finished)
    #expect(recording.events == [.subscription, .value(4), .finished])
  }

  @Test func aFailureOfTheFirstSkipsTheNext() {
    let first = TestPublisher<Never, TestError>()
    let next = TestPublisher<Int, TestError>()
    let recording = ForwardCompletable(upstream: first).andThen(next).record()
    first.send(completion: .failure(TestError(code: 7)))
    #expect(recording.events == [.subscription, .failure(TestError(code: 7))])
    #expect(next.subscriptionCount == 0)
  }

  @Test func cancelReachesTheFirstThenTheNext() {
    let first = TestPublisher<Never, TestError>()
    let next = TestPublisher<Int, TestError>()
    let early = ForwardCompletable(upstream: first).andThen(next).record()
    early.cancel()
    #expect(first.cancellations == 1)

    let first2 = TestPublisher<Never, TestError>()
    let late = ForwardCompletable(upstream: first2).andThen(next).record()
    first2.send(completion: .finished)
    late.cancel()
    #expect(next.cancellations == 1)
  }

  @Test func releasesBothPublishersSubscriptionsAfterCompletion() {
    weak var weakToken: Token?
    let recording: RecordingSubscriber<Int, TestError>
    do {
      let token = Token()
      weakToken = token
      let next = Deferred { Just(token) }.map { _ in 1 }.setFailureType(to: TestError.self)
      recording = Empty<Never, TestError>().andThen(next).record()
    }
    #expect(recording.events == [.subscription, .value(1), .finished])
    #expect(weakToken == nil)
  }
}
