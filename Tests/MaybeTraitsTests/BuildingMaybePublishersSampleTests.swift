import MaybeTraits
import ReactiveCore
import Testing
import TraitsTesting

/// The samples of the specification's "Building Maybe Publishers" section,
/// adapted to ReactiveCore on Linux.
@Suite struct BuildingMaybePublishersSampleTests {
  /// "When you define a publisher type that publishes exactly zero value, or
  /// one value, or an error, you can turn it into a maybe publisher with an extension."
  struct MyMaybePublisher: Publisher {
    typealias Output = Int
    typealias Failure = Never
    func receive<S: Subscriber>(subscriber: S) where S.Input == Int, S.Failure == Never {
      Just(1).receive(subscriber: subscriber)
    }
  }

  @Test func aConformanceByExtension() {
    #expect(MyMaybePublisher().eraseToAnyMaybePublisher().record().values == [1])
  }

  #if !REACTIVECORE_IS_OPENCOMBINE  // OpenCombine's prefix(1) finishes one value late (Compatibility/)
  @Test func assertMaybeOnAPrefixOfASubject() {
    let nameSubject = CurrentValueSubject<String, Never>("Alice")
    func namePublisher() -> AnyMaybePublisher<String, Never> {
      nameSubject.prefix(1).assertMaybe().eraseToAnyMaybePublisher()
    }
    #expect(namePublisher().record().events == [.subscription, .value("Alice"), .finished])
  }
  #endif

  #if !REACTIVECORE_IS_OPENCOMBINE  // OpenCombine's prefix(1) finishes one value late (Compatibility/)
  @Test func correctUncheckedMaybePublishers() {
    let subject = PassthroughSubject<Int, Never>()
    #expect([Int]().publisher.uncheckedMaybe().record().events == [.subscription, .finished])
    #expect([1].publisher.uncheckedMaybe().record().values == [1])
    #expect([1, 2].publisher.prefix(1).uncheckedMaybe().record().values == [1])
    let recorder = subject.prefix(1).uncheckedMaybe().record()
    subject.send(1)
    #expect(recorder.events == [.subscription, .value(1), .finished])
  }
  #endif

  @Test func wrongUncheckedMaybePublishersAreCaughtByCheckMaybe() {
    // The sample's "WRONG" publishers, checked instead of trusted.
    #expect([1, 2].publisher.checkMaybe().record().events == [.subscription, .failure(.tooManyElements)])
    let failing = Just(1).setFailureType(to: TestError.self).append(Fail(error: TestError()))
    #expect(failing.checkMaybe().record().events == [.subscription, .failure(.bothElementAndError(TestError()))])
  }

  @Test func basicMaybePublishers() {
    func namePublisher() -> AnyMaybePublisher<String, any Error> { .just("Alice") }
    #expect(namePublisher().record().values == ["Alice"])
    #expect(AnyMaybePublisher<String, Never>.empty().record().events == [.subscription, .finished])
    #expect(AnyMaybePublisher<String, TestError>.fail(TestError()).record().events.count == 2)
    #expect(AnyMaybePublisher<String, Never>.never().record().events == [.subscription])
  }

  @Test func sinkMaybeHandlesThreeCases() {
    let names = Shared<[String]>([])
    let missing = Shared(0)
    @Sendable func handle(_ result: MaybeResult<String, TestError>) {
      switch result {
      case .finished: missing.value += 1
      case let .success(name): names.value.append(name)
      case .failure: Issue.record("unexpected failure")
      }
    }
    let first = AnyMaybePublisher<String, TestError>.just("Alice").sinkMaybe { handle($0) }
    let second = AnyMaybePublisher<String, TestError>.empty().sinkMaybe { handle($0) }
    #expect(names.value == ["Alice"])
    #expect(missing.value == 1)
    withExtendedLifetime((first, second)) {}
  }
}

extension BuildingMaybePublishersSampleTests.MyMaybePublisher: MaybePublisher {}
