import ReactiveCore
import SingleTraits
import Testing

@Suite struct SingleErrorTests {
  @Test func describesEachViolationInASentence() {
    #expect(
      "\(SingleError<TestError>.missingElement)"
        == "Single violation: the publisher finished without publishing a value"
    )
    #expect("\(SingleError<TestError>.tooManyElements)" == "Single violation: the publisher published a second value")
    #expect(
      "\(SingleError.bothElementAndError(Failure.offline))"
        == "Single violation: the publisher failed after its value, with offline"
    )
  }

  @Test func describesAnUpstreamFailureAsThatFailure() {
    #expect("\(SingleError.upstream(Failure.offline))" == "offline")
  }

  @Test func checkSingleFailsWithTheDescribedError() {
    let recorder = [1, 2].publisher.checkSingle().record()
    guard case let .failure(error) = recorder.completion else {
      Issue.record("expected a failure, got \(recorder.events)")
      return
    }
    #expect("\(error)" == "Single violation: the publisher published a second value")
  }

  enum Failure: Error {
    case offline
  }
}
