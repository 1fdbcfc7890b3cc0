import Foundation
import Synchronization
import Testing
import TraitsTesting

@Suite struct WaitUntilTests {
  @Test func returnsAsSoonAsTheConditionHolds() async throws {
    // The flag is set from a thread of its own, not a task: under a loaded
    // parallel run the cooperative pool may be busy for long, and the test is
    // about the wait, not about when a setter task gets a thread.
    final class Flag: Sendable {
      let isSet = Atomic<Bool>(false)
    }
    let flag = Flag()
    Thread.detachNewThread {
      usleep(5_000)
      flag.isSet.store(true, ordering: .releasing)
    }
    try await waitUntil { flag.isSet.load(ordering: .acquiring) }
  }

  @Test func throwsAfterTheTimeout() async {
    await #expect(throws: ConditionTimeout.self) {
      try await waitUntil(timeout: .milliseconds(20)) { false }
    }
    #expect("\(ConditionTimeout(timeout: .milliseconds(20)))" == "condition not met within 0.02 seconds")
  }
}
