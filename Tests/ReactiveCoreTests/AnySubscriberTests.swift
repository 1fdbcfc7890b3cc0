import ReactiveCore
import Synchronization
import Testing
import TraitsTesting

@Suite struct AnySubscriberTests {
  @Test func forwardsEveryEventToTheWrappedSubscriber() {
    let recorder = RecordingSubscriber<Int, TestError>(demand: .max(1)) { _, _ in .max(2) }
    let erased = AnySubscriber(recorder)
    Record(output: [1, 2], completion: .failure(TestError(code: 1))).subscribe(erased)
    #expect(recorder.events == [.subscription, .value(1), .value(2), .failure(TestError(code: 1))])
  }

  @Test func keepsTheCombineIdentifierOfTheWrappedSubscriber() {
    let recorder = RecordingSubscriber<Int, Never>()
    #expect(AnySubscriber(recorder).combineIdentifier == recorder.combineIdentifier)
    let erased = AnySubscriber(recorder)
    #expect(AnySubscriber(erased).combineIdentifier == erased.combineIdentifier)
  }

  @Test func runsItsClosuresAndReturnsTheirDemand() {
    let log = Lock<[String]>([])
    let subscriber = AnySubscriber<Int, Never>(
      receiveSubscription: { subscription in
        log.withLock { $0.append("subscription") }
        subscription.request(.max(1))
      },
      receiveValue: { value in
        log.withLock { $0.append("\(value)") }
        return value < 3 ? .max(1) : .none
      },
      receiveCompletion: { completion in log.withLock { $0.append("\(completion)") } }
    )
    [1, 2, 3, 4].publisher.subscribe(subscriber)
    #expect(log.withLock { $0 } == ["subscription", "1", "2", "3"])
  }

  @Test func withoutClosuresRequestsNothingAndIgnoresEvents() {
    let probe = SubscriptionProbe()
    let subscriber = AnySubscriber<Int, Never>()
    subscriber.receive(subscription: probe)
    #expect(subscriber.receive(1) == .none)
    subscriber.receive(completion: .finished)
    #expect(probe.requests == [])
    #expect(probe.cancels == 0)
  }

  @Test func closureSubscribersHaveDistinctIdentifiers() {
    #expect(AnySubscriber<Int, Never>().combineIdentifier != AnySubscriber<Int, Never>().combineIdentifier)
  }

  @Test func aSubjectWrappedAsASubscriberReceivesEveryEvent() {
    let subject = PassthroughSubject<Int, Never>()
    let recorder = subject.record()
    [1, 2].publisher.subscribe(AnySubscriber(subject))
    #expect(recorder.events == [.subscription, .value(1), .value(2), .finished])
  }
}
