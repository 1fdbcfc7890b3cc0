import ImmediateTraits
import ReactiveCore
import Testing
import TraitsTesting

@Suite struct ImmediatePublisherTests {
  /// An immediate publisher written by a user.
  struct Greeting: ImmediatePublisher {
    typealias Output = String
    typealias Failure = Never

    func receive<S: Subscriber>(subscriber: S) where S.Input == String, S.Failure == Never {
      Just("hello").receive(subscriber: subscriber)
    }
  }

  @Test func aConformingPublisherIsUsableThroughItsPrimaryAssociatedTypes() {
    let publisher: any ImmediatePublisher<String, Never> = Greeting()
    #expect(publisher.eraseToAnyPublisher().record().events == [.subscription, .value("hello"), .finished])
  }
}
