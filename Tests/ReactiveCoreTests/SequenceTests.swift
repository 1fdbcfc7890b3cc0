import Dispatch
import ReactiveCore
import Synchronization
import Testing
import TraitsTesting

@Suite struct SequenceTests {
  @Test func publishesEveryElementThenFinishes() {
    let recorder = [1, 2, 3].publisher.record()
    #expect(recorder.events == [.subscription, .value(1), .value(2), .value(3), .finished])
  }

  @Test func anEmptySequenceFinishesAtSubscription() {
    let recorder = [Int]().publisher.record(demand: .none)
    #expect(recorder.events == [.subscription, .finished])
  }

  @Test func publishesNoMoreThanDemanded() {
    let recorder = [1, 2, 3, 4].publisher.record(demand: .max(2))
    #expect(recorder.events == [.subscription, .value(1), .value(2)])

    recorder.request(.max(1))
    #expect(recorder.events == [.subscription, .value(1), .value(2), .value(3)])
  }

  @Test func finishesRightAfterTheLastElementWithoutMoreDemand() {
    let recorder = [1, 2].publisher.record(demand: .max(2))
    #expect(recorder.events == [.subscription, .value(1), .value(2), .finished])
  }

  @Test func addsTheDemandReturnedFromReceive() {
    let recorder = [1, 2, 3].publisher.record(demand: .max(1)) { _, _ in .max(1) }
    #expect(recorder.events == [.subscription, .value(1), .value(2), .value(3), .finished])
  }

  @Test func stopsWhenCancelledFromInsideReceive() {
    let recorder = [1, 2, 3].publisher.record { value, recorder in
      if value == 2 { recorder.cancel() }
      return .none
    }
    #expect(recorder.events == [.subscription, .value(1), .value(2)])
  }

  @Test func aRequestFromInsideReceiveDoesNotRecurse() {
    let depth = Lock((current: 0, deepest: 0))
    let recorder = (1...100).publisher.record(demand: .max(1)) { _, recorder in
      depth.withLock {
        $0.current += 1
        $0.deepest = max($0.deepest, $0.current)
      }
      recorder.request(.max(1))
      depth.withLock { $0.current -= 1 }
      return .none
    }
    #expect(recorder.values == Array(1...100))
    #expect(recorder.completion == .finished)
    #expect(depth.withLock { $0.deepest } == 1)
  }

  @Test func eachSubscriberIteratesTheSequenceAfresh() {
    let publisher = [1, 2].publisher
    #expect(publisher.record().values == [1, 2])
    #expect(publisher.record().values == [1, 2])
  }

  @Test func pullsElementsLazilyOnDemand() {
    let pulled = Lock(0)
    let elements = (1...1_000_000).lazy.map { value -> Int in
      pulled.withLock { $0 += 1 }
      return value
    }
    let recorder = elements.publisher.record(demand: .max(3))
    #expect(recorder.values == [1, 2, 3])
    // The three published, and one of lookahead to know whether to finish.
    #expect(pulled.withLock { $0 } == 4)
  }

  @Test func handlesConcurrentRequestsWithoutLosingOrDuplicatingElements() {
    for _ in 0..<50 {
      let recorder = (0..<400).publisher.record(demand: .none)
      DispatchQueue.concurrentPerform(iterations: 400) { _ in
        recorder.request(.max(1))
      }
      #expect(recorder.values == Array(0..<400))
      #expect(recorder.completion == .finished)
    }
  }

  @Test func releasesTheSubscriberOnCancel() throws {
    try expectReleasesTheSubscriber(of: [1, 2, 3].publisher, demand: .max(1), end: { $0.cancel() })
  }

  @Test func releasesTheSubscriberAfterCompletion() throws {
    try expectReleasesTheSubscriber(of: [1, 2].publisher, demand: .max(1), completingOn: .max(1))
  }

  @Test func requestingNoDemandIsANoOp() {
    // As in Combine, a sequence's subscription accepts `.none` and publishes nothing.
    let recorder = [1, 2].publisher.record(demand: .none)

    recorder.request(.none)
    #expect(recorder.events == [.subscription])

    recorder.request(.max(1))
    #expect(recorder.events == [.subscription, .value(1)])
  }
}
