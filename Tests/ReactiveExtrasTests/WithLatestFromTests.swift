import MaybeTraits
import ReactiveCore
import ReactiveExtras
import SingleTraits
import Synchronization
import TestSupport
import Testing
import TraitsTesting

private func trait(of _: some SinglePublisher) -> String { "single" }
private func trait(of _: some MaybePublisher) -> String { "maybe" }
private func trait(of _: some Publisher) -> String { "publisher" }

@Suite struct WithLatestFromTests {
  @Test func combinesEachUpstreamValueWithTheLatestOtherValue() {
    let upstream = TestPublisher<String, TestError>()
    let other = TestPublisher<Int, TestError>()
    let recorder = upstream.withLatestFrom(other) { "\($0)\($1)" }.record()

    upstream.send("a")  // dropped: other has not published
    other.send(1)
    upstream.send("b")
    other.send(2)
    other.send(3)
    upstream.send("c")
    upstream.send(completion: .finished)

    #expect(recorder.events == [.subscription, .value("b1"), .value("c3"), .finished])
  }

  @Test func withoutASelectorPublishesTheOtherValue() {
    let upstream = TestPublisher<String, Never>()
    let other = CurrentValueSubject<Int, Never>(7)
    let recorder = upstream.withLatestFrom(other).record()
    upstream.send("a")
    other.send(8)
    upstream.send("b")
    #expect(recorder.events == [.subscription, .value(7), .value(8)])
  }

  @Test func aValueTheOtherHasAtHandIsLatestBeforeTheFirstUpstreamValue() {
    #expect(Just("a").withLatestFrom(Just(1)).record().events == [.subscription, .value(1), .finished])
  }

  @Test func finishesWhenTheUpstreamFinishesNotWhenTheOtherDoes() {
    let upstream = TestPublisher<Int, Never>()
    let other = TestPublisher<Int, Never>()
    let recorder = upstream.withLatestFrom(other).record()

    other.send(1)
    other.send(completion: .finished)
    upstream.send(0)
    #expect(recorder.events == [.subscription, .value(1)])

    upstream.send(completion: .finished)
    #expect(recorder.events == [.subscription, .value(1), .finished])
  }

  @Test func theUpstreamsFinishCancelsTheOther() {
    let upstream = TestPublisher<Int, Never>()
    let other = TestPublisher<Int, Never>()
    _ = upstream.withLatestFrom(other).record()
    upstream.send(completion: .finished)
    #expect(other.cancellations == 1)
  }

  @Test func theOthersFailureFailsTheResultAndCancelsTheUpstream() {
    let upstream = TestPublisher<Int, TestError>()
    let other = TestPublisher<Int, TestError>()
    let recorder = upstream.withLatestFrom(other).record()

    other.send(completion: .failure(TestError(code: 2)))
    upstream.send(1)

    #expect(recorder.events == [.subscription, .failure(TestError(code: 2))])
    #expect(upstream.cancellations == 1)
  }

  @Test func anOtherThatFailsAtOnceFailsTheResultAfterItsSubscription() {
    let upstream = TestPublisher<Int, TestError>()
    let recorder = upstream.withLatestFrom(Fail<Int, TestError>(error: TestError(code: 3))).record()
    #expect(recorder.events == [.subscription, .failure(TestError(code: 3))])
    #expect(upstream.cancellations == 1)
  }

  @Test func theUpstreamsFailureFailsTheResult() {
    let upstream = TestPublisher<Int, TestError>()
    let other = TestPublisher<Int, TestError>()
    let recorder = upstream.withLatestFrom(other).record()
    upstream.send(completion: .failure(TestError(code: 4)))
    #expect(recorder.events == [.subscription, .failure(TestError(code: 4))])
    #expect(other.cancellations == 1)
  }

  // MARK: Demand

  @Test func forwardsTheDownstreamsDemandToTheUpstreamAndAsksTheOtherForUnlimited() {
    let upstream = TestPublisher<Int, Never>()
    let other = TestPublisher<Int, Never>()
    let recorder = upstream.withLatestFrom(other).record(demand: .max(2))
    recorder.request(.max(3))
    #expect(upstream.requests == [.max(2), .max(3)])
    #expect(other.requests == [.unlimited])
  }

  @Test func aDroppedValueAsksTheUpstreamForOneMore() {
    let upstream = TestPublisher<Int, Never>()
    let other = TestPublisher<Int, Never>()
    let recorder = upstream.withLatestFrom(other).record(demand: .max(1))

    #expect(upstream.send(1) == .max(1))  // dropped
    other.send(9)
    #expect(upstream.send(2) == .none)
    #expect(recorder.events == [.subscription, .value(9)])
  }

  @Test func passesTheDemandReturnedByReceiveToTheUpstream() {
    let other = CurrentValueSubject<Int, Never>(0)
    expectDemandPassedThrough({ (upstream: TestPublisher<Int, Never>) in upstream.withLatestFrom(other) }, sending: 1)
  }

  // MARK: Cancel, reentrancy, lifetimes

  @Test func cancelReachesTheUpstreamAndTheOther() {
    let upstream = TestPublisher<Int, Never>()
    let other = TestPublisher<Int, Never>()
    let recorder = upstream.withLatestFrom(other).record()
    recorder.cancel()
    recorder.cancel()
    #expect(upstream.cancellations == 1)
    #expect(other.cancellations == 1)
  }

  @Test func toleratesARequestAndACancelFromInsideReceive() {
    let other = CurrentValueSubject<Int, Never>(0)
    let recorder = expectToleratesARequestAndACancelFromInsideReceive(
      { (upstream: TestPublisher<Int, Never>) in upstream.withLatestFrom(other) { $0 + $1 } },
      sending: [1, 2, 3]
    )
    #expect(recorder.events == [.subscription, .value(1), .value(2)])
  }

  @Test func anOtherValueSentFromInsideReceiveIsTheNextLatest() {
    let upstream = TestPublisher<Int, Never>()
    let other = CurrentValueSubject<Int, Never>(0)
    let recorder = upstream.withLatestFrom(other).record { value, _ in
      other.send(value + 10)
      return .none
    }
    upstream.send(1)
    upstream.send(2)
    #expect(recorder.values == [0, 10])
  }

  @Test func aFailureOfTheOtherDuringADeliveryWaitsUntilTheDownstreamReturns() {
    let upstream = TestPublisher<Int, TestError>()
    let other = CurrentValueSubject<Int, TestError>(0)
    let completedInsideReceive = Shared<Bool?>(nil)
    let recorder = upstream.withLatestFrom(other).record { _, recorder in
      other.send(completion: .failure(TestError(code: 8)))
      completedInsideReceive.value = recorder.isCompleted
      return .max(1)
    }

    upstream.send(1)
    upstream.send(2)

    #expect(completedInsideReceive.value == false)
    #expect(recorder.events == [.subscription, .value(0), .failure(TestError(code: 8))])
    #expect(upstream.cancellations == 1)
  }

  @Test func releasesTheDownstreamAndTheSelectorOnEveryEnd() throws {
    let other = CurrentValueSubject<Int, Never>(0)
    try expectReleasesOnEveryEnd { (upstream: TestPublisher<Int, Never>, token) in
      upstream.withLatestFrom(other) { value, latest in withExtendedLifetime(token) { value + latest } }
    }
  }

  @Test func releasesTheDownstreamAndTheSelectorWhenTheOtherFails() throws {
    let other = PassthroughSubject<Int, TestError>()
    try expectReleases(
      { (upstream: TestPublisher<Int, TestError>, token) in
        upstream.withLatestFrom(other) { value, latest in withExtendedLifetime(token) { value + latest } }
      },
      holding: justSubscribed,
      end: { _, _ in other.send(completion: .failure(TestError())) }
    )
  }

  @Test func describesItsSubscriptionAsWithLatestFrom() throws {
    #expect(try subscriptionDescription(of: Just(1).withLatestFrom(Just(2))) == "WithLatestFrom")
  }

  // MARK: Traits

  @Test func isMaybeAfterAMaybePublisherAndAfterASingle() {
    #expect(trait(of: Empty<Int, Never>().withLatestFrom(Just(1))) == "maybe")
    #expect(trait(of: Just(0).withLatestFrom(Just(1))) == "maybe")
    #expect(trait(of: [1, 2].publisher.withLatestFrom(Just(1))) == "publisher")
    let results = Collector<String>()
    let cancellable = Just(0).withLatestFrom(Empty<Int, Never>()).sinkMaybe { results.append("\($0)") }
    #expect(results.all.count == 1)  // finished without a value: the single's value was dropped
    withExtendedLifetime(cancellable) {}
  }

  // MARK: Threads

  @Test func concurrentValuesOfBothSidesDeliverEachUpstreamValueAtMostOnce() {
    for _ in 0..<20 {
      let upstream = PassthroughSubject<Int, Never>()
      let other = PassthroughSubject<Int, Never>()
      let recorder = upstream.withLatestFrom(other) { value, _ in value }.record()
      other.send(0)
      Race(threads: 3).run { thread, _ in
        for value in 0..<100 {
          if thread == 0 { upstream.send(value) } else { other.send(value) }
        }
      }
      upstream.send(completion: .finished)
      #expect(recorder.values == Array(0..<100))
      #expect(recorder.completion == .finished)
    }
  }

  @Test func aFailureOfTheOtherRacingValuesNeverOverlapsADelivery() {
    for _ in 0..<50 {
      let upstream = PassthroughSubject<Int, TestError>()
      let other = CurrentValueSubject<Int, TestError>(0)
      let checker = ContractChecker<Int, TestError>()
      upstream.withLatestFrom(other).subscribe(checker)
      Race(threads: 2).run { thread, _ in
        if thread == 0 {
          for value in 0..<50 {
            upstream.send(value)
          }
        } else {
          other.send(completion: .failure(TestError(code: 9)))
        }
      }
      #expect(checker.problems() == [])
      #expect(checker.completions == [.failure(TestError(code: 9))])
    }
  }

  // MARK: Traps

  @Test func aRequestOfNoDemandTraps() async {
    await #expect(processExitsWith: .failure) {
      requestNoDemand(from: Just(1).withLatestFrom(Just(2)))
    }
  }
}
