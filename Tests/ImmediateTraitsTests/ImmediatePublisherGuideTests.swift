import ImmediateTraits
import ReactiveCore
import Testing
import TraitsTesting

/// The examples of Docs/ImmediatePublisher.md, verbatim, with what the page says they do.
@Suite struct ImmediatePublisherGuideTests {
  struct Settings: Equatable {
    var theme = "dark"
    var fontSize = 14
  }

  @Test func aSubjectWithACurrentValueBecomesImmediate() {
    let settings = CurrentValueSubject<Settings, Never>(Settings())

    func currentTheme() -> AnyImmediatePublisher<String, Never> {
      settings.uncheckedImmediate().map(\.theme).eraseToAnyImmediatePublisher()
    }

    var theme = ""
    let cancellable = currentTheme().sink { theme = $0 }
    // theme == "dark", before sink returns

    #expect(theme == "dark")
    withExtendedLifetime(cancellable) {}
  }

  @Test func prependAJustToMakeASubjectImmediate() {
    let updates = PassthroughSubject<Int, Never>()
    let fontSize = updates.prepend(Just(14)).eraseToAnyImmediatePublisher()

    var sizes: [Int] = []
    let sizeSubscription = fontSize.sink { sizes.append($0) }
    updates.send(16)
    // sizes == [14, 16]

    #expect(sizes == [14, 16])
    withExtendedLifetime(sizeSubscription) {}
  }

  #if !REACTIVECORE_IS_OPENCOMBINE  // OpenCombine has no merge
  @Test func mergeNeedsOnlyItsFirstPublisherToBeImmediate() {
    let updates = PassthroughSubject<Int, Never>()
    let fontSize = Just(14).merge(with: updates).eraseToAnyImmediatePublisher()

    #expect(fontSize.record().values == [14])
  }
  #endif

  @Test func factoriesOfTheTypeEraser() {
    struct MissingKey: Error, Equatable {}
    let defaults = ["theme": "dark"]

    func setting(_ key: String) -> AnyImmediatePublisher<String, MissingKey> {
      guard let value = defaults[key] else { return .fail(MissingKey()) }
      return .just(value)
    }

    #expect(setting("theme").record().events == [.subscription, .value("dark"), .finished])
    #expect(setting("font").record().events == [.subscription, .failure(MissingKey())])
  }

  @Test func assertImmediateChecksAtRunTime() {
    let settings = CurrentValueSubject<Settings, Never>(Settings())
    let assertedFontSize = settings.map(\.fontSize).assertImmediate()

    #expect(assertedFontSize.record().values == [14])
  }
}
