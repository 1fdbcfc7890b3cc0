import MaybeTraits
import ReactiveCore
import SingleTraits
import Testing
import TraitsTesting

@Suite struct SinglePublisherTests {
  /// A single publisher written by a user.
  struct Answer: SinglePublisher {
    typealias Output = Int
    typealias Failure = Never

    func receive<S: Subscriber>(subscriber: S) where S.Input == Int, S.Failure == Never {
      Just(42).receive(subscriber: subscriber)
    }
  }

  func firstValue(of maybe: some MaybePublisher<Int, Never>) -> [Int] {
    maybe.record().values
  }

  @Test func aSinglePublisherIsAcceptedWhereAMaybePublisherIsExpected() {
    #expect(firstValue(of: Answer()) == [42])
  }
}
