import MaybeTraits
import ReactiveCore
import Testing
import TraitsTesting

@Suite struct UncheckedMaybeTests {
  // Calling `uncheckedMaybe()` on a publisher that is already a
  // MaybePublisher picks a deprecated overload whose warning says the
  // conversion is useless. The build treats warnings as errors, so no test
  // calls it.

  @Test func isAMaybePublisherThatForwardsEverything() {
    func requiresMaybe<P: MaybePublisher<Int, Never>>(_ publisher: P) -> P { publisher }
    #expect(requiresMaybe([1].publisher.uncheckedMaybe()).record().events == [.subscription, .value(1), .finished])
    #expect(requiresMaybe([Int]().publisher.uncheckedMaybe()).record().events == [.subscription, .finished])
  }

  @Test func checksNothing() {
    // Breaking the contract is undefined behavior for users; here it shows
    // that no check runs.
    #expect([1, 2].publisher.uncheckedMaybe().record().values == [1, 2])
  }

  @Test func forwardsDemandAndCancellation() {
    let upstream = TestPublisher<Int, TestError>()
    let recorder = upstream.uncheckedMaybe().record(demand: .max(1))
    #expect(upstream.requests == [.max(1)])

    recorder.cancel()

    #expect(upstream.cancellations == 1)
  }

  @Test func keepsItsUpstream() {
    let upstream = TestPublisher<Int, TestError>()
    #expect(upstream.uncheckedMaybe().upstream === upstream)
  }
}
