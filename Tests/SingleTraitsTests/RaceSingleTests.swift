import Dispatch
import MaybeTraits
import ReactiveCore
import SingleTraits
import Testing
import TraitsTesting

@Suite struct RaceSingleTests {
  @Test func theFirstValueWinsAndTheOthersAreCancelled() {
    let first = TestPublisher<Int, TestError>()
    let second = TestPublisher<Int, TestError>()
    let recording = [first, second].map { ForwardSingle(upstream: $0) }.raceSingle().record()

    _ = second.send(2)
    second.send(completion: .finished)

    #expect(recording.events == [.subscription, .value(2), .finished])
    #expect(first.cancellations == 1)
  }

  @Test func theFirstFailureWins() {
    let first = TestPublisher<Int, TestError>()
    let second = TestPublisher<Int, TestError>()
    let recording = [first, second].map { ForwardSingle(upstream: $0) }.raceSingle().record()

    first.send(completion: .failure(TestError(code: 1)))
    _ = second.send(2)
    second.send(completion: .finished)

    #expect(recording.events == [.subscription, .failure(TestError(code: 1))])
    #expect(second.cancellations == 1)
  }

  @Test func aPublisherThatCompletesAtOnceStopsTheSubscriptions() {
    let later = TestPublisher<Int, TestError>()
    let singles = [
      AnySinglePublisher<Int, TestError>.just(1), ForwardSingle(upstream: later).eraseToAnySinglePublisher(),
    ]
    let recording = singles.raceSingle().record()
    #expect(recording.events == [.subscription, .value(1), .finished])
    #expect(later.subscriptionCount == 0)
  }

  @Test func nothingIsSubscribedBeforeDemand() {
    let first = TestPublisher<Int, TestError>()
    let recording = [first].map { ForwardSingle(upstream: $0) }.raceSingle().record(demand: .none)
    #expect(first.subscriptionCount == 0)
    recording.request(.max(1))
    #expect(first.subscriptionCount == 1)
  }

  @Test func cancellingReachesEveryEntrant() {
    let first = TestPublisher<Int, TestError>()
    let second = TestPublisher<Int, TestError>()
    let recording = [first, second].map { ForwardSingle(upstream: $0) }.raceSingle().record()
    recording.cancel()
    #expect(first.cancellations == 1)
    #expect(second.cancellations == 1)
    #expect(recording.events == [.subscription])
  }

  @Test func anEmptyRaceNeverCompletes() {
    let singles: [AnySinglePublisher<Int, Never>] = []
    #expect(singles.raceSingle().record().events == [.subscription])
  }

  @Test func raceOfTwo() {
    let slow = TestPublisher<Int, Never>()
    let recording = ForwardSingle(upstream: slow).race(Just(2)).record()
    #expect(recording.events == [.subscription, .value(2), .finished])
    #expect(slow.cancellations == 1)
  }

  @Test func releasesTheEntrantsAfterCompletion() {
    weak var weakToken: Token?
    let recording: RecordingSubscriber<Int, Never>
    do {
      let token = Token()
      weakToken = token
      let slow = AnySinglePublisher<Int, Never>.never().map { [token] value in withExtendedLifetime(token) { value } }
      recording = slow.race(Just(2)).record()
    }
    #expect(recording.events == [.subscription, .value(2), .finished])
    #expect(weakToken == nil)
  }

  @Test func concurrentEntrantsDeliverExactlyOneOutcome() async {
    for _ in 0..<200 {
      let entrants = (0..<4).map { _ in TestPublisher<Int, Never>() }
      let recording = entrants.map { ForwardSingle(upstream: $0) }.raceSingle().record()
      await withTaskGroup(of: Void.self) { group in
        for (index, entrant) in entrants.enumerated() {
          group.addTask {
            _ = entrant.send(index)
            entrant.send(completion: .finished)
          }
        }
      }
      #expect(recording.values.count == 1)
      #expect(recording.events.last == .finished)
    }
  }
}
