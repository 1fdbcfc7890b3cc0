import ReactiveCore
import SingleTraits
import Testing
import TraitSubscriptions
import TraitsTesting

@Suite struct SingleContractTests {
  @Test func startRunsOnTheFirstDemand() {
    let probe = Probe()
    let recording = ProbeSinglePublisher(probe: probe).record(demand: .none)
    #expect(probe.log == [])

    recording.request(.max(1))

    #expect(probe.log == ["start"])
  }

  @Test func startRunsOnceWhateverTheDemand() {
    let probe = Probe()
    let recording = ProbeSinglePublisher(probe: probe).record(demand: .max(1))
    recording.request(.max(1))
    recording.request(.unlimited)
    #expect(probe.log == ["start"])
  }

  @Test func aSuccessPublishesTheValueThenFinishesThenCallsDidComplete() {
    let probe = Probe()
    let recording = ProbeSinglePublisher(probe: probe).record()

    probe.complete(.success(1))

    #expect(recording.events == [.subscription, .value(1), .finished])
    #expect(probe.log == ["start", "didComplete"])
  }

  @Test func aFailureFailsThenCallsDidComplete() {
    let probe = Probe()
    let recording = ProbeSinglePublisher(probe: probe).record()

    probe.complete(.failure(TestError(code: 1)))

    #expect(recording.events == [.subscription, .failure(TestError(code: 1))])
    #expect(probe.log == ["start", "didComplete"])
  }

  @Test func onlyTheFirstResultCounts() {
    let probe = Probe()
    let (subscription, recording) = subscribedSingle(probe)

    subscription.receive(.success(1))
    subscription.receive(.success(2))
    subscription.receive(.failure(TestError()))

    #expect(recording.events == [.subscription, .value(1), .finished])
    #expect(probe.log == ["start", "didComplete"])
  }

  @Test func cancelBeforeCompletionCallsDidCancelOnce() {
    let probe = Probe()
    let (subscription, recording) = subscribedSingle(probe)

    subscription.cancel()
    subscription.cancel()

    #expect(recording.events == [.subscription])
    #expect(probe.log == ["start", "didCancel"])
  }

  @Test func receiveAfterCancelIsIgnored() {
    let probe = Probe()
    let (subscription, recording) = subscribedSingle(probe)

    subscription.cancel()
    subscription.receive(.success(1))

    #expect(recording.events == [.subscription])
    #expect(probe.log == ["start", "didCancel"])
  }

  @Test func cancelAfterCompletionDoesNothing() {
    let probe = Probe()
    let (subscription, recording) = subscribedSingle(probe)

    subscription.receive(.success(1))
    subscription.cancel()

    #expect(recording.events == [.subscription, .value(1), .finished])
    #expect(probe.log == ["start", "didComplete"])
  }

  @Test func cancelBeforeAnyDemandCallsDidCancelButNeverStart() {
    let probe = Probe()
    let (subscription, recording) = subscribedSingle(probe, demand: .none)

    subscription.cancel()
    recording.request(.max(1))

    #expect(recording.events == [.subscription])
    #expect(probe.log == ["didCancel"])
  }

  @Test func receiveFromInsideStartCompletes() {
    let probe = Probe(resultInStart: .success(1))
    let recording = ProbeSinglePublisher(probe: probe).record()

    #expect(recording.events == [.subscription, .value(1), .finished])
    #expect(probe.log == ["start", "didComplete"])
  }

  @Test func cancelFromInsideTheDownstreamsReceiveWorks() {
    let probe = Probe()
    let recording = ProbeSinglePublisher(probe: probe).record { _, recorder in
      recorder.cancel()
      return .none
    }

    probe.complete(.success(1))

    // The value was delivered before the cancel: the subscription is
    // already complete, so the cancel is a no-op and didCancel never runs.
    #expect(recording.values == [1])
    #expect(probe.log == ["start", "didComplete"])
  }

  @Test func requestFromInsideTheDownstreamsReceiveWorks() {
    let probe = Probe()
    let recording = ProbeSinglePublisher(probe: probe).record { _, _ in .max(1) }

    probe.complete(.success(1))

    #expect(recording.events == [.subscription, .value(1), .finished])
    #expect(probe.log == ["start", "didComplete"])
  }

  // MARK: receive before any demand: the result is kept for the first demand

  @Test func receiveBeforeDemandIsKeptUntilTheFirstDemand() {
    let probe = Probe()
    let (subscription, recording) = subscribedSingle(probe, demand: .none)

    subscription.receive(.success(1))
    #expect(recording.events == [.subscription])
    #expect(probe.log == [])

    recording.request(.max(1))

    // Delivered on the first demand, without calling start.
    #expect(recording.events == [.subscription, .value(1), .finished])
    #expect(probe.log == ["didComplete"])
  }

  @Test func aKeptResultIsDroppedByCancel() {
    let probe = Probe()
    let (subscription, recording) = subscribedSingle(probe, demand: .none)

    subscription.receive(.failure(TestError()))
    subscription.cancel()
    recording.request(.max(1))

    #expect(recording.events == [.subscription])
    #expect(probe.log == ["didCancel"])
  }

  @Test func onlyTheFirstKeptResultCounts() {
    let probe = Probe()
    let (subscription, recording) = subscribedSingle(probe, demand: .none)

    subscription.receive(.success(1))
    subscription.receive(.success(2))
    recording.request(.max(1))

    #expect(recording.events == [.subscription, .value(1), .finished])
  }

  // MARK: Through the traits' APIs

  @Test func worksThroughSinkSingle() {
    let probe = Probe()
    let results = Collector<Result<Int, TestError>>()
    let cancellable = ProbeSinglePublisher(probe: probe).sinkSingle { results.append($0) }

    probe.complete(.success(1))

    #expect(results.all == [.success(1)])
    #expect(probe.log == ["start", "didComplete"])
    _ = cancellable
  }

  @Test func cancellingTheSinkCallsDidCancel() {
    let probe = Probe()
    let results = Collector<Result<Int, TestError>>()
    let cancellable = ProbeSinglePublisher(probe: probe).sinkSingle { results.append($0) }

    cancellable.cancel()
    probe.complete(.success(1))

    #expect(results.all == [])
    #expect(probe.log == ["start", "didCancel"])
  }

  @Test func erasesToAnySinglePublisher() {
    let probe = Probe(resultInStart: .success(3))
    let publisher: AnySinglePublisher<Int, TestError> = ProbeSinglePublisher(probe: probe).eraseToAnySinglePublisher()
    #expect(publisher.record().events == [.subscription, .value(3), .finished])
  }

  @Test func describesItself() {
    let (subscription, _) = subscribedSingle(Probe(), demand: .none)
    #expect(subscription.description == "TraitSubscriptions.Single")
  }

  @available(*, deprecated)
  @Test func theDeprecatedNameIsTheSameClass() {
    #expect(SingleSubscription<Recorder, Probe>.self == TraitSubscriptions.Single<Recorder, Probe>.self)
  }

  // MARK: Traps

  @Test func requestingNoDemandTraps() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      let recorder = RecordingSubscriber<Int, Never>(demand: .none)
      let subscription = TraitSubscriptions.Single<RecordingSubscriber<Int, Never>, Int>(
        downstream: recorder,
        context: 0
      )
      subscription.request(.none)
    }
    #expect(result.standardErrorText.contains("API violation: demand must be greater than zero"))
  }
}
