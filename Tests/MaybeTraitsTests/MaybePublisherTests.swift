import MaybeTraits
import ReactiveCore
import Testing
import TraitsTesting

@Suite struct MaybePublisherTests {
  /// A maybe publisher written by a user: it publishes its value, if any.
  struct Lookup: MaybePublisher {
    typealias Output = String
    typealias Failure = Never
    let result: String?

    func receive<S: Subscriber>(subscriber: S) where S.Input == String, S.Failure == Never {
      result.publisher.receive(subscriber: subscriber)
    }
  }

  @Test func aConformingPublisherIsUsableThroughItsPrimaryAssociatedTypes() {
    let lookups: [any MaybePublisher<String, Never>] = [Lookup(result: "found"), Lookup(result: nil)]
    let recordings = lookups.map { $0.eraseToAnyPublisher().record().events }
    #expect(recordings == [[.subscription, .value("found"), .finished], [.subscription, .finished]])
  }
}
