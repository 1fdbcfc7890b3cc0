import CompletableTraits
import Foundation
import MaybeTraits
import ReactiveCore
import Testing
import TraitsTesting

/// One test per family of Packages/CompletableTraits/ReactiveCore+CompletablePublisher.swift:
/// each row's conformance is used (through `completable(_:)`), with the events it gives.
@Suite struct ReactiveCoreConformanceTests {
  let done = Empty<Never, TestError>()
  let failed = Fail<Never, TestError>(error: TestError(code: 1))

  private func finishes<P: CompletablePublisher>(_ publisher: P) -> Bool where P.Failure == TestError {
    publisher.record().events == [.subscription, .finished]
  }

  private func fails<P: CompletablePublisher>(_ publisher: P) -> Bool where P.Failure == TestError {
    publisher.record().events == [.subscription, .failure(TestError(code: 1))]
  }

  @Test func publishersAndSubjects() {
    #expect(finishes(completable(Deferred { Empty<Never, TestError>() })))
    #expect(finishes(completable(done)))
    #expect(fails(completable(failed)))
    #expect(fails(completable(Future<Never, TestError> { $0(.failure(TestError(code: 1))) })))
    #expect(finishes(completable(Optional<Never>.none.publisher.setFailureType(to: TestError.self))))
    #expect(fails(completable(Result<Never, TestError>.Publisher(.failure(TestError(code: 1))))))
    #expect(finishes(completable(done.eraseToAnyPublisher())))
    #expect(fails(completable(failed.eraseToAnyPublisher())))
  }

  @Test func mapping() {
    let numbers = Empty<Int, TestError>()
    #expect(finishes(completable(numbers.compactMap { _ -> Never? in nil })))
    #expect(finishes(completable(done.filter(absurd))))
    // Not `[1, 2].publisher`: its specialised `ignoreOutput()` is an `Empty<Int, _>`.
    #expect(finishes(completable(Record<Int, TestError>(output: [1, 2], completion: .finished).ignoreOutput())))
    #expect(finishes(completable(numbers.map(noValue))))
    #expect(fails(completable(failed.mapError { $0 })))
    #expect(finishes(completable(Empty<NeverBox, TestError>().map(\.never))))
    #expect(finishes(completable(done.removeDuplicates(by: absurd))))
    #expect(finishes(completable(Empty<Never, Never>().setFailureType(to: TestError.self))))
    #expect(finishes(completable(numbers.tryCompactMap { _ -> Never? in nil }.mapError { _ in TestError(code: 1) })))
    #expect(finishes(completable(done.tryFilter(absurd).mapError { _ in TestError(code: 1) })))
    #expect(finishes(completable(numbers.tryMap(noValue).mapError { _ in TestError() })))
    #expect(finishes(completable(done.tryRemoveDuplicates(by: absurd).mapError { _ in TestError() })))
  }

  @Test func reducing() {
    #expect(finishes(completable(done.min(by: absurd))))
    #expect(finishes(completable(done.dropFirst())))
    #expect(finishes(completable(done.drop(while: absurd))))
    #expect(finishes(completable(done.first())))
    #expect(finishes(completable(done.first(where: absurd))))
    #expect(finishes(completable(done.last())))
    #expect(finishes(completable(done.last(where: absurd))))
    #expect(finishes(completable(done.prefix(1))))
    #expect(finishes(completable(done.prefix(while: absurd))))
    #expect(fails(completable(failed.tryMin(by: absurd).mapError { _ in TestError(code: 1) })))
    #expect(fails(completable(failed.tryDrop(while: absurd).mapError { _ in TestError(code: 1) })))
    #expect(fails(completable(failed.tryFirst(where: absurd).mapError { _ in TestError(code: 1) })))
    #expect(fails(completable(failed.tryLast(where: absurd).mapError { _ in TestError(code: 1) })))
    #expect(fails(completable(failed.tryPrefix(while: absurd).mapError { _ in TestError(code: 1) })))
  }

  @Test func combining() {
    let other = PassthroughSubject<Int, TestError>()
    #expect(finishes(completable(done.drop(untilOutputFrom: other))))
    #expect(finishes(completable(Just(1).setFailureType(to: TestError.self).flatMap { _ in self.done })))
    #expect(finishes(completable(done.prefix(untilOutputFrom: other))))
    #expect(finishes(completable(Just(done).setFailureType(to: TestError.self).switchToLatest())))
  }

  @Test func lifecycle() {
    #expect(finishes(completable(Empty<Never, Never>().assertNoFailure().setFailureType(to: TestError.self))))
    let never = Empty<Never, Never>()
    #expect(finishes(completable(never.makeConnectable().autoconnect()).setFailureType(to: TestError.self)))
    #expect(finishes(completable(done.breakpoint())))
    #expect(finishes(completable(failed.catch { _ in self.done })))
    #expect(
      finishes(
        completable(
          Just(Data("x".utf8)).setFailureType(to: TestError.self).decode(type: Never.self, decoder: JSONDecoder())
            .mapError { _ in TestError() }.catch { _ in self.done }
        )
      )
    )
    #expect(
      finishes(completable(Empty<Int, TestError>().encode(encoder: NeverEncoder())).mapError { _ in TestError() })
    )
    #expect(finishes(completable(done.handleEvents())))
    let connectable = completable(never.makeConnectable())
    let recording = connectable.record()
    let connection = connectable.connect()
    #expect(recording.events == [.subscription, .finished])
    withExtendedLifetime(connection) {}
    #expect(finishes(completable(done.print("", to: NullStream()))))
    #expect(fails(completable(failed.retry(1))))
    #expect(finishes(completable(done.share())))
    #expect(finishes(completable(failed.tryCatch { _ in self.done }.mapError { _ in TestError() })))
  }

  @Test func timeAndScheduling() {
    let scheduler = ImmediateScheduler.shared
    #expect(finishes(completable(done.buffer(size: 1, prefetch: .byRequest, whenFull: .dropOldest))))
    #expect(finishes(completable(done.debounce(for: .zero, scheduler: scheduler))))
    #expect(finishes(completable(done.delay(for: .zero, scheduler: scheduler))))
    #expect(finishes(completable(done.receive(on: scheduler))))
    #expect(finishes(completable(done.subscribe(on: scheduler))))
    #expect(finishes(completable(done.throttle(for: .zero, scheduler: scheduler, latest: true))))
    let virtual = VirtualTimeScheduler()
    let timeout = completable(done.timeout(1, scheduler: virtual)).record()
    virtual.advance()  // Timeout delivers on its scheduler
    #expect(timeout.events == [.subscription, .finished])
  }
}

/// The answer to a question about a value that cannot exist.
private func absurd<Answer>(_ never: Never) -> Answer {}

/// The answer to a question about two values that cannot exist.
private func absurd<Answer>(_ never: Never, _ other: Never) -> Answer {}

/// A transform that can never return: mapping to Never.
private func noValue(_ number: Int) -> Never { fatalError("no value") }

/// A type with a property of type Never: a key path to it gives a Never output.
private struct NeverBox {
  var never: Never
}

/// An encoder whose output is Never: it can never encode.
private struct NeverEncoder: TopLevelEncoder {
  func encode<T: Encodable>(_ value: T) throws -> Never { throw TestError() }
}

/// A text stream that drops what it is given.
private struct NullStream: TextOutputStream {
  mutating func write(_ string: String) {}
}
