import MaybeTraits
import ReactiveCore
import Testing
import TraitsTesting

/// The examples of Docs/MaybePublisher.md, verbatim, with what the page says they do.
@Suite struct MaybePublisherGuideTests {
  struct User: Equatable {
    var id: Int
    var name: String
  }

  struct Row {
    var key: String
    var value: String
  }

  enum LookupError: Error, Equatable {
    case offline
  }

  /// A callback API, as a third-party SDK would offer it.
  final class TokenStore {
    var stored: [String: String] = [:]
    func read(_ key: String, completion: @escaping (Result<String?, LookupError>) -> Void) {
      completion(.success(stored[key]))
    }
  }

  @Test func aCacheLookupIsAMaybe() {
    let cache = [1: User(id: 1, name: "Alice")]

    func cachedUser(id: Int) -> AnyMaybePublisher<User, Never> {
      cache[id].publisher.eraseToAnyMaybePublisher()
    }

    #expect(cachedUser(id: 1).record().values == [User(id: 1, name: "Alice")])
    #expect(cachedUser(id: 2).record().events == [.subscription, .finished])
  }

  @Test func operatorsKeepTheTrait() {
    let rows = [Row(key: "theme", value: "dark"), Row(key: "font", value: "mono")]

    // first(where:) is a maybe for any upstream; map keeps it one.
    let theme = rows.publisher
      .first { $0.key == "theme" }
      .map(\.value)
      .eraseToAnyMaybePublisher()

    #expect(theme.record().events == [.subscription, .value("dark"), .finished])
  }

  @Test func sinkMaybeReceivesOneOutcome() {
    let cache = [1: User(id: 1, name: "Alice")]
    let log = Collector<String>()

    let cancellable = cache[2].publisher.sinkMaybe { result in
      switch result {
      case .finished: log.append("not cached")
      case let .success(user): log.append("cached: \(user.name)")
      case .failure: log.append("unreachable: the failure type is Never")
      }
    }
    // log == ["not cached"]

    #expect(log.all == ["not cached"])
    withExtendedLifetime(cancellable) {}
  }

  @Test func factoriesOfTheTypeEraser() {
    let settings = ["theme": "dark"]

    func setting(_ key: String) -> AnyMaybePublisher<String, LookupError> {
      guard let value = settings[key] else { return .empty() }
      return .just(value)
    }

    #expect(setting("theme").record().events == [.subscription, .value("dark"), .finished])
    #expect(setting("font").record().events == [.subscription, .finished])
  }

  @Test func checkMaybeTurnsAViolationIntoAnError() {
    // Two rows share a primary key: a database bug, reported as an error.
    let userRows = [User(id: 7, name: "Alice"), User(id: 7, name: "Bob")]
    let user = userRows.publisher.filter { $0.id == 7 }.checkMaybe()
    // user publishes .failure(.tooManyElements)

    #expect(user.record().events == [.subscription, .failure(.tooManyElements)])
  }

  #if !REACTIVECORE_IS_OPENCOMBINE  // OpenCombine's prefix(1) finishes one value late (Compatibility/)
  @Test func assertMaybeAndUncheckedMaybeTrustAPrefix() {
    let names = PassthroughSubject<String, Never>()
    let next = names.prefix(1).assertMaybe()
    let nextUnchecked = names.prefix(1).uncheckedMaybe()

    let checked = next.record()
    let unchecked = nextUnchecked.record()
    names.send("Alice")
    #expect(checked.events == [.subscription, .value("Alice"), .finished])
    #expect(unchecked.events == [.subscription, .value("Alice"), .finished])
  }
  #endif

  @Test func traitPublishersMaybeWrapsACallbackAPI() {
    let store = TokenStore()
    store.stored["session"] = "abc123"

    func token(_ key: String) -> TraitPublishers.Maybe<String, LookupError> {
      TraitPublishers.Maybe { promise in
        store.read(key) { result in
          switch result {
          case let .success(value?): promise(.success(value))
          case .success(nil): promise(.finished)
          case let .failure(error): promise(.failure(error))
          }
        }
        return AnyCancellable {}  // the read cannot be stopped
      }
    }

    #expect(token("session").record().values == ["abc123"])
    #expect(token("refresh").record().events == [.subscription, .finished])
  }
}
