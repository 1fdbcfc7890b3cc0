import ReactiveCore
import Testing
import TraitsTesting

@Suite struct EmptyTests {
  @Test func finishesAtSubscriptionWithoutDemand() {
    let recorder = Empty<Int, TestError>().record(demand: .none)
    #expect(recorder.events == [.subscription, .finished])
  }

  @Test func neverCompletesWhenToldNotToCompleteImmediately() {
    let recorder = Empty<Int, TestError>(completeImmediately: false).record()
    #expect(recorder.events == [.subscription])
  }

  @Test func canNameItsTypes() {
    let empty = Empty(completeImmediately: true, outputType: String.self, failureType: TestError.self)
    #expect(empty.record().events == [.subscription, .finished])
    #expect(empty == Empty<String, TestError>())
    #expect(empty != Empty<String, TestError>(completeImmediately: false))
  }

  @Test func requestingNoDemandIsANoOp() {
    let recorder = Empty<Int, TestError>(completeImmediately: false).record(demand: .none)
    recorder.request(.none)
    #expect(recorder.events == [.subscription])
  }
}

@Suite struct FailTests {
  @Test func failsAtSubscriptionWithoutDemand() {
    let recorder = Fail<Int, TestError>(error: TestError(code: 1)).record(demand: .none)
    #expect(recorder.events == [.subscription, .failure(TestError(code: 1))])
  }

  @Test func canNameItsOutputType() {
    let fail = Fail(outputType: Int.self, failure: TestError(code: 2))
    #expect(fail.record().events == [.subscription, .failure(TestError(code: 2))])
    #expect(fail == Fail<Int, TestError>(error: TestError(code: 2)))
    #expect(fail.error == TestError(code: 2))
  }
}

/// What Combine does when a subscriber cancels inside `receive(subscription:)`:
/// `Empty` and `Fail` hand out `Subscriptions.empty`, whose `cancel()` does
/// nothing, and send their completion anyway. OpenCombine's
/// `EmptyTests.testImmediatelyCancel` pins it for `Empty`, and its suite runs
/// against Apple's Combine too (OpenCombine's compatibility tests); its
/// `FailTests` show that `Fail` hands out the same `"Empty"` subscription.
@Suite struct EmptyFailCancelInReceiveSubscriptionTests {
  @Test func emptyStillFinishesAfterACancelInReceiveSubscription() {
    let subscriber = CancellingSubscriber<Int, TestError>()
    Empty<Int, TestError>().subscribe(subscriber)
    #expect(subscriber.events == ["subscription Empty", "cancel", "finished"])
  }

  @Test func failStillFailsAfterACancelInReceiveSubscription() {
    let subscriber = CancellingSubscriber<Int, TestError>()
    Fail<Int, TestError>(error: TestError(code: 3)).subscribe(subscriber)
    #expect(subscriber.events == ["subscription Empty", "cancel", "failure(TestError(code: 3))"])
  }
}

/// Cancels its subscription as soon as it receives it; logs every event.
private final class CancellingSubscriber<Input, Failure: Error>: Subscriber {
  private(set) var events: [String] = []

  func receive(subscription: any Subscription) {
    events.append("subscription \(subscription)")
    subscription.cancel()
    events.append("cancel")
  }

  func receive(_ input: Input) -> Subscribers.Demand {
    events.append("value \(input)")
    return .none
  }

  func receive(completion: Subscribers.Completion<Failure>) {
    switch completion {
    case .finished: events.append("finished")
    case let .failure(error): events.append("failure(\(error))")
    }
  }
}
