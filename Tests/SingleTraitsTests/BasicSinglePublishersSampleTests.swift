import ReactiveCore
import SingleTraits
import Testing
import TraitsTesting

/// The samples of the "Basic Single Publishers" section of the specification.
@Suite struct BasicSinglePublishersSampleTests {
  func namePublisher() -> AnySinglePublisher<String, any Error> {
    .just("Alice")
  }

  @Test func justPublishesOneValueAndThenCompletes() {
    #expect(AnySinglePublisher<Int, TestError>.just(1).record().events == [.subscription, .value(1), .finished])
  }

  @Test func failFailsWithTheGivenError() {
    #expect(
      AnySinglePublisher<Int, TestError>.fail(TestError()).record().events == [.subscription, .failure(TestError())]
    )
  }

  @Test func neverNeverPublishesAnyValueAndNeverCompletes() {
    #expect(AnySinglePublisher<Int, TestError>.never().record().events == [.subscription])
  }

  @Test func theyAreHandy() {
    #expect(namePublisher().record().values == ["Alice"])
  }
}
