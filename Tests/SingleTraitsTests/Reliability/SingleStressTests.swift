import MaybeTraits
import ReactiveCore
import SingleTraits
import Testing

/// `TraitPublishers.Single` under random interleavings of promise calls,
/// requests and cancels from several threads (see `stress` in
/// ReliabilityKit.swift): one value then finished, or one failure, never
/// without demand, nothing after a cancel returned, everything released.
@Suite(.tags(.reliability)) struct SingleStressTests {
  @Test func traitPublishersSingle() {
    let rounds = stressPromised(
      "TraitPublishers.Single",
      value: { Result<Int, TestError>.success($0) },
      ending: { $0 ? .failure(TestError(code: 1)) : .success(-1) }
    ) { promises, token, witness in
      singleJob(promises, token).subscribe(witness)
    }
    #expect(rounds > 0)
  }

  @Test func checkSingleOverASubject() {
    #expect(stressOneValueCheckOverASubject("checkSingleRace") { $0.checkSingle() } > 0)
  }
}

/// A single publisher whose job adds its promise to `promises`, and whose
/// cancellable holds `token`.
func singleJob(
  _ promises: StressPromises<Result<Int, TestError>>,
  _ token: Token
) -> TraitPublishers.Single<Int, TestError> {
  TraitPublishers.Single { promises.job($0, holding: token) }
}
