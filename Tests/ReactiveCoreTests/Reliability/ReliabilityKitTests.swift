import ReactiveCore
import Testing

/// The reliability kit's own checks can fail: each violation that the
/// suites look for is seen when a rogue upstream commits it directly.
@Suite(.tags(.reliability)) struct ReliabilityKitTests {
  @Test func theWitnessSeesEveryViolation() {
    let upstream = Rogue<Int, TestError>()
    let witness = ContractChecker<Int, TestError>(initialDemand: .none)
    upstream.subscribe(witness)

    upstream.send(1)
    upstream.subscribeAgain()
    upstream.send(completion: .finished)
    upstream.send(2)
    upstream.send(completion: .finished)

    #expect(
      witness.problems() == [
        "a value without demand", "a second subscription", "a value after the completion", "a value without demand",
        "a second completion",
      ]
    )
    #expect(upstream.log.cancels(of: 1) == 1)
  }

  @Test func theWitnessCountsEventsAfterCancel() {
    let upstream = Rogue<Int, TestError>()
    let witness = ContractChecker<Int, TestError>()
    upstream.subscribe(witness)

    witness.cancel()
    upstream.send(1)
    upstream.send(2)

    #expect(witness.problems(inFlight: 1) == ["2 values after cancel() returned (1 in flight allowed)"])
    #expect(upstream.log.cancels(of: 0) == 1)
  }

  @Test func aRoundThatLeaksIsReported() {
    // A "publisher" that keeps every subscriber forever: the witness cannot be released.
    let upstream = Rogue<Int, TestError>()
    // The failure goes to `report` instead of the test log, so that a
    // passing run prints nothing that looks like a failure.
    var reports: [String] = []
    stress("KitSelfTest", threads: 1, light: 1, heavy: 1, report: { reports.append($0) }) {
      (_: Token) -> StressSystem<Int, TestError> in
      StressSystem(
        sources: 1,
        settleTimeout: .milliseconds(20),
        send: { _, value in upstream.send(value) },
        complete: { _, _ in },
        subscribe: { upstream.subscribe($0[0]) }
      )
    }
    upstream.forget()
    #expect(reports.count == 1)
    #expect(reports.first?.hasPrefix("KitSelfTest: seed 0x") == true)
    #expect(reports.first?.contains("failed (rerun with RELIABILITY_SEED=0x") == true)
  }

  @Test func seedsAreReproducible() {
    var first = SplitMix64(seed: 42)
    var second = SplitMix64(seed: 42)
    #expect((0..<5).map { _ in first.next() } == (0..<5).map { _ in second.next() })
    #expect(Reliability.seed("a", 0) == Reliability.seed("a", 0))
    #expect(Reliability.replaySeed != nil || Reliability.seed("a", 0) != Reliability.seed("a", 1))
  }
}
