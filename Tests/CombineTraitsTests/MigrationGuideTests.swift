import CombineTraits
import Testing

/// The examples of Docs/Migration.md, as written, with what the page says they do.
@Suite struct MigrationGuideTests {
  enum LookupError: Error, Equatable {
    case notFound
  }

  final class Thermometer {
    let readings = PassthroughSubject<Double, Never>()
    private var cancellables = Set<AnyCancellable>()

    func start(display: @escaping (String) -> Void) {
      readings
        .removeDuplicates()
        .map { "\($0) °C" }
        .sink(receiveValue: display)
        .store(in: &cancellables)
    }
  }

  @Test func combineCodeCompilesUnchanged() {
    let thermometer = Thermometer()
    var shown: [String] = []
    thermometer.start { shown.append($0) }
    thermometer.readings.send(20.5)
    thermometer.readings.send(20.5)
    thermometer.readings.send(21)
    #expect(shown == ["20.5 °C", "21.0 °C"])
  }

  @Test func originalSpellingsKeepCompiling() {
    func refreshAll(_ ids: [Int]) -> [AnySinglePublisher<Int, Never>] {
      ids.map { [$0].publisher.uncheckedSingle() }
    }
    let fallback = AnySinglePublisher.just(0)
    let failed = AnySinglePublisher.fail(LookupError.notFound, outputType: String.self)
    #expect(refreshAll([1, 2]).map { $0.record().values } == [[1], [2]])
    #expect(fallback.record().values == [0])
    #expect(failed.record().events == [.subscription, .failure(.notFound)])
  }

  @Test func filterOfASingleIsAMaybe() {
    func fullName(of login: String) -> AnySinglePublisher<String, LookupError> {
      let names = ["ada": "Ada Lovelace"]
      return Just(login)
        .compactMap { names[$0] }  // a maybe: the login may be unknown
        .setFailureType(to: LookupError.self)
        .replaceEmpty(withError: .notFound)  // a single again
    }

    #expect(fullName(of: "ada").record().events == [.subscription, .value("Ada Lovelace"), .finished])
    #expect(fullName(of: "bob").record().events == [.subscription, .failure(.notFound)])
  }

  @Test @available(*, deprecated) func renamedTypesStillCompile() {
    let single: PublisherTraits.Single<Int, Never> = PublisherTraits.Single { promise in
      promise(.success(1))
      return AnyCancellable {}
    }
    #expect(single.record().values == [1])
  }
}
