import ReactiveCore
import Testing
import TraitsTesting

@Suite struct PublishedTests {
  private final class Player {
    @Published var score = 0
    @Published var name = "anonymous"
  }

  @Test func replaysTheCurrentValueThenPublishesEachChange() {
    let player = Player()
    player.score = 1
    let recorder = player.$score.record()
    player.score = 2
    player.score = 3
    #expect(recorder.events == [.subscription, .value(1), .value(2), .value(3)])
    #expect(player.score == 3)
  }

  @Test func publishesBeforeStoring() {
    let player = Player()
    var seen: [String] = []
    let recorder = player.$score.record { value, _ in
      seen.append("\(value) while the property reads \(player.score)")
      return .none
    }
    player.score = 5
    #expect(seen == ["0 while the property reads 0", "5 while the property reads 0"])
    #expect(recorder.values == [0, 5])
  }

  @Test func aSubscriberWithoutDemandGetsTheLatestValueOnItsNextDemand() {
    let player = Player()
    let recorder = player.$score.record(demand: .none)
    player.score = 1
    player.score = 2
    #expect(recorder.events == [.subscription])
    recorder.request(.max(1))
    player.score = 3
    #expect(recorder.events == [.subscription, .value(2)])
  }

  @Test func aReentrantWriteWinsAndEveryoneAgrees() {
    let player = Player()
    let normalizer = player.$name.record { value, _ in
      if value != value.uppercased() { player.name = value.uppercased() }
      return .none
    }
    player.name = "ada"
    #expect(player.name == "ADA")
    // The replayed "anonymous" is normalized too, reentrantly, during the subscription.
    #expect(normalizer.values == ["anonymous", "ANONYMOUS", "ada", "ADA"])
    let late = player.$name.record()
    #expect(late.values == ["ADA"])
  }

  @Test func cancelReleasesTheSubscriber() throws {
    let player = Player()
    try expectReleasesTheSubscriber(of: player.$score) { subscription in
      #expect(String(describing: subscription) == "PublishedSubject")
      subscription.cancel()
    }
  }

  @Test func assignToRepublishesThroughTheProperty() {
    let player = Player()
    let upstream = TestPublisher<Int, Never>()
    upstream.assign(to: &player.$score)
    #expect(upstream.requests == [.unlimited])
    let recorder = player.$score.record()
    _ = upstream.send(7)
    #expect(player.score == 7)
    #expect(recorder.values == [0, 7])
    upstream.send(completion: .finished)
    #expect(player.score == 7)
  }

  @Test func assignToEndsWithTheProperty() {
    let upstream = TestPublisher<Int, Never>()
    weak var weakPlayer: Player?
    do {
      let player = Player()
      weakPlayer = player
      upstream.assign(to: &player.$score)
    }
    #expect(weakPlayer == nil)
    #expect(upstream.cancellations == 1)
  }
}
