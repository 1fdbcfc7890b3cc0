import Dispatch
import ReactiveCore
import Testing
import TraitSubscriptions
import TraitsTesting

/// Bounded stress: a few hundred races per test, run under ThreadSanitizer
/// by `swift test --sanitize=thread`.
@Suite struct RaceTests {
  static let iterations = 300

  @Test func receiveRacingCancelEndsInExactlyOneOutcome() {
    for _ in 0..<Self.iterations {
      let probe = Probe()
      let (subscription, recording) = subscribedSingle(probe)

      DispatchQueue.concurrentPerform(iterations: 2) { index in
        if index == 0 {
          subscription.receive(.success(1))
        } else {
          subscription.cancel()
        }
      }

      let completed =
        recording.events == [.subscription, .value(1), .finished] && probe.log == ["start", "didComplete"]
      let cancelled = recording.events == [.subscription] && probe.log == ["start", "didCancel"]
      #expect(completed != cancelled)
    }
  }

  @Test func requestRacingReceiveDeliversOnce() {
    for _ in 0..<Self.iterations {
      let probe = Probe()
      let (subscription, recording) = subscribedMaybe(probe, demand: .none)

      DispatchQueue.concurrentPerform(iterations: 2) { index in
        if index == 0 {
          recording.request(.max(1))
        } else {
          subscription.receive(.success(1))
        }
      }

      #expect(recording.events == [.subscription, .value(1), .finished])
      #expect(probe.count("didComplete") == 1)
      #expect(probe.count("start") <= 1)
    }
  }

  @Test func concurrentRequestsStartOnce() {
    for _ in 0..<Self.iterations {
      let probe = Probe()
      let (_, recording) = subscribedSingle(probe, demand: .none)

      DispatchQueue.concurrentPerform(iterations: 2) { _ in recording.request(.max(1)) }

      #expect(probe.log == ["start"])
    }
  }

  @Test func concurrentReceivesDeliverOnce() {
    for _ in 0..<Self.iterations {
      let probe = Probe()
      let (subscription, recording) = subscribedSingle(probe)

      DispatchQueue.concurrentPerform(iterations: 2) { index in subscription.receive(.success(index)) }

      #expect(recording.values.count == 1)
      #expect(probe.log == ["start", "didComplete"])
    }
  }
}
