import MaybeTraits
import ReactiveCore
import Testing

@Suite struct MaybeErrorTests {
  enum Failure: Error {
    case offline
  }

  @Test func describesEachViolationInASentence() {
    #expect("\(MaybeError<Failure>.tooManyElements)" == "Maybe violation: the publisher published a second value")
    #expect(
      "\(MaybeError.bothElementAndError(Failure.offline))"
        == "Maybe violation: the publisher failed after its value, with offline"
    )
    #expect("\(MaybeError.upstream(Failure.offline))" == "offline")
  }

  @Test func checkMaybeFailsWithTheDescribedError() {
    let recorder = [1, 2].publisher.checkMaybe().record()
    guard case let .failure(error) = recorder.completion else {
      Issue.record("expected a failure, got \(recorder.events)")
      return
    }
    #expect("\(error)" == "Maybe violation: the publisher published a second value")
  }
}
