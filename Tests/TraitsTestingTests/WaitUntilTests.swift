import Synchronization
import Testing
import TraitsTesting

@Suite struct WaitUntilTests {
  @Test func returnsAsSoonAsTheConditionHolds() async throws {
    let flag = Atomic<Bool>(false)
    let setter = Task {
      try await Task.sleep(for: .milliseconds(5))
      flag.store(true, ordering: .releasing)
    }
    try await waitUntil { flag.load(ordering: .acquiring) }
    try await setter.value
  }

  @Test func throwsAfterTheTimeout() async {
    await #expect(throws: ConditionTimeout.self) {
      try await waitUntil(timeout: .milliseconds(20)) { false }
    }
    #expect("\(ConditionTimeout(timeout: .milliseconds(20)))" == "condition not met within 0.02 seconds")
  }
}
