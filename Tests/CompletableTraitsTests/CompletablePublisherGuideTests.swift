import CompletableTraits
import MaybeTraits
import ReactiveCore
import SingleTraits
import Testing
import TraitsTesting

/// The examples of Docs/CompletablePublisher.md, with what the page says they do.
@Suite struct CompletablePublisherGuideTests {
  enum SaveError: Error, Equatable { case diskFull }
  struct Receipt { var id: Int }

  @Test func asCompletableForgetsTheValue() {
    let saved = Just(Receipt(id: 1)).setFailureType(to: SaveError.self).asCompletable()
    // saved finishes, without a value
    #expect(saved.record().events == [.subscription, .finished])
  }

  @Test func sinkCompletableReceivesTheOutcome() {
    let log = Collector<String>()
    let cancellable = AnyCompletablePublisher<SaveError>.fail(.diskFull).sinkCompletable { result in
      switch result {
      case .success: log.append("saved")
      case let .failure(error): log.append("failed: \(error)")
      }
    }
    // log == ["failed: diskFull"]
    #expect(log.all == ["failed: diskFull"])
    withExtendedLifetime(cancellable) {}
  }

  @Test func andThenKeepsTheTraitOfTheNextPublisher() {
    let logIn = AnyCompletablePublisher<SaveError>.empty()
    let user = logIn.andThen(Just("Alice").setFailureType(to: SaveError.self))
    // user is a SinglePublisher: it publishes "Alice" after the login finished
    let single: AnySinglePublisher<String, SaveError> = user.eraseToAnySinglePublisher()
    #expect(single.record().events == [.subscription, .value("Alice"), .finished])
  }
}
