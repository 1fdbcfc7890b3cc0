import MaybeTraits
import ReactiveCore
import Testing
import TraitsTesting

/// The samples of the "AnyMaybePublisher" section of the specification.
@Suite struct AnyMaybePublisherSampleTests {
  /// A maybe publisher type of the application: zero or one name, or an error.
  struct NameLookup: MaybePublisher {
    typealias Output = String
    typealias Failure = any Error
    var name: String?

    func receive<S: Subscriber>(subscriber: S) where S.Input == String, S.Failure == any Error {
      name.publisher.setFailureType(to: (any Error).self).receive(subscriber: subscriber)
    }
  }

  /// Maybe publishes a name: the declaration of the sample, with a body.
  func namePublisher(_ name: String?) -> AnyMaybePublisher<String, any Error> {
    NameLookup(name: name).eraseToAnyMaybePublisher()
  }

  /// The regular `AnyPublisher` the sample compares with: only the
  /// documentation says it publishes zero or one name.
  func anyNamePublisher() -> AnyPublisher<String, any Error> {
    Just("Alice").setFailureType(to: (any Error).self).eraseToAnyPublisher()
  }

  /// Built with `eraseToAnyMaybePublisher()`.
  func justNamePublisher() -> AnyMaybePublisher<String, any Error> {
    Just("Alice")
      .setFailureType(to: (any Error).self)
      .eraseToAnyMaybePublisher()
  }

  /// The same, with a factory of the "Basic Maybe Publishers" section.
  func shortNamePublisher() -> AnyMaybePublisher<String, any Error> {
    .just("Alice")
  }

  @Test func theErasedPublisherPublishesZeroOrOneName() {
    let one = namePublisher("Alice").record()
    #expect(one.values == ["Alice"])
    #expect(one.events.count == 3)
    #expect(one.isCompleted)
    let none = namePublisher(nil).record()
    #expect(none.values.isEmpty)
    #expect(none.events.count == 2)
    #expect(none.isCompleted)
  }

  @Test func theRegularAnyPublisherPublishesTheSameName() {
    #expect(anyNamePublisher().record().values == ["Alice"])
  }

  @Test func eraseToAnyMaybePublisherPublishesOneName() {
    let recorder = justNamePublisher().record()
    #expect(recorder.values == ["Alice"])
    #expect(recorder.isCompleted)
  }

  @Test func theShortcutPublishesTheSameName() {
    let recorder = shortNamePublisher().record()
    #expect(recorder.values == ["Alice"])
    #expect(recorder.isCompleted)
  }
}
