import CombineTraits
import Testing

/// Code written for the original CombineTraits compiles unchanged: typed
/// factories, fire-and-forget of completables, unchecked conversions where the
/// context asks for an erased trait publisher, erased publishers of Never.
@Suite struct OriginalLibraryCompatibilityTests {
  struct Failure: Error, Equatable {}

  @Test func justWithoutContextCannotFail() {
    let single = AnySinglePublisher.just(1)
    let maybe = AnyMaybePublisher.just("a")
    let immediate = AnyImmediatePublisher.just(2.5)
    #expect(type(of: single) == AnySinglePublisher<Int, Never>.self)
    #expect(type(of: maybe) == AnyMaybePublisher<String, Never>.self)
    #expect(type(of: immediate) == AnyImmediatePublisher<Double, Never>.self)
    #expect(single.record().events == [.subscription, .value(1), .finished])
    #expect(maybe.record().events == [.subscription, .value("a"), .finished])
    #expect(immediate.record().events == [.subscription, .value(2.5), .finished])
  }

  @Test func justStillTakesItsFailureTypeFromTheContext() {
    let single: AnySinglePublisher<Int, Failure> = .just(1)
    let maybe: AnyMaybePublisher<Int, Failure> = .just(1)
    #expect(single.record().values == [1])
    #expect(maybe.record().values == [1])
  }

  @Test func labelledFactoriesNameTheTypesTheContextWouldGive() {
    let just = AnySinglePublisher.just(1, failureType: Failure.self)
    let fail = AnySinglePublisher.fail(Failure(), outputType: Int.self)
    let never = AnySinglePublisher.never(outputType: Int.self, failureType: Failure.self)
    #expect(type(of: just) == AnySinglePublisher<Int, Failure>.self)
    #expect(type(of: fail) == AnySinglePublisher<Int, Failure>.self)
    #expect(type(of: never) == AnySinglePublisher<Int, Failure>.self)
    #expect(just.record().events == [.subscription, .value(1), .finished])
    #expect(fail.record().events == [.subscription, .failure(Failure())])
    #expect(never.record().events == [.subscription])

    let empty = AnyMaybePublisher.empty(outputType: Int.self, failureType: Failure.self)
    let maybeJust = AnyMaybePublisher.just(1, failureType: Failure.self)
    let maybeFail = AnyMaybePublisher.fail(Failure(), outputType: Int.self)
    let maybeNever = AnyMaybePublisher.never(outputType: Int.self, failureType: Failure.self)
    #expect(empty.record().events == [.subscription, .finished])
    #expect(maybeJust.record().events == [.subscription, .value(1), .finished])
    #expect(maybeFail.record().events == [.subscription, .failure(Failure())])
    #expect(maybeNever.record().events == [.subscription])

    let immediateJust = AnyImmediatePublisher.just(1, failureType: Failure.self)
    let immediateFail = AnyImmediatePublisher.fail(Failure(), outputType: Int.self)
    #expect(immediateJust.record().events == [.subscription, .value(1), .finished])
    #expect(immediateFail.record().events == [.subscription, .failure(Failure())])

    let completable = AnyCompletablePublisher.empty()
    let completableNever = AnyCompletablePublisher.never()
    let typedCompletable = AnyCompletablePublisher.empty(failureType: Failure.self)
    let typedNever = AnyCompletablePublisher.never(failureType: Failure.self)
    #expect(type(of: completable) == AnyCompletablePublisher<Never>.self)
    #expect(type(of: typedNever) == AnyCompletablePublisher<Failure>.self)
    #expect(completable.record().events == [.subscription, .finished])
    #expect(completableNever.record().events == [.subscription])
    #expect(typedCompletable.record().events == [.subscription, .finished])
    #expect(typedNever.record().events == [.subscription])
  }

  @Test func fireAndForgetRunsACompletableToItsEnd() {
    let subject = PassthroughSubject<Int, Never>()
    var completions = 0
    subject.prefix(1)
      .handleEvents(receiveCompletion: { _ in completions += 1 })
      .ignoreOutput()
      .fireAndForget()
    subject.send(1)
    #expect(completions == 1)

    let failing = PassthroughSubject<Int, Failure>()
    var failures = 0
    failing.prefix(1)
      .handleEvents(receiveCompletion: { if case .failure = $0 { failures += 1 } })
      .ignoreOutput()
      .fireAndForgetIgnoringFailure()
    failing.send(completion: .failure(Failure()))
    #expect(failures == 1)
  }

  @Test func uncheckedConversionsGiveTheErasedTypeWhereTheContextAsksForIt() {
    let singles: [AnySinglePublisher<Int, Never>] = [
      [1].publisher.uncheckedSingle(), [2, 3].publisher.prefix(1).uncheckedSingle(),
    ]
    let maybes: [AnyMaybePublisher<Int, Never>] = [[Int]().publisher.uncheckedMaybe(), [4].publisher.uncheckedMaybe()]
    func immediate() -> AnyImmediatePublisher<Int, Never> { [5].publisher.uncheckedImmediate() }
    #expect(singles.map { $0.record().values } == [[1], [2]])
    #expect(maybes.map { $0.record().values } == [[], [4]])
    #expect(immediate().record().values == [5])
  }

  @Test func uncheckedConversionsStayZeroCostWithoutAContext() {
    let single = [1].publisher.uncheckedSingle()
    let maybe = [1].publisher.uncheckedMaybe()
    let immediate = [1].publisher.uncheckedImmediate()
    #expect(type(of: single) == Publishers.UncheckedSingle<Publishers.Sequence<[Int], Never>>.self)
    #expect(type(of: maybe) == Publishers.UncheckedMaybe<Publishers.Sequence<[Int], Never>>.self)
    #expect(type(of: immediate) == Publishers.UncheckedImmediate<Publishers.Sequence<[Int], Never>>.self)
  }

  @Test func anErasedPublisherOfNeverKeepsTheMaybeAndCompletableTraits() {
    let subject = PassthroughSubject<Int, Failure>()
    let erased = subject.ignoreOutput().eraseToAnyPublisher()
    let sawEmpty = Shared<Bool>(false)
    let cancellable = erased.sinkMaybe { result in
      if case .finished = result { sawEmpty.value = true }
    }
    let completable = erased.eraseToAnyCompletablePublisher().record()
    subject.send(completion: .finished)
    #expect(sawEmpty.value)
    #expect(completable.events == [.subscription, .finished])
    cancellable.cancel()
  }
}
