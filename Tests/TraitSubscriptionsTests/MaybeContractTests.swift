import MaybeTraits
import ReactiveCore
import Testing
import TraitSubscriptions
import TraitsTesting

@Suite struct MaybeContractTests {
  @Test func startRunsOnceOnTheFirstDemand() {
    let probe = Probe()
    let recording = ProbeMaybePublisher(probe: probe).record(demand: .none)
    #expect(probe.log == [])
    recording.request(.max(1))
    recording.request(.max(1))
    #expect(probe.log == ["start"])
  }

  @Test func aValuePublishesTheValueThenFinishes() {
    let probe = Probe()
    let recording = ProbeMaybePublisher(probe: probe).record()
    probe.complete(.success(1))
    #expect(recording.events == [.subscription, .value(1), .finished])
    #expect(probe.log == ["start", "didComplete"])
  }

  @Test func anEmptyResultFinishes() {
    let probe = Probe()
    let recording = ProbeMaybePublisher(probe: probe).record()
    probe.complete(.finished)
    #expect(recording.events == [.subscription, .finished])
    #expect(probe.log == ["start", "didComplete"])
  }

  @Test func aFailureFails() {
    let probe = Probe()
    let recording = ProbeMaybePublisher(probe: probe).record()
    probe.complete(.failure(TestError(code: 2)))
    #expect(recording.events == [.subscription, .failure(TestError(code: 2))])
    #expect(probe.log == ["start", "didComplete"])
  }

  @Test func onlyTheFirstResultCounts() {
    let probe = Probe()
    let (subscription, recording) = subscribedMaybe(probe)
    subscription.receive(.finished)
    subscription.receive(.success(1))
    #expect(recording.events == [.subscription, .finished])
    #expect(probe.log == ["start", "didComplete"])
  }

  @Test func cancelCallsDidCancelOnceAndLaterResultsAreIgnored() {
    let probe = Probe()
    let (subscription, recording) = subscribedMaybe(probe)
    subscription.cancel()
    subscription.cancel()
    subscription.receive(.success(1))
    #expect(recording.events == [.subscription])
    #expect(probe.log == ["start", "didCancel"])
  }

  @Test func receiveFromInsideStartCompletes() {
    let probe = Probe(resultInStart: .finished)
    let recording = ProbeMaybePublisher(probe: probe).record()
    #expect(recording.events == [.subscription, .finished])
    #expect(probe.log == ["start", "didComplete"])
  }

  @Test func cancelFromInsideTheDownstreamsReceiveWorks() {
    let probe = Probe()
    let recording = ProbeMaybePublisher(probe: probe).record { _, recorder in
      recorder.cancel()
      return .none
    }
    probe.complete(.success(1))
    #expect(recording.values == [1])
    #expect(probe.log == ["start", "didComplete"])
  }

  @Test func receiveBeforeDemandIsKeptUntilTheFirstDemand() {
    let probe = Probe()
    let (subscription, recording) = subscribedMaybe(probe, demand: .none)
    subscription.receive(.finished)
    #expect(recording.events == [.subscription])
    recording.request(.max(1))
    #expect(recording.events == [.subscription, .finished])
    #expect(probe.log == ["didComplete"])
  }

  @Test func worksThroughSinkMaybe() {
    let probe = Probe()
    let results = Collector<MaybeResult<Int, TestError>>()
    let cancellable = ProbeMaybePublisher(probe: probe).sinkMaybe { results.append($0) }
    probe.complete(.finished)
    #expect(results.all == [.finished])
    #expect(probe.log == ["start", "didComplete"])
    _ = cancellable
  }

  @Test func cancellingTheSinkCallsDidCancel() {
    let probe = Probe()
    let results = Collector<MaybeResult<Int, TestError>>()
    let cancellable = ProbeMaybePublisher(probe: probe).sinkMaybe { results.append($0) }
    cancellable.cancel()
    probe.complete(.success(1))
    #expect(results.all == [])
    #expect(probe.log == ["start", "didCancel"])
  }

  @Test func describesItself() {
    let (subscription, _) = subscribedMaybe(Probe(), demand: .none)
    #expect(subscription.description == "TraitSubscriptions.Maybe")
  }

  @available(*, deprecated)
  @Test func theDeprecatedNameIsTheSameClass() {
    #expect(MaybeSubscription<Recorder, Probe>.self == TraitSubscriptions.Maybe<Recorder, Probe>.self)
  }

  @Test func requestingNoDemandTraps() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      let recorder = RecordingSubscriber<Int, Never>(demand: .none)
      let subscription = TraitSubscriptions.Maybe<RecordingSubscriber<Int, Never>, Int>(
        downstream: recorder,
        context: 0
      )
      subscription.request(.none)
    }
    #expect(result.standardErrorText.contains("API violation: demand must be greater than zero"))
  }
}
