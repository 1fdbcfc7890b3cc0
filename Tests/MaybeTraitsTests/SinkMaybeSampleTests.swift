import MaybeTraits
import ReactiveCore
import Testing
import TraitsTesting

/// The samples of the "sinkMaybe(receive:)" section of the specification.
@Suite struct SinkMaybeSampleTests {
  /// What the handlers of the samples saw.
  final class Screen: Sendable {
    let nameList = Collector<String>()
    let errorList = Collector<TestError>()
    let noNameList = Collector<Void>()
    var names: [String] { nameList.all }
    var errors: [TestError] { errorList.all }
    var noNames: Int { noNameList.all.count }
    func handle(_ name: String) { nameList.append(name) }
    func handle(_ error: TestError) { errorList.append(error) }
    func handleNoName() { noNameList.append(()) }
  }

  /// A name, no name (`""`), or an error (`nil`).
  func namePublisher(_ name: String?) -> AnyMaybePublisher<String, TestError> {
    switch name {
    case nil: .fail(TestError(code: 500))
    case "": .empty()
    case let name?: .just(name)
    }
  }

  @Test func thereAreOnlyThreeCasesToHandle() {
    let screen = Screen()
    for name in ["Alice", "", nil] {
      // Seeds 000 and 001 spell the first case `case let .empty:`: this
      // package names it `.finished` (seed 002), and a `let` that binds
      // nothing would be a warning.
      let cancellable = namePublisher(name).sinkMaybe { (result: MaybeResult<String, TestError>) in
        switch result {
        case .finished:
          screen.handleNoName()
        case let .success(name):
          screen.handle(name)
        case let .failure(error):
          screen.handle(error)
        }
      }
      withExtendedLifetime(cancellable) {}
    }
    #expect(screen.names == ["Alice"])
    #expect(screen.noNames == 1)
    #expect(screen.errors == [TestError(code: 500)])
  }

  /// The regular `sink(receiveCompletion:receiveValue:)` the section
  /// compares with (the sample's stray closing brace dropped).
  @Test func theRegularSinkNeedsAFlag() {
    let screen = Screen()
    for name in ["Alice", "", nil] {
      var nameReceived = false
      let cancellable = namePublisher(name).sink(
        receiveCompletion: { completion in
          switch completion {
          case .finished:
            if !nameReceived {
              screen.handleNoName()
            }
          case let .failure(error):
            screen.handle(error)
          }
        },
        receiveValue: { name in
          nameReceived = true
          screen.handle(name)
        }
      )
      withExtendedLifetime(cancellable) {}
    }
    #expect(screen.names == ["Alice"])
    #expect(screen.noNames == 1)
    #expect(screen.errors == [TestError(code: 500)])
  }

  /// Seed 002's "Building Maybe Publishers" sample also sinks a publisher
  /// type made maybe by an extension.
  struct MyMaybePublisher: Publisher {
    typealias Output = Int
    typealias Failure = Never
    func receive<S: Subscriber>(subscriber: S) where S.Input == Int, S.Failure == Never {
      Just(1).receive(subscriber: subscriber)
    }
  }

  @Test func sinkMaybeOnAPublisherMadeMaybeByAnExtension() {
    let maybePublisher = MyMaybePublisher().eraseToAnyMaybePublisher()
    let results = Shared<[MaybeResult<Int, Never>]>([])
    let cancellable = MyMaybePublisher().sinkMaybe { result in results.value.append(result) }
    #expect(maybePublisher.record().events == [.subscription, .value(1), .finished])
    #expect(results.value == [.success(1)])
    withExtendedLifetime(cancellable) {}
  }
}

extension SinkMaybeSampleTests.MyMaybePublisher: MaybePublisher {}
