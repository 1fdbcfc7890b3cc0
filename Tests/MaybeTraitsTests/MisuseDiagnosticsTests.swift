import Foundation
import MaybeTraits
import ReactiveCore
import SharedMachinery
import Testing

/// The misuses that are ignored, and reported in debug builds
/// (Docs/Reliability.md, "Misuse").
@Suite struct MisuseDiagnosticsTests {
  @Test func anOutcomeWaitingForAMainActorThatDoesNotComeIsReported() async {
    MisuseDiagnostics.startRecording()
    MainActorWait.patience.withLock { $0 = .milliseconds(20) }
    defer { MainActorWait.patience.withLock { $0 = .seconds(5) } }
    let delivered = await MainActor.run {
      // The main actor is busy here, as it would be absent in a process that
      // never runs it: the outcome, sent at once, cannot reach it in time.
      let cancellable = Just(1).sinkMaybe(onMainActor: { _ in })
      // Busy until the report comes (from another thread, after 20 ms), or 10 s.
      let reported = settle(timeout: .seconds(10)) {
        MisuseDiagnostics.recorded.contains {
          $0.contains("an outcome of an onMainActor: sink has waited") && $0.contains("for the main actor")
        }
      }
      return (cancellable: cancellable, reported: reported)
    }
    withExtendedLifetime(delivered.cancellable) {}
    #expect(delivered.reported)
  }

  @Test func reportsBeginWithTheLibrarysName() {
    MisuseDiagnostics.startRecording()
    MisuseDiagnostics.report("a test report")
    #expect(MisuseDiagnostics.recorded.contains("CombineTraits misuse: a test report"))
  }
}
