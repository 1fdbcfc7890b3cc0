import ReactiveCore
import SingleTraits
import Testing
import TraitsTesting

@Suite struct AssertSingleTests {
  @Test func oneValueThenFinishedPasses() {
    let upstream = TestPublisher<Int, TestError>()
    let recording = upstream.assertSingle().record(demand: .none)
    recording.request(.max(1))
    #expect(upstream.requests == [.unlimited])

    _ = upstream.send(1)
    upstream.send(completion: .finished)

    #expect(recording.events == [.subscription, .value(1), .finished])
  }

  @Test func anUpstreamFailureIsPassedOn() {
    let upstream = TestPublisher<Int, TestError>()
    let recording = upstream.assertSingle().record()
    upstream.send(completion: .failure(TestError(code: 3)))
    #expect(recording.events == [.subscription, .failure(TestError(code: 3))])
  }

  @Test func cancellingReachesTheUpstream() {
    let upstream = TestPublisher<Int, TestError>()
    let recording = upstream.assertSingle().record()
    recording.cancel()
    #expect(upstream.cancellations == 1)
  }

  @Test func noElementTraps() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      _ = Empty<Int, Never>().assertSingle(file: "Feed.swift", line: 42).record()
    }
    #expect(result.standardErrorText.contains("Single violation: missing element (Feed.swift:42)"))
  }

  @Test func twoElementsTrap() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      _ = [1, 2].publisher.assertSingle(file: "Sources/App/Feed.swift", line: 7).record()
    }
    #expect(result.standardErrorText.contains("Single violation: too many elements (Feed.swift:7)"))
  }

  @Test func anElementThenAFailureTraps() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      _ = Just(1).setFailureType(to: TestError.self).append(Fail(error: TestError()))
        .assertSingle(file: "Feed.swift", line: 9).record()
    }
    #expect(result.standardErrorText.contains("Single violation: element then failure (Feed.swift:9)"))
  }

  @Test func thePrefixBeginsTheTrapMessage() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      _ = [1, 2].publisher.assertSingle("Feed:", file: "Feed.swift", line: 3).record()
    }
    #expect(result.standardErrorText.contains("Feed: Single violation: too many elements (Feed.swift:3)"))
  }

  @Test func theDefaultLocationIsTheCaller() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      _ = Empty<Int, Never>().assertSingle().record()
    }
    #expect(result.standardErrorText.contains("Single violation: missing element (AssertSingleTests.swift:"))
  }
}
