import ReactiveCore
import Testing
import TraitsTesting

@Suite struct MergeTests {
  @Test func interleavesValuesAndFinishesWhenEveryUpstreamHasFinished() {
    let a = TestPublisher<Int, TestError>()
    let b = TestPublisher<Int, TestError>()
    let recorder = a.merge(with: b).record()

    a.send(1)
    b.send(2)
    a.send(completion: .finished)
    b.send(3)
    #expect(!recorder.isCompleted)
    b.send(completion: .finished)

    #expect(recorder.events == [.subscription, .value(1), .value(2), .value(3), .finished])
  }

  @Test func mergesUpToEightPublishers() {
    let merged = Just(1).merge(with: Just(2), Just(3), Just(4), Just(5), Just(6), Just(7), Just(8))
    #expect(merged.record().values == [1, 2, 3, 4, 5, 6, 7, 8])
    #expect(Just(1).merge(with: Just(2), Just(3)).record().values == [1, 2, 3])
    #expect(Just(1).merge(with: Just(2), Just(3), Just(4)).record().values == [1, 2, 3, 4])
  }

  @Test func aMergeOfMergesIsOneMerge() {
    let merged: Publishers.Merge4<Just<Int>, Just<Int>, Just<Int>, Just<Int>> = Just(1).merge(with: Just(2))
      .merge(with: Just(3), Just(4))
    #expect(merged.record().values == [1, 2, 3, 4])
    let eight: Publishers.Merge8 = Publishers.Merge7(Just(1), Just(2), Just(3), Just(4), Just(5), Just(6), Just(7))
      .merge(with: Just(8))
    #expect(eight.record().values == Array(1...8))
  }

  @Test func mergeManyMergesASequenceOfPublishers() {
    let recorder = Publishers.MergeMany([Just(1), Just(2)]).merge(with: Just(3)).record()
    #expect(recorder.events == [.subscription, .value(1), .value(2), .value(3), .finished])
    #expect(Publishers.MergeMany(Just(1), Just(2)) == Publishers.MergeMany([Just(1), Just(2)]))
  }

  /// Upstreams from the 65th on are tracked by their links alone (the
  /// machine keeps the first 64 as bits too): a finish counts once for each.
  @Test func aMergeOfMoreThanSixtyFourUpstreamsFinishesAfterTheLast() {
    let upstreams = (0..<70).map { _ in TestPublisher<Int, Never>() }
    let recorder = Publishers.MergeMany(upstreams).record()
    upstreams[66].send(66)
    upstreams[1].send(1)
    for index in 0..<69 {
      upstreams[index].send(completion: .finished)
      upstreams[index].send(completion: .finished)  // a second finish is ignored
    }
    #expect(!recorder.isCompleted)
    upstreams[69].send(69)
    upstreams[69].send(completion: .finished)
    #expect(recorder.events == [.subscription, .value(66), .value(1), .value(69), .finished])
  }

  @Test func anEmptyMergeManyFinishesAtOnce() {
    let recorder = Publishers.MergeMany<Just<Int>>([]).record()
    #expect(recorder.events == [.subscription, .finished])
  }

  @Test func passesEachRequestToEveryUpstream() {
    let a = TestPublisher<Int, Never>()
    let b = TestPublisher<Int, Never>()
    let recorder = a.merge(with: b).record(demand: .max(2)) { _, _ in .max(1) }
    #expect(a.requests == [.max(2)])
    #expect(b.requests == [.max(2)])

    a.send(1)
    recorder.request(.max(3))

    #expect(a.requests == [.max(2), .max(1), .max(3)])
    #expect(b.requests == [.max(2), .max(1), .max(3)])
  }

  @Test func keepsValuesBeyondDemandUntilRequested() {
    let recorder = [1, 2].publisher.merge(with: [3, 4].publisher).record(demand: .max(1))
    #expect(recorder.events == [.subscription, .value(1)])

    recorder.request(.max(2))
    #expect(recorder.events == [.subscription, .value(1), .value(2), .value(3)])

    recorder.request(.max(5))
    #expect(recorder.events == [.subscription, .value(1), .value(2), .value(3), .value(4), .finished])
  }

  @Test func neverDeliversMoreThanDemandedWhenAnUpstreamIgnoresDemand() {
    let a = TestPublisher<Int, Never>()
    let b = TestPublisher<Int, Never>()
    let recorder = a.merge(with: b).record(demand: .max(1))

    a.send(1)
    a.send(2)
    b.send(3)
    #expect(recorder.values == [1])

    recorder.request(.max(1))
    #expect(recorder.values == [1, 2])
  }

  @Test func aFailureCancelsTheOtherUpstreamsAndFailsAtOnce() {
    let a = TestPublisher<Int, TestError>()
    let b = TestPublisher<Int, TestError>()
    let c = TestPublisher<Int, TestError>()
    let recorder = a.merge(with: b, c).record()

    a.send(1)
    b.send(completion: .failure(TestError(code: 1)))
    a.send(2)

    #expect(recorder.events == [.subscription, .value(1), .failure(TestError(code: 1))])
    #expect(a.cancellations == 1)
    #expect(b.cancellations == 0)
    #expect(c.cancellations == 1)
  }

  @Test func cancelReachesEveryUpstream() {
    let a = TestPublisher<Int, Never>()
    let b = TestPublisher<Int, Never>()
    let recorder = a.merge(with: b).record()

    recorder.cancel()
    a.send(1)

    #expect(recorder.events == [.subscription])
    #expect(a.cancellations == 1)
    #expect(b.cancellations == 1)
  }

  @Test func toleratesRequestAndCancelFromInsideReceive() {
    let requesting = [1, 2].publisher.merge(with: [3].publisher).record(demand: .max(1)) { _, recorder in
      recorder.request(.max(1))
      return .none
    }
    #expect(requesting.events == [.subscription, .value(1), .value(2), .value(3), .finished])

    let b = TestPublisher<Int, Never>()
    let cancelling = [1, 2].publisher.merge(with: b).record { _, recorder in
      recorder.cancel()
      return .none
    }
    #expect(cancelling.events == [.subscription, .value(1)])
    #expect(b.cancellations == 1)
  }

  @Test func releasesTheSubscriberAfterCompletionAndOnCancel() throws {
    let b = TestPublisher<Int, Never>()
    try expectReleasesAfterCompletionAndOnCancel(
      completing: Just(1).merge(with: Just(2)),
      cancelled: Just(1).merge(with: b)
    )
  }

  @Test func concurrentUpstreamsDeliverEveryValueOnceInTheirOrder() {
    raceThreeUpstreams(count: 60, meetEvery: 20, value: { thread, index in thread * 100 + index }) { subjects in
      Publishers.MergeMany(subjects)
    } check: { values, stepByStep in
      for thread in 0..<3 {
        let sent = values.filter { $0 / 100 == thread }
        #expect(sent == sent.sorted())
        #expect(Set(sent).count == sent.count)
        if !stepByStep { #expect(sent.count == 60) }
      }
    }
  }
}
