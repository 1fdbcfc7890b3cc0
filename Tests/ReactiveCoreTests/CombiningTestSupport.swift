import ReactiveCore
import Testing
import TraitsTesting

// Helpers for the suites of the operators that subscribe several upstreams
// at once (combineLatest, zip, merge).

/// Checks that when the third of three upstreams (a has sent 1) fails, the
/// operator that `make` builds fails at once, cancels the two others, and
/// forwards nothing b sends afterwards.
func expectAFailureCancelsTheOtherUpstreamsAndFailsAtOnce<P: Publisher>(
  _ make: (TestPublisher<Int, TestError>, TestPublisher<Int, TestError>, TestPublisher<Int, TestError>) -> P,
  sourceLocation: SourceLocation = #_sourceLocation
) where P.Output == Int, P.Failure == TestError {
  let a = TestPublisher<Int, TestError>()
  let b = TestPublisher<Int, TestError>()
  let c = TestPublisher<Int, TestError>()
  let recorder = make(a, b, c).record()
  a.send(1)

  c.send(completion: .failure(TestError(code: 1)))
  b.send(1)

  #expect(recorder.events == [.subscription, .failure(TestError(code: 1))], sourceLocation: sourceLocation)
  #expect(a.cancellations == 1, sourceLocation: sourceLocation)
  #expect(b.cancellations == 1, sourceLocation: sourceLocation)
  #expect(c.cancellations == 0, sourceLocation: sourceLocation)
}

/// Checks that cancelling the operator that `make` builds on two upstreams
/// reaches both, and that what they send afterwards is not forwarded.
func expectCancelReachesEveryUpstream<P: Publisher>(
  _ make: (TestPublisher<Int, Never>, TestPublisher<Int, Never>) -> P,
  sourceLocation: SourceLocation = #_sourceLocation
) where P.Output == Int, P.Failure == Never {
  let a = TestPublisher<Int, Never>()
  let b = TestPublisher<Int, Never>()
  let recorder = make(a, b).record()

  recorder.cancel()
  a.send(1)
  b.send(1)

  #expect(recorder.events == [.subscription], sourceLocation: sourceLocation)
  #expect(a.cancellations == 1, sourceLocation: sourceLocation)
  #expect(b.cancellations == 1, sourceLocation: sourceLocation)
}

/// Checks that a subscriber of the operator that `make` builds over `Just(1)`
/// and an upstream b (adding the two) may cancel from inside `receive(_:)`:
/// of b's 1 and 2, only the first sum arrives, and the cancel reaches b.
func expectACancelFromInsideReceiveIsTolerated<P: Publisher>(
  _ make: (TestPublisher<Int, Never>) -> P,
  sourceLocation: SourceLocation = #_sourceLocation
) where P.Output == Int, P.Failure == Never {
  let b = TestPublisher<Int, Never>()
  let cancelling = make(b).record { _, recorder in
    recorder.cancel()
    return .none
  }
  b.send(1)
  b.send(2)
  #expect(cancelling.events == [.subscription, .value(2)], sourceLocation: sourceLocation)
  #expect(b.cancellations == 1, sourceLocation: sourceLocation)
}

/// Runs 100 rounds in which three threads each send `count` values (what
/// `value` makes of the thread and the index) through their own subject,
/// meeting every `meetEvery` values, then finish it. `make` builds the
/// operator over the three subjects; a `ContractChecker` asks it for one
/// value at a time in even rounds, for unlimited demand in odd ones. Checks
/// that the contract held and that one completion came, then gives `check`
/// the values and whether the round went step by step.
func raceThreeUpstreams<P: Publisher>(
  count: Int,
  meetEvery: Int,
  value: @escaping @Sendable (_ thread: Int, _ index: Int) -> Int = { _, index in index },
  _ make: ([PassthroughSubject<Int, Never>]) -> P,
  check: (_ values: [P.Output], _ stepByStep: Bool) -> Void,
  sourceLocation: SourceLocation = #_sourceLocation
) where P.Failure == Never {
  for round in 0..<100 {
    let subjects = (0..<3).map { _ in PassthroughSubject<Int, Never>() }
    let stepByStep = round % 2 == 0
    let checker = ContractChecker<P.Output, Never>(
      initialDemand: stepByStep ? .max(1) : .unlimited,
      demandPerValue: stepByStep ? .max(1) : .none
    )
    make(subjects).subscribe(checker)

    Race(threads: 3).run { thread, race in
      for index in 0..<count {
        if index % meetEvery == 0 { race.meet() }
        subjects[thread].send(value(thread, index))
      }
      subjects[thread].send(completion: .finished)
    }

    #expect(checker.violations == [], sourceLocation: sourceLocation)
    #expect(checker.completions.count == 1, sourceLocation: sourceLocation)
    check(checker.values, stepByStep)
  }
}

/// Checks that an operator recorded by `recorder` asking for one value, to
/// which `inner` (an inner publisher that ignores demand) sends 1, 2 and 3,
/// delivers only the first, then the second once asked.
func expectNeverDeliversMoreThanDemanded(
  from inner: TestPublisher<Int, Never>,
  to recorder: RecordingSubscriber<Int, Never>,
  sourceLocation: SourceLocation = #_sourceLocation
) {
  inner.send(1)
  inner.send(2)
  inner.send(3)
  #expect(recorder.values == [1], sourceLocation: sourceLocation)

  recorder.request(.max(1))
  #expect(recorder.values == [1, 2], sourceLocation: sourceLocation)
}
