import ReactiveCore
import SingleTraits
import Testing

/// The samples of the "sinkSingle(receive:)" section of the specification.
@Suite struct SinkSingleSampleTests {
  /// What the handlers of the sample saw.
  final class Screen: Sendable {
    let nameList = Collector<String>()
    let errorList = Collector<TestError>()
    var names: [String] { nameList.all }
    var errors: [TestError] { errorList.all }
    func handle(_ name: String) { nameList.append(name) }
    func handle(_ error: TestError) { errorList.append(error) }
  }

  func namePublisher(_ name: String?) -> AnySinglePublisher<String, TestError> {
    name.map { .just($0) } ?? .fail(TestError(code: 404))
  }

  @Test func thereAreOnlyTwoCasesToHandle() {
    let screen = Screen()
    for name in ["Alice", nil] {
      let cancellable = namePublisher(name).sinkSingle { (result: Result<String, TestError>) in
        switch result {
        case let .success(name):
          screen.handle(name)
        case let .failure(error):
          screen.handle(error)
        }
      }
      withExtendedLifetime(cancellable) {}
    }
    #expect(screen.names == ["Alice"])
    #expect(screen.errors == [TestError(code: 404)])
  }

  /// The regular `sink(receiveCompletion:receiveValue:)` the section
  /// compares with (the sample's stray closing brace dropped).
  @Test func theRegularSinkLeavesTheCasesToTheCaller() {
    let screen = Screen()
    for name in ["Alice", nil] {
      let cancellable = namePublisher(name).sink(
        receiveCompletion: { completion in
          switch completion {
          case .finished:
            break
          case let .failure(error):
            screen.handle(error)
          }
        },
        receiveValue: { name in
          screen.handle(name)
        }
      )
      withExtendedLifetime(cancellable) {}
    }
    #expect(screen.names == ["Alice"])
    #expect(screen.errors == [TestError(code: 404)])
  }
}
