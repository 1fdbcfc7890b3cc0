import MaybeTraits
import ReactiveCore
import SingleTraits
import Testing
import TraitsTesting

/// The examples of Docs/SinglePublisher.md, verbatim, with what the page says they do.
@Suite struct SinglePublisherGuideTests {
  struct User: Equatable {
    var id: Int
    var name: String
  }

  enum LookupError: Error, Equatable {
    case notFound
    case offline
  }

  /// A callback API, as a networking library would offer it.
  final class Downloader {
    var pending: [(Result<[UInt8], LookupError>) -> Void] = []
    var cancelled = 0
    func download(_ path: String, completion: @escaping (Result<[UInt8], LookupError>) -> Void) -> Int {
      pending.append(completion)
      return pending.count
    }
    func cancel(_ task: Int) { cancelled += 1 }
  }

  @Test func coreOperatorsKeepTheTrait() {
    let users = [1: User(id: 1, name: "Alice")]

    func user(id: Int) -> AnySinglePublisher<User, LookupError> {
      guard let user = users[id] else { return .fail(.notFound) }
      return Just(user).setFailureType(to: LookupError.self).eraseToAnySinglePublisher()
    }

    let name = user(id: 1).map(\.name).eraseToAnySinglePublisher()

    #expect(name.record().events == [.subscription, .value("Alice"), .finished])
    #expect(user(id: 2).record().events == [.subscription, .failure(.notFound)])
  }

  @Test func filterOfASingleIsOnlyAMaybe() {
    let adult = Just(15).filter { $0 >= 18 }.eraseToAnyMaybePublisher()
    // adult finishes without a value

    #expect(adult.record().events == [.subscription, .finished])
  }

  @Test func sinkSingleReceivesOneResult() {
    let log = Collector<String>()

    let cancellable = AnySinglePublisher<User, LookupError>.just(User(id: 1, name: "Alice"))
      .sinkSingle { result in
        switch result {
        case let .success(user): log.append("hello \(user.name)")
        case let .failure(error): log.append("failed: \(error)")
        }
      }
    // log == ["hello Alice"]

    #expect(log.all == ["hello Alice"])
    withExtendedLifetime(cancellable) {}
  }

  @Test func checkSingleNamesTheViolation() {
    let missing = Empty<User, LookupError>().checkSingle()
    // missing publishes .failure(.missingElement)
    let offline: AnyPublisher<User, LookupError> = Fail(error: .offline).eraseToAnyPublisher()
    let failed = offline.checkSingle()
    // failed publishes .failure(.upstream(.offline))

    #expect(missing.record().events == [.subscription, .failure(.missingElement)])
    #expect(failed.record().events == [.subscription, .failure(.upstream(.offline))])
  }

  #if !REACTIVECORE_IS_OPENCOMBINE  // OpenCombine's prefix(1) finishes one value late (Compatibility/)
  @Test func assertSingleAndUncheckedSingleOnASubject() {
    let answers = PassthroughSubject<Int, Never>()  // never finishes
    let asserted = answers.prefix(1).assertSingle()
    let trusted = answers.prefix(1).uncheckedSingle()

    let first = asserted.record()
    let second = trusted.record()
    answers.send(42)
    #expect(first.events == [.subscription, .value(42), .finished])
    #expect(second.events == [.subscription, .value(42), .finished])
  }
  #endif

  @Test func traitPublishersSingleWrapsADownload() {
    let downloader = Downloader()

    func file(_ path: String) -> TraitPublishers.Single<[UInt8], LookupError> {
      TraitPublishers.Single { promise in
        let task = downloader.download(path) { result in promise(result) }
        return AnyCancellable { downloader.cancel(task) }
      }
    }

    let recording = file("/report.pdf").record()
    downloader.pending[0](.success([0x25, 0x50]))

    #expect(recording.events == [.subscription, .value([0x25, 0x50]), .finished])
    #expect(downloader.cancelled == 1)  // the cleanup runs after the result, too
  }

  @Test func replaceEmptyWithErrorTurnsAMaybeIntoASingle() {
    let cache = [1: User(id: 1, name: "Alice")]

    func cachedUser(id: Int) -> AnySinglePublisher<User, LookupError> {
      cache[id].publisher
        .setFailureType(to: LookupError.self)
        .replaceEmpty(withError: .notFound)
    }

    #expect(cachedUser(id: 1).record().values == [User(id: 1, name: "Alice")])
    #expect(cachedUser(id: 2).record().events == [.subscription, .failure(.notFound)])
  }

  @Test func zipSingleWaitsForEveryValue() {
    func member(id: Int) -> AnySinglePublisher<User, LookupError> {
      .just(User(id: id, name: "user \(id)"))
    }

    let team = [1, 2, 3].map(member(id:)).zipSingle()
    // team publishes the three users, in the order of the ids

    #expect(team.record().values == [[1, 2, 3].map { User(id: $0, name: "user \($0)") }])
  }

  @Test func preventCancellationLetsTheSaveFinish() {
    let log = Collector<String>()
    var finishSave: ((Result<Void, Never>) -> Void)?
    let save = Future<Void, Never> { promise in finishSave = promise }
      .handleEvents(receiveCompletion: { _ in log.append("saved") })

    let screen = save.preventCancellation().sinkSingle { _ in log.append("shown") }
    screen.cancel()  // the screen goes away
    finishSave?(.success(()))
    // log == ["saved"]

    #expect(log.all == ["saved"])
  }

  @Test func fireAndForgetRunsTheWork() {
    var sent: [String] = []

    func track(_ event: String) -> AnySinglePublisher<Void, Never> {
      Just(()).handleEvents(receiveOutput: { sent.append(event) }).eraseToAnySinglePublisher()
    }

    track("launch").fireAndForget()
    // sent == ["launch"]

    #expect(sent == ["launch"])
  }
}
