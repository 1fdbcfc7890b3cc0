import ReactiveCore
import Testing
import TraitsTesting

@Suite struct AssertNoFailureTests {
  @Test func passesValuesAndFinishedThrough() {
    let recorder = Record<Int, TestError>(output: [1, 2], completion: .finished).assertNoFailure().record()
    #expect(recorder.events == [.subscription, .value(1), .value(2), .finished])
  }

  @Test func forwardsTheDemandAndTheUpstreamSubscriptionItself() {
    expectDemandPassedThrough(
      { (upstream: TestPublisher<Int, TestError>) in upstream.assertNoFailure() },
      sending: 1,
      returning: .max(3),
      request: .max(1),
      requests: [.max(2), .max(1)]
    )
  }

  @Test func cancelReachesTheUpstream() {
    expectCancelReachesTheUpstream { (upstream: TestPublisher<Int, TestError>) in upstream.assertNoFailure() }
  }

  @Test func toleratesACancelFromInsideReceive() {
    let recorder = expectToleratesACancelFromInsideReceive(
      { (upstream: TestPublisher<Int, TestError>) in upstream.assertNoFailure() },
      sending: [1, 2]
    )
    #expect(recorder.events == [.subscription, .value(1)])
  }

  @Test func keepsItsParameters() {
    let publisher = Just(1).assertNoFailure("checked", file: "Feed.swift", line: 42)
    #expect(publisher.prefix == "checked")
    #expect("\(publisher.file)" == "Feed.swift")
    #expect(publisher.line == 42)
  }

  @Test func trapsWithTheFailureAfterThePrefix() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      _ = Fail<Int, TestError>(error: TestError(code: 7)).assertNoFailure("feed").record()
    }
    #expect(result.standardErrorText.contains("feed: TestError(code: 7)"))
  }

  @Test func trapsWithTheFailureAloneWithoutPrefix() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      _ = Fail<Int, TestError>(error: TestError(code: 8)).assertNoFailure(file: "Feed.swift", line: 42).record()
    }
    #expect(result.standardErrorText.contains("Feed.swift:42: Fatal error: TestError(code: 8)"))
  }
}
