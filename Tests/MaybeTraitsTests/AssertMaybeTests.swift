import MaybeTraits
import ReactiveCore
import Testing
import TraitsTesting

@Suite struct AssertMaybeTests {
  // Calling `assertMaybe()` on a publisher that is already a MaybePublisher
  // (e.g. `AnyMaybePublisher.just(1).assertMaybe()`) picks a deprecated
  // overload whose warning says the check is useless. The build treats
  // warnings as errors, so no test calls it.

  @Test func isAMaybePublisherWithTheUpstreamFailure() {
    func requiresMaybe<P: MaybePublisher<Int, TestError>>(_ publisher: P) -> P { publisher }
    let asserted = requiresMaybe(Just(1).setFailureType(to: TestError.self).eraseToAnyPublisher().assertMaybe())
    #expect(asserted.record().events == [.subscription, .value(1), .finished])
  }

  @Test func noElementIsFine() {
    #expect(Empty<Int, TestError>().eraseToAnyPublisher().assertMaybe().record().events == [.subscription, .finished])
  }

  @Test func anUpstreamErrorPassesUnchanged() {
    let events = Fail<Int, TestError>(error: TestError(code: 3)).eraseToAnyPublisher().assertMaybe().record().events
    #expect(events == [.subscription, .failure(TestError(code: 3))])
  }

  @Test func aValueWaitsForDemand() {
    let recorder = [1].publisher.assertMaybe().record(demand: .none)
    #expect(recorder.events == [.subscription])

    recorder.request(.max(1))

    #expect(recorder.events == [.subscription, .value(1), .finished])
  }

  @Test func cancelReachesTheUpstream() {
    expectCancelReachesTheUpstream { (upstream: TestPublisher<Int, TestError>) in upstream.assertMaybe() }
  }

  @Test func twoElementsTrap() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      _ = [1, 2].publisher.assertMaybe(file: "Names.swift", line: 42).record()
    }
    #expect(result.standardErrorText.contains("Maybe violation: too many elements (Names.swift:42)"))
  }

  @Test func thePrefixBeginsTheTrapMessage() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      _ = [1, 2].publisher.assertMaybe("Names:", file: "Names.swift", line: 5).record()
    }
    #expect(result.standardErrorText.contains("Names: Maybe violation: too many elements (Names.swift:5)"))
  }

  @Test func anElementThenAnErrorTraps() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      let upstream = TestPublisher<Int, TestError>()
      let recorder = upstream.assertMaybe(file: "MaybeTraitsTests/Names.swift", line: 7).record()
      _ = upstream.send(1)
      upstream.send(completion: .failure(TestError()))
      withExtendedLifetime(recorder) {}
    }
    #expect(result.standardErrorText.contains("Maybe violation: element then failure (Names.swift:7)"))
  }

  @Test func theDefaultLocationIsTheCaller() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      _ = [1, 2].publisher.assertMaybe().record()
    }
    #expect(result.standardErrorText.contains("Maybe violation: too many elements (AssertMaybeTests.swift:"))
  }
}
