import ReactiveCore
import Testing
import TraitsTesting

@Suite struct ReduceTests {
  @Test func publishesTheFoldedValueWhenTheUpstreamFinishes() {
    let recorder = [1, 2, 3].unspecialisedPublisher.reduce(10, +).record()
    #expect(recorder.events == [.subscription, .value(16), .finished])
  }

  @Test func publishesTheInitialValueForAnEmptyUpstream() {
    let recorder = Empty<Int, Never>().reduce(10, +).record()
    #expect(recorder.events == [.subscription, .value(10), .finished])
  }

  @Test func requestsUnlimitedWaitsForDemandAndForwardsCancel() {
    let upstream = ReducingUpstream()
    let recorder = upstream.reduce("") { $0 + "\($1)" }.record(demand: .none)
    #expect(upstream.requests == [.unlimited])

    upstream.send(1)
    upstream.send(2)
    upstream.send(completion: .finished)
    #expect(recorder.events == [.subscription])
    recorder.request(.max(1))
    #expect(recorder.events == [.subscription, .value("12"), .finished])

    let other = ReducingUpstream()
    other.reduce(0, +).record().cancel()
    #expect(other.cancellations == 1)
  }

  @Test func aCancelFromAnotherCallDuringTheClosureStopsTheReduction() {
    let upstream = ReducingUpstream()
    var recorder: RecordingSubscriber<Int, TestError>?
    recorder = upstream.reduce(0) { partial, value in
      recorder?.cancel()
      return partial + value
    }.record()

    upstream.send(1)
    upstream.send(2)
    upstream.send(completion: .finished)

    #expect(upstream.cancellations == 1)
    #expect(recorder?.events == [.subscription])
  }

  @Test func releasesTheClosureAndTheDownstream() throws {
    try expectReleasesOnEveryEnd { (upstream: ReducingUpstream, token: Token) in
      upstream.reduce(0) { partial, value in withExtendedLifetime(token) { partial + value } }
    }
  }
}

@Suite struct TryReduceTests {
  @Test func publishesTheFoldedValueWhenTheUpstreamFinishes() {
    let recorder = [1, 2, 3].unspecialisedPublisher.tryReduce(10, +).record()
    #expect(recorder.events.map(\.description) == ["subscription", "value(16)", "finished"])
  }

  @Test func aThrownErrorCancelsTheUpstreamAndFailsWithoutDemand() {
    let (recorder, _) = expectAThrownErrorCancelsTheUpstream { upstream, throwsFor2 in
      upstream.tryReduce(0) { partial, value in try throwsFor2(value) ? partial + value : partial }
    }
    #expect(recorder.events.map(\.description) == ["subscription", "failure(TestError(code: 2))"])
  }

  @Test func releasesTheClosureAndTheDownstream() throws {
    try expectReleasesOnEveryEnd(sending: [3]) { (upstream: ReducingUpstream, token: Token) in
      upstream.tryReduce(0) { partial, value in
        try withExtendedLifetime(token) {
          if value == 3 { throw TestError(code: 3) }
          return partial + value
        }
      }
    }
  }
}
