import ReactiveCore
import SingleTraits
import Testing
import TraitsTesting

/// The samples of the "AnySinglePublisher" section of the specification.
@Suite struct AnySinglePublisherSampleTests {
  /// A single publisher type of the application: one name, or an error.
  struct NameLookup: SinglePublisher {
    typealias Output = String
    typealias Failure = any Error

    func receive<S: Subscriber>(subscriber: S) where S.Input == String, S.Failure == any Error {
      Just("Alice").setFailureType(to: (any Error).self).receive(subscriber: subscriber)
    }
  }

  /// Publishes exactly one name.
  func namePublisher() -> AnySinglePublisher<String, any Error> {
    NameLookup().eraseToAnySinglePublisher()
  }

  /// The same, with a factory of the "Basic Single Publishers" section.
  func shortNamePublisher() -> AnySinglePublisher<String, any Error> {
    .just("Alice")
  }

  @Test func theErasedPublisherPublishesOneName() {
    #expect(namePublisher().record().values == ["Alice"])
    #expect(namePublisher().record().isCompleted)
  }

  @Test func theShortcutPublishesTheSameName() {
    #expect(shortNamePublisher().record().values == ["Alice"])
    #expect(shortNamePublisher().record().isCompleted)
  }
}
