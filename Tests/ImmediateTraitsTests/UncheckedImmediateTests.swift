import ImmediateTraits
import ReactiveCore
import Testing
import TraitsTesting

@Suite struct UncheckedImmediateTests {
  @Test func republishesEveryEventUnchanged() {
    let recorder = [1, 2, 3].publisher.uncheckedImmediate().record()
    #expect(recorder.events == [.subscription, .value(1), .value(2), .value(3), .finished])
  }

  @Test func checksNothingEvenWhenTheContractIsBroken() {
    // Undefined behaviour for a user; here it shows that nothing traps.
    let recorder = Empty<Int, Never>().uncheckedImmediate().record()
    #expect(recorder.events == [.subscription, .finished])
  }

  @Test func passesDemandAndCancelStraightToTheUpstream() {
    let upstream = TestPublisher<Int, Never>()
    let recorder = upstream.uncheckedImmediate().record(demand: .max(2))

    recorder.request(.max(1))
    recorder.cancel()

    #expect(upstream.requests == [.max(2), .max(1)])
    #expect(upstream.cancellations == 1)
  }
}
