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
    try expectReleasesTheSubscriber(of: Just(1), demand: .none, completingOn: .max(1))
  }

  @Test func releasesTheSubscriberAndTheValueOnCancel() throws {
    try expectReleases(
      demand: .none,
      { (_: TestPublisher<Never, Never>, token) in Just(token) },
      holding: justSubscribed,
      end: cancelSubscription
    )
  }
}
