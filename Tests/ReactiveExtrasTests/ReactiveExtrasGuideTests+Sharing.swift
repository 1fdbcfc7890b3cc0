import ReactiveCore
import ReactiveExtras
import TestSupport
import Testing
import TraitsTesting

// The examples of Docs/ReactiveExtras.md's sections on share(replay:),
// ReplaySubject, withLatestFrom and materialize, compiled and run.

private struct Profile: Equatable {
  let name: String
}

@Suite struct ReactiveExtrasSharingGuideTests {
  @Test func shareReplayGivesALateSubscriberTheLatestValue() {
    let fetches = Shared(0)
    // One fetch, whoever asks and whenever.
    let profile = Deferred {
      fetches.value += 1
      return Just(Profile(name: "Ada"))
    }
    .share(replay: 1)

    let header = profile.record()  // fetches
    let menu = profile.record()  // replays: no second fetch

    #expect(header.values == [Profile(name: "Ada")])
    #expect(menu.events == [.subscription, .value(Profile(name: "Ada")), .finished])
    #expect(fetches.value == 1)
  }

  @Test func replaySubjectKeepsTheLastValues() {
    let log = ReplaySubject<String, Never>(bufferSize: 2)
    log.send("boot")
    log.send("ready")
    log.send("serving")

    let console = log.record()  // receives "ready", "serving"
    log.send("stopping")  // then "stopping"

    #expect(console.values == ["ready", "serving", "stopping"])
  }

  @Test func withLatestFromReadsTheSettingsOnEachTap() {
    let taps = PassthroughSubject<Void, Never>()
    let settings = CurrentValueSubject<String, Never>("metric")

    let units = taps.withLatestFrom(settings).record()
    taps.send()  // "metric"
    settings.send("imperial")  // publishes nothing
    taps.send()  // "imperial"

    #expect(units.values == ["metric", "imperial"])
  }

  @Test func materializeLetsAFailureBeAValue() {
    let upstream = PassthroughSubject<Int, TestError>()
    let signals = upstream.materialize().record()
    upstream.send(1)
    upstream.send(completion: .failure(TestError(code: 1)))
    // signals: .value(1), .failure(TestError(code: 1)), then finished (the result never fails)

    let restored = [Signal<Int, TestError>.value(1), .finished].publisher.dematerialize().record()
    // restored: 1, then finished

    #expect(signals.values == [.value(1), .failure(TestError(code: 1))])
    #expect(signals.completion == .finished)  // the result never fails
    #expect(restored.events == [.subscription, .value(1), .finished])
  }
}
