import CompletableTraits
import MaybeTraits
import ReactiveCore
import SingleTraits
import Testing
import TraitsTesting

@Suite struct AsCompletableTests {
  @Test func forgetsTheValueOfASingle() {
    let recording = completable(Just(1).setFailureType(to: TestError.self).asCompletable()).record()
    #expect(recording.events == [.subscription, .finished])
  }

  @Test func keepsTheFailureOfAMaybe() {
    let maybe = Fail<Int, TestError>(error: TestError(code: 1)).eraseToAnyMaybePublisher()
    #expect(maybe.asCompletable().record().events == [.subscription, .failure(TestError(code: 1))])
  }

  @Test func anEmptyMaybeFinishes() {
    #expect(AnyMaybePublisher<Int, TestError>.empty().asCompletable().record().events == [.subscription, .finished])
  }

  @Test func cancelReachesTheUpstream() {
    let upstream = TestPublisher<Int, TestError>()
    let recording = ForwardSingle(upstream: upstream).asCompletable().record()
    recording.cancel()
    #expect(upstream.cancellations == 1)
  }
}

/// Forwards a test-controlled upstream as a single publisher, trusting it.
private struct ForwardSingle<Upstream: Publisher>: SinglePublisher {
  typealias Output = Upstream.Output
  typealias Failure = Upstream.Failure
  let upstream: Upstream

  func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
    upstream.receive(subscriber: subscriber)
  }
}
