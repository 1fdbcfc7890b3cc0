// compile-checks: swift-versions 5 6
//
// Code written for the original CombineTraits (groue/CombineTraits), in its
// style, compiles against this package with only the imports changed
// (`import Combine` becomes `import CombineTraits`, which re-exports
// ReactiveCore): the examples of its documentation, then its API, symbol by
// symbol, as Docs/Migration.md's table lists it. Checked in Swift 5 and
// Swift 6 language modes. A spelling the original used and this package
// renamed compiles with a deprecation warning, expected below; the
// spellings it refuses are in Tests/CompileChecks/SingleConformances.swift
// and the other conformance checks.
import AsynchronousOperation
import CancelBag
import CombineTraits
import Foundation

struct APIModel {}
struct Model { init(_ apiModel: APIModel) {} }
struct MyError: Error, Equatable {}
struct MissingNameError: Error {}
func handle(_ name: String) {}
func handle(_ error: Error) {}
func handleNoName() {}

// MARK: - Usage

func downloadPublisher() -> AnySinglePublisher<APIModel, Error> { .just(APIModel()) }
func savePublisher(_ model: Model) -> AnySinglePublisher<Void, Error> { .just(()) }

func refreshPublisher() -> AnySinglePublisher<Void, Error> {
  downloadPublisher()
    .map { apiModel in Model(apiModel) }
    .flatMap { model in savePublisher(model) }
    .eraseToAnySinglePublisher()
}

func consumeRefresh() -> AnyCancellable {
  let cancellable = refreshPublisher().sinkSingle { result in
    switch result {
    case .success: break
    case let .failure(error): handle(error)
    }
  }
  return cancellable
}

// MARK: - Single publishers

func namePublisher() -> AnySinglePublisher<String, Error> {
  Just("Alice")
    .setFailureType(to: Error.self)
    .eraseToAnySinglePublisher()
}

func shortNamePublisher() -> AnySinglePublisher<String, Error> {
  .just("Alice")
}

func consumeName() -> AnyCancellable {
  let cancellable = namePublisher().sinkSingle { (result: Result<String, Error>) in
    switch result {
    case let .success(name):
      handle(name)
    case let .failure(error):
      handle(error)
    }
  }
  return cancellable
}

struct MySinglePublisher: Publisher {
  typealias Output = Int
  typealias Failure = Never
  func receive<S>(subscriber: S) where S: Subscriber, Failure == S.Failure, Output == S.Input {
    Just(1).receive(subscriber: subscriber)
  }
}
extension MySinglePublisher: SinglePublisher {}

final class NameModel {
  let nameSubject = CurrentValueSubject<String, Never>("Alice")

  func namePublisher() -> AnySinglePublisher<String, Never> {
    // Safe as long as the subject never finishes:
    nameSubject.prefix(1).assertSingle().eraseToAnySinglePublisher()
  }

  func maybeNamePublisher() -> AnyMaybePublisher<String, Never> {
    nameSubject.prefix(1).assertMaybe().eraseToAnyMaybePublisher()
  }
}

func uncheckedSingles(error: MyError, someSubject: PassthroughSubject<Int, MyError>) {
  _ = [1].publisher.uncheckedSingle()
  _ = [1, 2].publisher.prefix(1).uncheckedSingle()
  _ = Empty<Int, Never>().uncheckedSingle()
  _ = Just(1).setFailureType(to: MyError.self).append(Fail(error: error)).uncheckedSingle()
  _ = someSubject.prefix(1).uncheckedSingle()
}

func basicSinglePublishers(value: Int, error: MyError) {
  _ = AnySinglePublisher<Int, MyError>.just(value)
  _ = AnySinglePublisher<Int, MyError>.fail(error)
  _ = AnySinglePublisher<Int, MyError>.never()
}

func traitPublishersSingle(otherSinglePublisher: AnySinglePublisher<String, MyError>) {
  _ = TraitPublishers.Single<String, MyError> { promise in
    promise(.success("Alice"))
    promise(.failure(MyError()))
    return AnyCancellable {
      // Perform cleanup
    }
  }
  _ = TraitPublishers.Single<String, MyError> { promise in
    return otherSinglePublisher.sinkSingle(receive: promise)
  }
  // expected-warning@+2 {{'PublisherTraits' is deprecated: PublisherTraits was renamed TraitPublishers}}
  // expected-note@+1 {{use 'TraitPublishers' instead}}
  _ = PublisherTraits.Single<String, MyError> { promise in
    return otherSinglePublisher.sinkSingle(receive: promise)
  }
}

// MARK: - TraitSubscriptions: an NSObject subclass that adopts a delegate protocol

/// A delegate protocol of the kind Objective-C APIs declare.
protocol PickerDelegate: NSObjectProtocol {
  func pickerDidCancel(_ picker: Picker)
  func picker(_ picker: Picker, didPick number: String)
}

final class Picker {
  weak var delegate: PickerDelegate?
  func present() {}
  func dismiss() {}
}

struct PhoneNumberPublisher: SinglePublisher {
  typealias Output = String?
  typealias Failure = Never

  let picker: Picker

  func receive<S>(subscriber: S) where S: Subscriber, Failure == S.Failure, Output == S.Input {
    let subscription = Subscription(
      downstream: subscriber,
      context: picker
    )
    subscriber.receive(subscription: subscription)
  }

  private class Subscription<Downstream: Subscriber>:
    TraitSubscriptions.Single<Downstream, Picker>,
    PickerDelegate
  where
    Downstream.Input == Output,
    Downstream.Failure == Failure
  {
    override func start(with picker: Picker) {
      picker.delegate = self
      picker.present()
    }

    override func didCancel(with picker: Picker) {
      picker.dismiss()
    }

    func pickerDidCancel(_ picker: Picker) {
      receive(.success(nil))
    }

    func picker(_ picker: Picker, didPick number: String) {
      receive(.success(number))
    }
  }
}

final class PhoneNumberViewModel {
  var cancellables = Set<AnyCancellable>()

  func pickPhoneNumber(picker: Picker) {
    PhoneNumberPublisher(picker: picker)
      .sink { contact in
        // handle contact
      }
      .store(in: &cancellables)
  }
}

struct MaybePickerPublisher: MaybePublisher {
  typealias Output = String
  typealias Failure = Never

  let picker: Picker

  func receive<S>(subscriber: S) where S: Subscriber, Failure == S.Failure, Output == S.Input {
    subscriber.receive(subscription: Subscription(downstream: subscriber, context: picker))
  }

  private class Subscription<Downstream: Subscriber>: TraitSubscriptions.Maybe<Downstream, Picker>
  where Downstream.Input == Output, Downstream.Failure == Failure {
    override func start(with picker: Picker) { receive(.finished) }
    override func didCancel(with picker: Picker) {}
    override func didComplete(with picker: Picker) {}
  }
}

// expected-warning@+2 {{'SingleSubscription' is deprecated: renamed to 'TraitSubscriptions.Single'}}
// expected-note@+1 {{use 'TraitSubscriptions.Single' instead}}
class OldStyleSubscription<Downstream: Subscriber>: SingleSubscription<Downstream, Void>
where Downstream.Input == Int, Downstream.Failure == Never {}

// MARK: - Maybe publishers

func maybeNamePublisher() -> AnyMaybePublisher<String, Error> {
  Just("Alice")
    .setFailureType(to: Error.self)
    .eraseToAnyMaybePublisher()
}

func consumeMaybeName() -> AnyCancellable {
  let cancellable = maybeNamePublisher().sinkMaybe { (result: MaybeResult<String, Error>) in
    switch result {
    case .finished:
      handleNoName()
    case let .success(name):
      handle(name)
    case let .failure(error):
      handle(error)
    }
  }
  return cancellable
}

func basicMaybePublishers(value: Int, error: MyError) {
  _ = AnyMaybePublisher<Int, MyError>.empty()
  _ = AnyMaybePublisher<Int, MyError>.just(value)
  _ = AnyMaybePublisher<Int, MyError>.fail(error)
  _ = AnyMaybePublisher<Int, MyError>.never()
  _ = TraitPublishers.Maybe<String, MyError> { promise in
    promise(.finished)
    promise(.success("Alice"))
    promise(.failure(MyError()))
    return AnyCancellable {}
  }
}

func uncheckedMaybes(someSubject: PassthroughSubject<Int, MyError>) {
  _ = [Int]().publisher.uncheckedMaybe()
  _ = [1].publisher.uncheckedMaybe()
  _ = [1, 2].publisher.prefix(1).uncheckedMaybe()
  _ = someSubject.prefix(1).uncheckedMaybe()
}

func maybeResults(result: MaybeResult<Int, MyError>) throws {
  _ = result.map { $0 + 1 }
  _ = result.mapError { _ in MissingNameError() }
  _ = result.flatMap { MaybeResult<String, MyError>.success("\($0)") }
  _ = result.flatMapError { _ in MaybeResult<Int, MissingNameError>.finished }
  let value: Int? = try result.get()
  _ = value
  _ = result == .finished
}

// MARK: - Immediate publishers

func immediatePublishers(error: MyError) {
  let just: AnyImmediatePublisher<Int, Never> = Just(1).eraseToAnyImmediatePublisher()
  _ = AnyImmediatePublisher<Int, MyError>.just(1)
  _ = AnyImmediatePublisher<Int, MyError>.fail(error)
  _ = [1].publisher.uncheckedImmediate()
  _ = just
}

// MARK: - Errors: exhaustive switches, written the original's way

func describe(_ error: SingleError<MyError>) -> String {
  switch error {
  case .missingElement: return "missing element"
  case .tooManyElements: return "too many elements"
  case .bothElementAndError: return "both element and error"
  case let .upstream(error): return "upstream \(error)"
  }
}

func describe(_ error: MaybeError<MyError>) -> String {
  switch error {
  case .tooManyElements: return "too many elements"
  case .bothElementAndError: return "both element and error"
  case let .upstream(error): return "upstream \(error)"
  }
}

func checkedPublishers(subject: PassthroughSubject<Int, MyError>) -> AnyCancellable {
  subject.checkSingle().sinkSingle { result in
    if case .failure(.bothElementAndError) = result { print("contract broken") }
  }
}

// MARK: - Operators

func operators(nameSubject: PassthroughSubject<String, Never>) {
  _ = nameSubject.prefix(1).assertSingle("Names").eraseToAnySinglePublisher()
  _ = nameSubject.prefix(1).assertMaybe("Names").eraseToAnyMaybePublisher()
  _ = nameSubject.assertImmediate("Names").eraseToAnyImmediatePublisher()
  _ = nameSubject.prefix(1).assertSingle("Names", file: #file, line: #line)

  let signOut: AnySinglePublisher<Void, Never> =
    Publishers
    .Zip3(Just(()), Just(()), Just(()))
    .map { _ in }
    .preventCancellation()
    .eraseToAnySinglePublisher()
  _ = signOut

  let nameMaybe: AnyMaybePublisher<String, Never> = nameSubject.first().eraseToAnyMaybePublisher()
  let nameSingle: AnySinglePublisher<String, Error> =
    nameMaybe
    .setFailureType(to: Error.self)
    .replaceEmpty(withError: MissingNameError())
    .eraseToAnySinglePublisher()
  _ = nameSingle
}

// MARK: - Publisher types the original names

func publisherTypes(subject: PassthroughSubject<Int, Never>) {
  // expected-warning@+2 {{'CheckSinglePublisher' is deprecated: renamed to 'Publishers.CheckSingle'}}
  // expected-note@+1 {{use 'Publishers.CheckSingle' instead}}
  let checkSingle: CheckSinglePublisher<PassthroughSubject<Int, Never>> = subject.checkSingle()
  // expected-warning@+2 {{'AssertSinglePublisher' is deprecated: renamed to 'Publishers.AssertSingle'}}
  // expected-note@+1 {{use 'Publishers.AssertSingle' instead}}
  let assertSingle: AssertSinglePublisher<PassthroughSubject<Int, Never>> = subject.assertSingle()
  // expected-warning@+2 {{'CheckMaybePublisher' is deprecated: renamed to 'Publishers.CheckMaybe'}}
  // expected-note@+1 {{use 'Publishers.CheckMaybe' instead}}
  let checkMaybe: CheckMaybePublisher<PassthroughSubject<Int, Never>> = subject.checkMaybe()
  // expected-warning@+2 {{'AssertMaybePublisher' is deprecated: renamed to 'Publishers.AssertMaybe'}}
  // expected-note@+1 {{use 'Publishers.AssertMaybe' instead}}
  let assertMaybe: AssertMaybePublisher<PassthroughSubject<Int, Never>> = subject.assertMaybe()
  // expected-warning@+2 {{'AssertImmediatePublisher' is deprecated: renamed to 'Publishers.AssertImmediate'}}
  // expected-note@+1 {{use 'Publishers.AssertImmediate' instead}}
  let assertImmediate: AssertImmediatePublisher<PassthroughSubject<Int, Never>> = subject.assertImmediate()
  _ = (checkSingle, assertSingle, checkMaybe, assertMaybe, assertImmediate)

  let zipped: TraitPublishers.ZipSingle<[AnySinglePublisher<Int, Never>]> = [.just(1), .just(2)].zipSingle()
  let zippedArray: AnySinglePublisher<[Int], Never> = zipped.eraseToAnySinglePublisher()
  _ = zippedArray

  let queue = OperationQueue()
  let asOperation: TraitPublishers.AsOperation<Just<Int>> = Just(1).asOperation(in: queue)
  _ = Just(1).asOperation(in: queue, queuePriority: .high)
  _ = TraitPublishers.AsOperation(upstream: Just(1), operationQueue: queue)
  _ = asOperation.subscribe(on: DispatchQueue.main).receive(on: DispatchQueue.main)

  let operation: SinglePublisherOperation<Just<Int>> = Just(1).makeOperation()
  queue.addOperation(operation)
  if let result = operation.result {
    _ = result  // Operation is finished
  }
  _ = TraitPublishers.PreventCancellation(upstream: Just(1))
}

// MARK: - CancelBag

final class BagOwner {
  let cancellables = CancelBag()

  func subscribe(publisher: PassthroughSubject<Int, MyError>, single: AnySinglePublisher<Int, MyError>) {
    publisher.sink(
      in: cancellables,
      receiveCompletion: { completion in print(completion) },
      receiveValue: { value in print(value) }
    )
    let cancellable = publisher.sink(
      in: cancellables,
      receiveCompletion: { _ in },
      receiveValue: { _ in }
    )
    cancellable.cancel()

    Just(1).sink(in: cancellables) { value in print(value) }
    single.sinkSingle(in: cancellables) { result in print(result) }
    let maybe: AnyCancellable = single.sinkMaybe(in: cancellables) { result in print(result) }
    maybe.cancel()

    publisher.sink(receiveCompletion: { _ in }, receiveValue: { _ in }).store(in: cancellables)
    AnyCancellable {}.store(in: cancellables)
    if cancellables.isEmpty { cancellables.cancel() }
  }
}

// MARK: - AsynchronousOperation

final class Countdown: AsynchronousOperation<Int, MyError>, @unchecked Sendable {
  // (Swift 6 asks every subclass of Foundation's Operation to restate
  // `@unchecked Sendable`; Swift 5 accepts it too.)
  override func main() {
    DispatchQueue.global().async {
      self.finish(with: .success(3))
    }
  }

  override func didComplete() {
    print("completed with", String(describing: result))
  }
}

func operations() {
  let queue = OperationQueue(name: "countdown", qualityOfService: .utility, maxConcurrentOperationCount: 1)
  let countdown = Countdown()
  countdown.handleCompletion { result in print(result as Any) }
  countdown.handleCompletion(onQueue: nil) { result in print(result as Any) }
  countdown.handleCompletion(onQueue: DispatchQueue.global(), result: { _ in })
  let block = AsynchronousOperation<String, Never>.blockOperation { operation in
    operation.finish(with: .success("done"))
  }
  queue.addOperations([countdown, block], waitUntilFinished: false)
  block.cancel()
  _ = OperationQueue(qualityOfService: .background)
}
