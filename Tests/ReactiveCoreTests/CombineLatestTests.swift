import ReactiveCore
import Testing
import TraitsTesting

@Suite struct CombineLatestTests {
  @Test func publishesTheLatestValuesOnceEveryUpstreamHasOne() {
    let a = TestPublisher<Int, TestError>()
    let b = TestPublisher<String, TestError>()
    let recorder = a.combineLatest(b) { "\($0)\($1)" }.record()

    a.send(1)
    a.send(2)
    b.send("a")
    a.send(3)
    b.send("b")

    #expect(recorder.values == ["2a", "3a", "3b"])
  }

  @Test func combinesThreeAndFourPublishersWithOrWithoutATransform() {
    let three: [(Int, Int, Int)] = Just(1).combineLatest(Just(2), Just(3)).record().values
    #expect(three.map { [$0.0, $0.1, $0.2] } == [[1, 2, 3]])
    let four: [(Int, Int, Int, Int)] = Just(1).combineLatest(Just(2), Just(3), Just(4)).record().values
    #expect(four.map { [$0.0, $0.1, $0.2, $0.3] } == [[1, 2, 3, 4]])
    let pairs: [(Int, Int)] = Just(1).combineLatest(Just(2)).record().values
    #expect(pairs.map { [$0.0, $0.1] } == [[1, 2]])
    #expect(Just(1).combineLatest(Just(2), Just(3)) { $0 + $1 + $2 }.record().values == [6])
    let sum: (Int, Int, Int, Int) -> Int = { $0 + $1 + $2 + $3 }
    #expect(Just(1).combineLatest(Just(2), Just(3), Just(4), sum).record().values == [10])
    #expect(Publishers.CombineLatest(Just(1), Just(2)) == Publishers.CombineLatest(Just(1), Just(2)))
  }

  @Test func finishesOnlyWhenEveryUpstreamHasFinished() {
    let a = TestPublisher<Int, Never>()
    let b = TestPublisher<Int, Never>()
    let recorder = a.combineLatest(b) { $0 * 10 + $1 }.record()

    a.send(1)
    a.send(completion: .finished)
    b.send(2)
    #expect(!recorder.isCompleted)
    b.send(3)
    b.send(completion: .finished)

    #expect(recorder.events == [.subscription, .value(12), .value(13), .finished])
  }

  @Test func keepsOnlyTheNewestCombinationWithoutDemand() {
    let a = TestPublisher<Int, Never>()
    let b = TestPublisher<Int, Never>()
    let recorder = a.combineLatest(b) { $0 * 10 + $1 }.record(demand: .none)
    recorder.request(.max(1))
    a.send(1)
    b.send(1)
    a.send(2)
    b.send(2)
    #expect(recorder.values == [11])

    recorder.request(.max(1))

    #expect(recorder.values == [11, 22])
  }

  @Test func passesEachRequestToEveryUpstream() {
    let a = TestPublisher<Int, Never>()
    let b = TestPublisher<Int, Never>()
    let recorder = a.combineLatest(b) { $0 + $1 }.record(demand: .max(2)) { _, _ in .max(1) }
    #expect(a.requests == [.max(2)])
    #expect(b.requests == [.max(2)])

    a.send(1)
    b.send(1)
    recorder.request(.max(3))

    #expect(a.requests == [.max(2), .max(1), .max(3)])
    #expect(b.requests == [.max(2), .max(1), .max(3)])
  }

  @Test func aFailureCancelsTheOtherUpstreamsAndFailsAtOnce() {
    expectAFailureCancelsTheOtherUpstreamsAndFailsAtOnce { a, b, c in a.combineLatest(b, c) { $0 + $1 + $2 } }
  }

  @Test func cancelReachesEveryUpstream() {
    expectCancelReachesEveryUpstream { a, b in a.combineLatest(b) { $0 + $1 } }
  }

  @Test func toleratesRequestAndCancelFromInsideReceive() {
    let a = TestPublisher<Int, Never>()
    let requesting = a.combineLatest(Just(0)) { $0 + $1 }.record(demand: .max(1)) { _, recorder in
      recorder.request(.max(1))
      return .none
    }
    a.send(1)
    a.send(2)
    #expect(requesting.values == [1, 2])

    expectACancelFromInsideReceiveIsTolerated { b in Just(1).combineLatest(b) { $0 + $1 } }
  }

  @Test func releasesTheSubscriberAfterCompletionAndOnCancel() throws {
    let b = TestPublisher<Int, Never>()
    try expectReleasesAfterCompletionAndOnCancel(
      completing: Just(1).combineLatest(Just(2)),
      cancelled: Just(1).combineLatest(b)
    )
  }

  @Test func concurrentUpstreamsDeliverCombinationsWithinTheContract() {
    raceThreeUpstreams(count: 40, meetEvery: 10) { subjects in
      subjects[0].combineLatest(subjects[1], subjects[2]) { [$0, $1, $2] }
    } check: { values, stepByStep in
      // Each upstream's values appear in the order it sent them.
      for side in 0..<3 {
        let seen = values.map { $0[side] }
        #expect(seen == seen.sorted())
      }
      if !stepByStep { #expect(values.last == [39, 39, 39]) }
    }
  }
}
