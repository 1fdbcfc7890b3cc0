import CombineTraits
import Foundation
import Synchronization
import Testing

/// The examples of "Operators added by CombineTraits" in Docs/TraitOperators.md,
/// as written, with what the page says they do.
@Suite struct TraitOperatorsAdditionsGuideTests {
  enum LookupError: Error, Equatable {
    case notFound
  }

  enum QuoteError: Error, Equatable {
    case timedOut
    case unavailable
  }

  /// A stand-in for a network service: its answers are given by the test.
  struct QuoteService {
    var price: AnySinglePublisher<Double, QuoteError>
    func quote(_ symbol: String) -> AnySinglePublisher<Double, QuoteError> { price }
    func name(_ symbol: String) -> AnySinglePublisher<String, QuoteError> { .just("\(symbol) Corp.") }
  }

  /// A stand-in for a settings endpoint that counts its downloads.
  final class SettingsAPI: Sendable {
    let downloads = Mutex(0)
    func settings() -> AnySinglePublisher<String, Never> {
      Deferred { [self] () -> Just<String> in
        downloads.withLock { $0 += 1 }
        return Just("dark mode")
      }
      .eraseToAnySinglePublisher()
    }
  }

  func download(_ login: String) -> AnySinglePublisher<String, LookupError> {
    login == "grace" ? .just("Grace Hopper") : .fail(.notFound)
  }

  @Test func ifEmptyAndCompactMap() {
    let cached = ["ada": "Ada Lovelace"]
    func fullNameOrDownload(_ login: String) -> AnySinglePublisher<String, LookupError> {
      cached[login].publisher
        .setFailureType(to: LookupError.self)
        .ifEmpty(switchTo: download(login))  // single: the download is single
        .eraseToAnySinglePublisher()
    }
    let initial: some MaybePublisher<Character, Never> = Just("").compactMap(\.first)  // a maybe

    #expect(fullNameOrDownload("ada").record().events == [.subscription, .value("Ada Lovelace"), .finished])
    #expect(fullNameOrDownload("grace").record().events == [.subscription, .value("Grace Hopper"), .finished])
    #expect(fullNameOrDownload("bob").record().events == [.subscription, .failure(.notFound)])
    #expect(initial.record().events == [.subscription, .finished])
  }

  @Test func aTimeoutThatKeepsSingleAndARetryThatWaits() {
    let scheduler = VirtualTimeScheduler()
    let quoteService = QuoteService(price: .never())

    let quote = quoteService.quote("ACME")
      .timeout(.seconds(5), scheduler: scheduler, error: { .timedOut })
      .retry(2, delay: .seconds(1), scheduler: scheduler)  // still a single

    let single: some SinglePublisher<Double, QuoteError> = quote
    let recording = single.record()
    scheduler.advance(by: .seconds(16))
    #expect(recording.events == [.subscription])  // three attempts of 5 s, 1 s apart: 17 s
    scheduler.advance(by: .seconds(1))
    #expect(recording.events == [.subscription, .failure(.timedOut)])
  }

  @Test func raceZipCache() {
    let primary = QuoteService(price: .never())
    let mirror = QuoteService(price: .just(12.5))
    let api = SettingsAPI()

    let fastest = [primary.quote("ACME"), mirror.quote("ACME")].raceSingle()
    let pair = TraitPublishers.zip(mirror.quote("ACME"), primary.name("ACME"))  // (Double, String)
    let settings = api.settings().cache()  // one download, however many subscribers

    #expect(fastest.record().events == [.subscription, .value(12.5), .finished])
    #expect(pair.map { "\($0.0) \($0.1)" }.record().values == ["12.5 ACME Corp."])
    #expect(settings.record().values == ["dark mode"])
    #expect(settings.record().values == ["dark mode"])
    #expect(api.downloads.withLock { $0 } == 1)
  }

  @Test func immediateReads() {
    let statusUpdates = PassthroughSubject<String, Never>()

    let shout = Just("hello").map { $0.uppercased() }.immediateValue  // "HELLO"
    var statusText = ""
    let subscription = statusUpdates.prepend("connecting…").sinkImmediate { statusText = $0 }  // statusText is set

    #expect(shout == "HELLO")
    #expect(statusText == "connecting…")
    statusUpdates.send("online")
    #expect(statusText == "online")
    withExtendedLifetime(subscription) {}
  }

  @Test func cancelBagAndOperations() {
    let queue = OperationQueue()
    let names = ["ada": "Ada Lovelace"]
    func fullName(_ login: String) -> AnySinglePublisher<String, LookupError> {
      names[login].publisher.setFailureType(to: LookupError.self).replaceEmpty(withError: .notFound)
    }

    // The page prints the result; here print records it instead of writing to the test log.
    let printed = Mutex<[String]>([])
    @Sendable func print(_ item: Any) { printed.withLock { $0.append("\(item)") } }

    let bag = CancelBag()
    fullName("ada").sinkSingle(in: bag) { print($0) }  // bag.count == 0 once it completes
    #expect(bag.count == 0)
    #expect(printed.withLock { $0 } == [#"success("Ada Lovelace")"#])

    let operation = fullName("ada").makeOperation()
    queue.addOperations([operation], waitUntilFinished: true)
    let result = operation.result  // .success("Ada Lovelace")
    let queued = fullName("ada").asOperation(in: queue, queuePriority: .high)

    let outcome = Mutex<Result<String, LookupError>?>(nil)
    queued.sinkSingle(in: bag) { result in
      outcome.withLock { $0 = result }
    }
    queue.waitUntilAllOperationsAreFinished()
    #expect(result == .success("Ada Lovelace"))
    #expect(outcome.withLock { $0 } == .success("Ada Lovelace"))
  }

  @Test func conversionMatrix() {
    let maybe: some MaybePublisher<Int, Never> = [1, 2].publisher.first()
    let single: some SinglePublisher<Int, Never> = Empty<Int, Never>().ifEmpty(default: 0)
    let immediate: some ImmediatePublisher<Int, Never> = PassthroughSubject<Int, Never>().prepend(1)
    let fromImmediate: some SinglePublisher<Int, Never> = immediate.first().ifEmpty(default: 0)
    let maybeOfSingle: some MaybePublisher<Int, Never> = Just(1).compactMap { $0 > 0 ? $0 : nil }

    #expect(maybe.record().values == [1])
    #expect(single.record().values == [0])
    #expect(fromImmediate.record().values == [1])
    #expect(maybeOfSingle.record().values == [1])
    #expect(Just(3).immediateValue == 3)
  }
}
