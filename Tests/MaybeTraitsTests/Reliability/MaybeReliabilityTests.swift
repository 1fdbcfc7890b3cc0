import MaybeTraits
import ReactiveCore
import SharedMachinery
import Testing
import TraitsTesting

/// The maybe trait under random event sequences (property-based, seeded:
/// see `Reliability.forEachCase`), random thread interleavings (see
/// `stress`), misbehaving upstreams and leak checks (see `OperatorRow`).
@Suite(.tags(.reliability)) struct MaybeReliabilityTests {
  typealias Output = RecordingSubscriber<Int, MaybeError<TestError>>.Event

  /// What `checkMaybe()` publishes for `events`, once there is demand.
  static func expected(_ events: [UpstreamEvent]) -> [Output] {
    expectedOneValueEvents(
      for: events,
      whenEmpty: [.subscription, .finished],
      tooManyElements: .tooManyElements,
      bothElementAndError: { .bothElementAndError($0) },
      upstream: { .upstream($0) }
    )
  }

  @Test func checkMaybeTurnsAnyEventSequenceIntoAMaybeOutput() {
    let cases = checkOneValueCheckAgainstAnyEvents(
      "checkMaybe",
      { $0.checkMaybe() },
      expected: Self.expected,
      tooManyElements: .tooManyElements
    )
    #expect(cases > 0)
  }

  @Test func traitPublishersMaybeUnderRacingThreads() {
    let rounds = stressPromised(
      "TraitPublishers.Maybe",
      value: { MaybeResult<Int, TestError>.success($0) },
      ending: { $0 ? .failure(TestError(code: 1)) : .finished }
    ) { promises, token, witness in
      maybeJob(promises, token).subscribe(witness)
    }
    #expect(rounds > 0)
  }

  @Test func checkMaybeOverARacingSubject() {
    #expect(stressOneValueCheckOverASubject("checkMaybeRace") { $0.checkMaybe() } > 0)
  }

  static let rows: [OperatorRow] = [
    OperatorRow("checkMaybe") { upstream, _, _ in upstream.checkMaybe() },
    // Transparent by design: these only change the type.
    OperatorRow("uncheckedMaybe", transparent: true) { upstream, _, _ in upstream.uncheckedMaybe() },
    OperatorRow("AnyMaybePublisher", transparent: true) { upstream, _, _ in
      upstream.uncheckedMaybe().eraseToAnyMaybePublisher()
    },
  ]

  @Test(arguments: rows, Misbehaviour.allCases)
  func operatorWithstands(_ row: OperatorRow, _ misbehaviour: Misbehaviour) {
    // Two values without demand break the maybe contract: only checkMaybe is made to survive that.
    guard row.name == "checkMaybe" || misbehaviour != .valueWithoutDemand else { return }
    #expect(row.misbehave(misbehaviour) == [], "\(row.name), \(misbehaviour.rawValue)")
  }

  @Test(arguments: rows, Ending.allCases)
  func operatorReleasesEverything(_ row: OperatorRow, _ ending: Ending) {
    #expect(row.leak(ending) == [], "\(row.name), after \(ending.rawValue)")
  }

  @Test func sinkMaybeCallsItsClosureOnceWhateverTheUpstreamDoes() {
    let upstream = Rogue<Int, TestError>()
    let results = Lock<[MaybeResult<Int, TestError>]>([])
    let cancellable = upstream.uncheckedMaybe().sinkMaybe { result in results.withLock { $0.append(result) } }
    upstream.subscribeAgain()
    upstream.send(completion: .finished)
    upstream.send(2)
    upstream.send(completion: .failure(TestError(code: 1)))
    #expect(results.withLock { $0 } == [.finished])
    #expect(upstream.log.cancels(of: 1) == 1)
    #expect(upstream.log.cancels(of: 0) == 0)
    withExtendedLifetime(cancellable) {}
  }

  @Test(arguments: Ending.allCases)
  func sinkMaybeReleasesItsClosure(_ ending: Ending) {
    expectSinkReleasesItsClosure(ending, finish: { $0.send(completion: .finished) }) { upstream, token in
      upstream.uncheckedMaybe().sinkMaybe { _ in withExtendedLifetime(token) {} }
    }
  }

  @Test(arguments: Ending.allCases)
  func traitPublishersMaybeReleasesItsJob(_ ending: Ending) {
    expectPromisedPublisherReleasesItsJob(ending, fulfilling: .finished, maybeJob)
  }
}

/// A maybe publisher whose job adds its promise to `promises`, and whose
/// cancellable holds `token`.
private func maybeJob(
  _ promises: StressPromises<MaybeResult<Int, TestError>>,
  _ token: Token
) -> TraitPublishers.Maybe<Int, TestError> {
  TraitPublishers.Maybe { promises.job($0, holding: token) }
}
