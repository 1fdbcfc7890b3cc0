import Dispatch
import ReactiveCore
import Testing
import TraitsTesting

/// A failure that is not Equatable, as a service's `any Error` is not.
private struct Offline: Error, CustomStringConvertible {
  let attempt: Int
  var description: String { "offline (attempt \(attempt))" }
}

private enum ServiceError: Error, Equatable {
  case offline
}

/// Completion checks and comparisons for failures that are not Equatable.
@Suite struct AnyFailureTests {
  // MARK: Completions

  @Test func completionsSayWhetherTheyFinishedAndWithWhatFailure() {
    let finished = Subscribers.Completion<any Error>.finished
    let failed = Subscribers.Completion<any Error>.failure(Offline(attempt: 1))
    #expect(finished.isFinished)
    #expect(!failed.isFinished)
    #expect(finished.failure == nil)
    #expect((failed.failure as? Offline)?.attempt == 1)
  }

  @Test func describedCompletionsCompareWithEquals() {
    #expect(Subscribers.Completion<any Error>.failure(Offline(attempt: 2)).described == .failure("offline (attempt 2)"))
    #expect(Subscribers.Completion<any Error>.finished.described == .finished)
    #expect(Subscribers.Completion<any Error>.failure(Offline(attempt: 2)).described != .finished)
  }

  @Test func completionsMatchByAClosure() {
    let failed = Subscribers.Completion<any Error>.failure(Offline(attempt: 1))
    let sameAttempt: (any Error, any Error) -> Bool = { ($0 as? Offline)?.attempt == ($1 as? Offline)?.attempt }
    #expect(failed.matches(.failure(Offline(attempt: 1)), failuresBy: sameAttempt))
    #expect(!failed.matches(.failure(Offline(attempt: 2)), failuresBy: sameAttempt))
    #expect(!failed.matches(.finished, failuresBy: sameAttempt))
    #expect(Subscribers.Completion<any Error>.finished.matches(.finished, failuresBy: sameAttempt))
  }

  @Test func awaitingTheCompletionOfAnAnyErrorPublisher() async throws {
    let recorder = Just(5).setFailureType(to: (any Error).self).receive(on: DispatchQueue.global()).record()
    #expect(try await recorder.awaitCompletion().isFinished)
    #expect(recorder.isFinished)
    #expect(recorder.failure == nil)
  }

  // MARK: Recorders

  @Test func aRecorderSaysHowItCompleted() {
    let failing = Fail<Int, any Error>(error: Offline(attempt: 3)).record()
    #expect(!failing.isFinished)
    #expect((failing.failure as? Offline)?.attempt == 3)

    let pending = PassthroughSubject<Int, any Error>().record()
    #expect(!pending.isFinished)
    #expect(pending.failure == nil)
  }

  @Test func describedEventsCompareWithEquals() {
    let subject = PassthroughSubject<Int, any Error>()
    let recorder = subject.record()
    subject.send(1)
    subject.send(completion: .failure(Offline(attempt: 1)))
    #expect(recorder.describedEvents == [.subscription, .value(1), .failure("offline (attempt 1)")])
    #expect(recorder.describedEvents != [.subscription, .value(1), .failure("offline (attempt 2)")])
  }

  @Test func eventsMapTheirFailures() {
    let recorder = Fail<Int, any Error>(error: ServiceError.offline).record()
    #expect(recorder.events(mappingFailures: { $0 as! ServiceError }) == [.subscription, .failure(.offline)])
  }

  @Test func eventsMatchByAClosure() {
    let recorder = [1, 2].publisher.setFailureType(to: (any Error).self)
      .append(Fail(error: Offline(attempt: 1) as any Error))
      .record()
    let sameAttempt: (any Error, any Error) -> Bool = { ($0 as? Offline)?.attempt == ($1 as? Offline)?.attempt }
    #expect(
      recorder.hasEvents([.subscription, .value(1), .value(2), .failure(Offline(attempt: 1))], failuresBy: sameAttempt)
    )
    #expect(
      !recorder.hasEvents(
        [.subscription, .value(1), .value(2), .failure(Offline(attempt: 9))],
        failuresBy: sameAttempt
      )
    )
    #expect(
      !recorder.hasEvents(
        [.subscription, .value(1), .value(3), .failure(Offline(attempt: 1))],
        failuresBy: sameAttempt
      )
    )
    #expect(!recorder.hasEvents([.subscription, .value(1), .value(2)], failuresBy: sameAttempt))
    #expect(!recorder.hasEvents([.subscription, .value(1), .value(2), .finished], failuresBy: sameAttempt))
  }

  @Test func describedErrorsStandForErrorsByTheirDescription() {
    #expect(DescribedError(Offline(attempt: 4)) == "offline (attempt 4)")
    #expect(DescribedError(Offline(attempt: 4)).description == "offline (attempt 4)")
    #expect(DescribedError(DescribedError("boom")) == "boom")  // not "DescribedError(description: ...)"
  }

  @Test func describedErrorsMakeTheEquatableAPIsWork() {
    let scheduler = VirtualTimeScheduler()
    let service: AnyPublisher<Int, any Error> = scheduler.cold("-a-x", values: ["a": 1], error: Offline(attempt: 1))
      .mapError { $0 as any Error }
      .eraseToAnyPublisher()
    let result = scheduler.compareMarbles(
      of: service.mapError(DescribedError.init),
      with: "-a-x",
      values: ["a": 1],
      error: "offline (attempt 1)"
    )
    #expect(result.matches, "\(result)")
  }

  // MARK: Marbles

  @Test func compareMarblesWithAClosure() {
    let scheduler = VirtualTimeScheduler()
    let service: AnyPublisher<Int, any Error> = scheduler.cold("-a-x", values: ["a": 1], error: Offline(attempt: 1))
      .mapError { $0 as any Error }
      .eraseToAnyPublisher()
    let result = scheduler.compareMarbles(of: service, with: "-a-x", values: ["a": 1], error: Offline(attempt: 1)) {
      "\($0)" == "\($1)"
    }
    #expect(result.matches, "\(result)")
  }

  @Test func compareMarblesWithAClosureSeesADifferentFailure() {
    let scheduler = VirtualTimeScheduler()
    let service = scheduler.cold("-a-x", values: ["a": 1], error: Offline(attempt: 1)).mapError { $0 as any Error }
    let result = scheduler.compareMarbles(of: service, with: "-a-x", values: ["a": 1], error: Offline(attempt: 2)) {
      "\($0)" == "\($1)"
    }
    #expect(!result.matches)
    #expect(
      "\(result)" == """
        expected: -a-x
        actual:   -a-x
        expected events: value(1) at 1s, failure(offline (attempt 2)) at 3s
        actual events:   value(1) at 1s, failure(offline (attempt 1)) at 3s
        """
    )
  }

  @Test func compareMarblesWithAClosureSeesADifferentTime() {
    let scheduler = VirtualTimeScheduler()
    let service = scheduler.cold("-a--x", values: ["a": 1], error: Offline(attempt: 1)).mapError { $0 as any Error }
    let result = scheduler.compareMarbles(of: service, with: "-a-x-", values: ["a": 1], error: Offline(attempt: 1)) {
      _,
      _ in true
    }
    #expect(!result.matches)
    #expect("\(result)" == "expected: -a-x-\nactual:   -a--x")
  }

  @Test func aRecorderComparesWithAClosure() throws {
    let scheduler = VirtualTimeScheduler()
    let recorder = scheduler.recordMarbles(
      of: scheduler.cold("--x", values: [Character: Int](), error: Offline(attempt: 1)).mapError { $0 as any Error }
    )
    scheduler.advance(by: .seconds(2))
    let byDescription: (any Error, any Error) -> Bool = { "\($0)" == "\($1)" }
    #expect(recorder.compare(with: "--x", error: Offline(attempt: 1), failuresBy: byDescription).matches)
    #expect(!recorder.compare(with: "--x", error: Offline(attempt: 2), failuresBy: byDescription).matches)
    #expect(!recorder.compare(with: "--|", failuresBy: byDescription).matches)
    let diagram = try MarbleDiagram<Int, any Error>("--x", error: Offline(attempt: 1))
    #expect(recorder.compare(with: diagram, failuresBy: byDescription).matches)
  }
}
