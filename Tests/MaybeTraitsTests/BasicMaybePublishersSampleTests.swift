import MaybeTraits
import ReactiveCore
import Testing
import TraitsTesting

/// The samples of the "Basic Maybe Publishers" section of the specification.
@Suite struct BasicMaybePublishersSampleTests {
  func namePublisher() -> AnyMaybePublisher<String, any Error> {
    .just("Alice")
  }

  /// Seed 000 writes `AnyMaybePublisher.empty`, a property; seeds 001 and
  /// 002, like this package, write the method `AnyMaybePublisher.empty()`.
  @Test func emptyCompletesWithoutPublishingAnyValue() {
    #expect(AnyMaybePublisher<Int, TestError>.empty().record().events == [.subscription, .finished])
  }

  @Test func justPublishesOneValueAndThenCompletes() {
    #expect(AnyMaybePublisher<Int, TestError>.just(1).record().events == [.subscription, .value(1), .finished])
  }

  @Test func failFailsWithTheGivenError() {
    #expect(
      AnyMaybePublisher<Int, TestError>.fail(TestError()).record().events == [.subscription, .failure(TestError())]
    )
  }

  @Test func neverNeverPublishesAnyValueAndNeverCompletes() {
    #expect(AnyMaybePublisher<Int, TestError>.never().record().events == [.subscription])
  }

  @Test func theyAreHandy() {
    let recorder = namePublisher().record()
    #expect(recorder.values == ["Alice"])
    #expect(recorder.isCompleted)
  }
}
