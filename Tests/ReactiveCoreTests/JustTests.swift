import ReactiveCore
import Testing
import TraitsTesting

@Suite struct JustTests {
  @Test func publishesItsValueThenFinishes() {
    let recorder = Just(1).record()
    #expect(recorder.events == [.subscription, .value(1), .finished])
  }

  @Test func waitsForTheFirstDemand() {
    let recorder = Just(1).record(demand: .none)
    #expect(recorder.events == [.subscription])

    recorder.request(.max(1))

    #expect(recorder.events == [.subscription, .value(1), .finished])
  }

  @Test func publishesNothingMoreOnLaterDemand() {
    let recorder = Just(1).record(demand: .max(1))
    recorder.request(.max(1))
    #expect(recorder.events == [.subscription, .value(1), .finished])
  }

  @Test func publishesNothingWhenCancelledBeforeDemand() {
    let recorder = Just(1).record(demand: .none)

    recorder.cancel()
    recorder.request(.max(1))

    #expect(recorder.events == [.subscription])
  }

  @Test func publishesToEachSubscriberIndependently() {
    let just = Just("a")
    let first = just.record()
    let second = just.record(demand: .none)
    #expect(first.events == [.subscription, .value("a"), .finished])
    #expect(second.events == [.subscription])
  }

  @Test func toleratesACancelFromInsideReceive() {
    let recorder = Just(1).record { _, recorder in
      recorder.cancel()
      return .none
    }
    #expect(recorder.events == [.subscription, .value(1), .finished])
  }

  @Test func isEquatableWhenItsOutputIs() {
    #expect(Just(1) == Just(1))
    #expect(Just(1) != Just(2))
  }

  @Test func releasesTheSubscriberAfterCompletion() throws {
    weak var weakProbe: LifetimeProbe<Int, Never>?
    let subscription: any Subscription = try {
      let probe = LifetimeProbe<Int, Never>(demand: .none)
      Just(1).subscribe(probe)
      weakProbe = probe
      let subscription = try #require(probe.subscription)
      subscription.request(.max(1))
      #expect(probe.isCompleted)
      return subscription
    }()
    #expect(weakProbe == nil)
    _ = subscription
  }

  @Test func releasesTheSubscriberAndTheValueOnCancel() throws {
    weak var weakProbe: LifetimeProbe<Token, Never>?
    weak var weakToken: Token?
    let subscription: any Subscription = try {
      let token = Token()
      weakToken = token
      let probe = LifetimeProbe<Token, Never>(demand: .none)
      Just(token).subscribe(probe)
      weakProbe = probe
      return try #require(probe.subscription)
    }()
    #expect(weakProbe != nil)
    #expect(weakToken != nil)

    subscription.cancel()

    #expect(weakProbe == nil)
    #expect(weakToken == nil)
  }
}
