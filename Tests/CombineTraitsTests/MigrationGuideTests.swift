import CombineTraits
import Testing

/// The examples of Docs/Migration.md, as written, with what the page says they do.
@Suite struct MigrationGuideTests {
  enum LookupError: Error, Equatable {
    case notFound
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
