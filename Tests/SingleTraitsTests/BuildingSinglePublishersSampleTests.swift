import ReactiveCore
import SingleTraits
import Testing
import TraitsTesting

/// The samples of the "Building Single Publishers" section of the specification.
@Suite struct BuildingSinglePublishersSampleTests {
  /// A compiler-checked single publisher: a type that publishes exactly one value.
  struct MySinglePublisher: Publisher {
    typealias Output = Int
    typealias Failure = Never

    func receive<S: Subscriber>(subscriber: S) where S.Input == Int, S.Failure == Never {
      Just(1).receive(subscriber: subscriber)
    }
  }

  @Test func aTypeBecomesSingleWithAnExtension() {
    let singlePublisher = MySinglePublisher().eraseToAnySinglePublisher()
    let outcomes = Collector<Int>()
    let cancellable = MySinglePublisher().sinkSingle { result in outcomes.append(result.get()) }
    #expect(singlePublisher.record().events == [.subscription, .value(1), .finished])
    #expect(outcomes.all == [1])
    withExtendedLifetime(cancellable) {}
  }

  @Test func checkSingleFailsForEachWrongSample() {
    #expect(Empty<Int, TestError>().checkSingle().record().completion == .failure(.missingElement))
    #expect(
      [1, 2].publisher.setFailureType(to: TestError.self).checkSingle().record().completion
        == .failure(.tooManyElements)
    )
    let valueThenError = Just(1).setFailureType(to: TestError.self).append(Fail(error: TestError()))
    #expect(valueThenError.checkSingle().record().completion == .failure(.bothElementAndError(TestError())))
  }

  #if !REACTIVECORE_IS_OPENCOMBINE  // OpenCombine's prefix(1) finishes one value late (Compatibility/)
  @Test func assertSingleIsSafeAsLongAsTheSubjectNeverFinishes() {
    let nameSubject = CurrentValueSubject<String, Never>("Alice")
    func namePublisher() -> AnySinglePublisher<String, Never> {
      nameSubject.prefix(1).assertSingle().eraseToAnySinglePublisher()
    }
    #expect(namePublisher().record().events == [.subscription, .value("Alice"), .finished])
  }
  #endif

  @Test func assertSingleTrapsWhenTheSubjectFinishesFirst() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      let nameSubject = CurrentValueSubject<String, Never>("Alice")
      nameSubject.send(completion: .finished)
      _ = nameSubject.prefix(1).assertSingle(file: "Names.swift", line: 12).record()
    }
    #expect(result.standardErrorText.contains("Single violation: missing element (Names.swift:12)"))
  }

  @Test func uncheckedSingleOnTheCorrectSamples() {
    #expect([1].publisher.uncheckedSingle().record().events == [.subscription, .value(1), .finished])
    #expect([1, 2].publisher.prefix(1).uncheckedSingle().record().events == [.subscription, .value(1), .finished])
  }
}

extension BuildingSinglePublishersSampleTests.MySinglePublisher: SinglePublisher {}
