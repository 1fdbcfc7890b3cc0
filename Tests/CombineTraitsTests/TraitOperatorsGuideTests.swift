import CombineTraits
import Testing

/// The examples of Docs/TraitOperators.md, as written, with what the page says they do.
@Suite struct TraitOperatorsGuideTests {
  enum LookupError: Error, Equatable {
    case notFound
  }

  @Test func coreOperatorsThatKeepOrMakeATrait() {
    let total: some SinglePublisher<Int, Never> = [1, 2, 3].publisher.reduce(0, +)
    let firstEven: some MaybePublisher<Int, Never> = [1, 2, 3].publisher.first(where: { $0.isMultiple(of: 2) })
    let label: some SinglePublisher<String, Never> = Just(3).map { "\($0) items" }

    #expect(total.record().events == [.subscription, .value(6), .finished])
    #expect(firstEven.record().events == [.subscription, .value(2), .finished])
    #expect(label.record().events == [.subscription, .value("3 items"), .finished])
  }

  @Test func shareIsOnlyAMaybe() {
    let shared: some MaybePublisher<Int, Never> = Just(1).share()
    let early = shared.record()
    let late = shared.record()
    #expect(early.events == [.subscription, .value(1), .finished])
    #expect(late.events == [.subscription, .finished])
  }

  @Test func operatorsThatMakeOrReshapeATrait() {
    let statusUpdates = PassthroughSubject<String, Never>()

    let names = ["ada": "Ada Lovelace"]
    func fullName(_ login: String) -> AnySinglePublisher<String, LookupError> {
      names[login].publisher
        .setFailureType(to: LookupError.self)
        .replaceEmpty(withError: .notFound)
    }

    let team = ["ada", "ada"].map(fullName).zipSingle()  // single of [String]
    let status = statusUpdates.prepend("connecting…")  // immediate

    #expect(team.record().events == [.subscription, .value(["Ada Lovelace", "Ada Lovelace"]), .finished])
    #expect(fullName("bob").record().events == [.subscription, .failure(.notFound)])
    let immediate: some ImmediatePublisher<String, Never> = status
    let recorder = immediate.record()
    #expect(recorder.values == ["connecting…"])
    statusUpdates.send("online")
    #expect(recorder.values == ["connecting…", "online"])
  }

  @Test func conversions() {
    let lookup: some Publisher<String, LookupError> = ["ada"].publisher.setFailureType(to: LookupError.self)
    let checked = lookup.checkSingle()  // fails with SingleError.tooManyElements if it lied

    #expect(checked.record().events == [.subscription, .value("ada"), .finished])
    let liar = ["ada", "bob"].publisher.setFailureType(to: LookupError.self).checkSingle()
    #expect(liar.record().completion == .failure(.tooManyElements))
  }

  @Test func conversionMatrixCompletableRow() {
    let completable: some CompletablePublisher<Never> = Just(1).asCompletable()
    let single: some SinglePublisher<Int, Never> = completable.andThen(Just(2))
    let ignored: some CompletablePublisher<Never> = [1, 2].publisher.ignoreOutput()
    let maybe: some MaybePublisher<Never, Never> = ignored
    #expect(single.record().events == [.subscription, .value(2), .finished])
    #expect(maybe.record().events == [.subscription, .finished])
  }

  @Test func erasingWithoutLosingTheTrait() {
    func greeting() -> AnySinglePublisher<String, Never> {
      Just("hello").map { $0.uppercased() }.eraseToAnySinglePublisher()
    }
    #expect(greeting().record().events == [.subscription, .value("HELLO"), .finished])
  }
}
