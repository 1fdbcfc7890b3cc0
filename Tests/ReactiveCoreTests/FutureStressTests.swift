import Foundation
import ReactiveCore
import Synchronization
import Testing

/// Futures whose promise races subscriptions, requests and cancels. Bounded:
/// a few hundred rounds per test; run them under `swift test --sanitize=thread` too.
///
/// A test prepares its rounds first; its threads then play them together,
/// meeting at the start of each round (see `Race`), so that the calls overlap
/// even on a busy machine with two cores.
@Suite struct FutureStressTests {
  @Test func aPromiseRacingSubscriptionsReachesEverySubscriberOnce() {
    let rounds = (0..<500).map { FutureRound(index: $0) }

    racePromises(rounds) { round in
      round.future.subscribe(round.checkers[0])
      round.future.subscribe(round.checkers[1])
    }

    for round in rounds {
      for checker in round.checkers {
        #expect(checker.subscriptions == 1)
        #expect(checker.values == round.expectedValues)
        #expect(checker.completions == [round.expectedCompletion])
        #expect(checker.violations == [])
      }
    }
  }

  @Test func aPromiseRacingARequestNeverDeliversAValueWithoutDemand() {
    let rounds = (0..<500).map { FutureRound(index: $0, initialDemand: .none) }
    for round in rounds {
      round.future.subscribe(round.checkers[0])
    }

    racePromises(rounds) { round in round.checkers[0].request(.max(1)) }

    for round in rounds {
      let checker = round.checkers[0]
      #expect(checker.values == round.expectedValues)
      #expect(checker.completions == [round.expectedCompletion])
      #expect(checker.violations == [])
    }
  }

  @Test func aPromiseRacingACancelDeliversAllOrNothing() {
    let rounds = (0..<500).map { FutureRound(index: $0) }
    for round in rounds {
      round.future.subscribe(round.checkers[0])
      round.future.subscribe(round.checkers[1])
    }

    racePromises(rounds) { round in round.checkers[0].cancel() }

    for round in rounds {
      let cancelled = round.checkers[0]
      let delivered = cancelled.completions == [round.expectedCompletion] && cancelled.values == round.expectedValues
      let nothing = cancelled.completions.isEmpty && cancelled.values.isEmpty
      #expect(delivered || nothing)
      #expect(cancelled.violations == [])
      // The other subscriber is not disturbed.
      #expect(round.checkers[1].values == round.expectedValues)
      #expect(round.checkers[1].completions == [round.expectedCompletion])
    }
  }

  @Test func racingPromiseCallsResolveTheFutureOnceForEverySubscriber() {
    final class Round: Sendable {
      let promise: UncheckedSendable<Future<Int, Never>.Promise>
      let future: Future<Int, Never>
      let checkers = (0..<2).map { _ in ContractChecker<Int, Never>() }

      init() {
        var promise: Future<Int, Never>.Promise?
        future = Future { promise = $0 }
        self.promise = UncheckedSendable(promise!)
      }
    }
    let rounds = (0..<300).map { _ in Round() }

    Race(threads: 3).run { thread, race in
      for round in rounds {
        race.meet()
        switch thread {
        case 0, 1:
          round.promise.value(.success(thread))
        default:
          round.future.subscribe(round.checkers[0])
          round.checkers[0].cancel()
          round.future.subscribe(round.checkers[1])
        }
      }
    }

    for round in rounds {
      let values = round.checkers[1].values
      #expect(values.count == 1)
      #expect(round.checkers[1].completions == [.finished])
      // A late subscriber gets the value every earlier subscriber got.
      let late = ContractChecker<Int, Never>()
      round.future.subscribe(late)
      #expect(late.values == values)
      #expect(round.checkers[0].values.isEmpty || round.checkers[0].values == values)
      for checker in round.checkers + [late] {
        #expect(checker.violations == [])
      }
    }
  }
}

/// A future, the promise that resolves it, and the subscribers of one round.
/// Odd rounds fail; even rounds publish their index.
/// Runs two threads over `rounds`, meeting before each round: one fulfils
/// the round's promise while the other does `other` to the round.
private func racePromises(_ rounds: [FutureRound], against other: @escaping @Sendable (FutureRound) -> Void) {
  Race(threads: 2).run { thread, race in
    for round in rounds {
      race.meet()
      if thread == 0 {
        round.fulfill()
      } else {
        other(round)
      }
    }
  }
}

private final class FutureRound: Sendable {
  let index: Int
  let future: Future<Int, TestError>
  let checkers: [ContractChecker<Int, TestError>]
  private let promise: UncheckedSendable<Future<Int, TestError>.Promise>

  init(index: Int, initialDemand: Subscribers.Demand = .unlimited) {
    self.index = index
    var promise: Future<Int, TestError>.Promise?
    future = Future { promise = $0 }
    self.promise = UncheckedSendable(promise!)
    checkers = (0..<2).map { _ in ContractChecker(initialDemand: initialDemand) }
  }

  var expectedValues: [Int] {
    index.isMultiple(of: 2) ? [index] : []
  }

  var expectedCompletion: Subscribers.Completion<TestError> {
    index.isMultiple(of: 2) ? .finished : .failure(TestError(code: index))
  }

  func fulfill() {
    promise.value(index.isMultiple(of: 2) ? .success(index) : .failure(TestError(code: index)))
  }
}
