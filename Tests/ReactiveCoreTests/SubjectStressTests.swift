import Foundation
import ReactiveCore
import Synchronization
import Testing

/// Subjects driven by several threads at once. Bounded: a few thousand
/// events per test; run them under `swift test --sanitize=thread` too.
///
/// A test prepares its rounds first; its threads then play them together,
/// meeting at chosen points (see `Race`), so that what follows a meeting
/// overlaps even on a busy machine with two cores.
@Suite struct SubjectStressTests {
  @Test func concurrentSendsReachEverySubscriberWithDemandOnceInEachThreadsOrder() {
    let subject = PassthroughSubject<Int, Never>()
    let unlimited = (0..<3).map { _ in ContractChecker<Int, Never>() }
    let stepByStep = ContractChecker<Int, Never>(initialDemand: .max(1), demandPerValue: .max(1))
    let limited = ContractChecker<Int, Never>(initialDemand: .max(100))
    for checker in unlimited + [stepByStep, limited] {
      subject.subscribe(checker)
    }
    let threads = 4
    let perThread = 1_000

    Race(threads: threads).run { thread, race in
      for index in 0..<perThread {
        if index % 50 == 0 { race.meet() }
        subject.send(thread * perThread + index)
      }
    }

    // Each send delivers on its own thread, as in Combine: concurrent values
    // are not ordered among themselves, and may reach two subscribers in
    // different orders; each thread's values keep the order it sent them in.
    for checker in unlimited {
      let values = checker.values
      #expect(values.sorted() == Array(0..<threads * perThread))
      for thread in 0..<threads {
        #expect(values.filter { $0 / perThread == thread } == Array(thread * perThread..<(thread + 1) * perThread))
      }
    }
    // A subscriber that asks for one more value from `receive` has no demand
    // while it receives: a value sent meanwhile by another thread is dropped
    // for it (as in Combine), never duplicated nor reordered.
    let stepValues = stepByStep.values
    #expect(Set(stepValues).count == stepValues.count)
    for thread in 0..<threads {
      let sent = stepValues.filter { $0 / perThread == thread }
      #expect(sent == sent.sorted())
    }
    #expect(limited.values.count == 100)
    for checker in unlimited + [stepByStep, limited] {
      #expect(checker.violations == [])
    }
  }

  @Test func requestsRacingSendsNeverDeliverMoreThanRequested() {
    let subject = PassthroughSubject<Int, Never>()
    let checker = ContractChecker<Int, Never>(initialDemand: .none)
    subject.subscribe(checker)

    Race(threads: 2).run { thread, race in
      for step in 0..<500 {
        race.meet()
        if thread == 0 {
          for value in step * 4..<(step + 1) * 4 { subject.send(value) }
        } else {
          checker.request(.max(1))
        }
      }
    }

    let values = checker.values
    #expect(values.count <= 500)
    #expect(values == values.sorted())
    #expect(Set(values).count == values.count)
    #expect(checker.violations == [])
  }

  @Test func aCurrentValueSubjectEndsWithItsValueDeliveredOnceToEverySubscriber() {
    final class Round: Sendable {
      let subject = CurrentValueSubject<Int, Never>(-1)
      let unlimited = ContractChecker<Int, Never>()
      let slow = ContractChecker<Int, Never>(initialDemand: .none)
    }
    let rounds = (0..<100).map { _ in Round() }
    for round in rounds {
      round.subject.subscribe(round.unlimited)
      round.subject.subscribe(round.slow)
    }

    Race(threads: 3).run { thread, race in
      for round in rounds {
        for step in 0..<5 {
          race.meet()
          if thread < 2 {
            for index in step * 4..<(step + 1) * 4 { round.subject.send(thread * 1_000 + index) }
          } else {
            round.slow.request(.max(1))
          }
        }
      }
    }

    for round in rounds {
      // Once the threads are done, the next value reaches every subscriber:
      // at once, or on the next demand of one that had none.
      round.subject.send(9_999)
      round.slow.request(.max(1))
      #expect(round.subject.value == 9_999)
      let unlimitedValues = round.unlimited.values
      #expect(unlimitedValues.count == 42)
      #expect(unlimitedValues.last == 9_999)
      for thread in 0..<2 {
        let sent = unlimitedValues.filter { $0 >= 0 && $0 / 1_000 == thread && $0 != 9_999 }
        #expect(sent == Array(thread * 1_000..<thread * 1_000 + 20))
      }
      let slowValues = round.slow.values
      #expect(slowValues.count <= 7)
      #expect(slowValues.last == 9_999)
      #expect(round.unlimited.violations == [])
      #expect(round.slow.violations == [])
    }
  }

  @Test func sendsRacingCancelStopAfterAtMostTheValueInFlight() {
    final class Round: Sendable {
      let subject = PassthroughSubject<Int, Never>()
      let cancelled = ContractChecker<Int, Never>()
      let kept = ContractChecker<Int, Never>()
      let cancelPoint = Int.random(in: 0..<50)
      let countAtCancel = Atomic<Int>(-1)
    }
    let rounds = (0..<300).map { _ in Round() }
    for round in rounds {
      round.subject.subscribe(round.cancelled)
      round.subject.subscribe(round.kept)
    }

    Race(threads: 2).run { thread, race in
      for round in rounds {
        if thread == 0 {
          for value in 0..<50 {
            if value == round.cancelPoint { race.meet() }
            round.subject.send(value)
          }
        } else {
          race.meet()
          round.cancelled.cancel()
          round.countAtCancel.store(round.cancelled.values.count, ordering: .sequentiallyConsistent)
          round.cancelled.cancel()  // a second cancel is harmless
        }
      }
    }

    for round in rounds {
      let values = round.cancelled.values
      #expect(values == Array(0..<values.count))
      #expect(values.count >= round.cancelPoint)
      #expect(values.count <= round.countAtCancel.load(ordering: .sequentiallyConsistent) + 1)
      #expect(round.kept.values == Array(0..<50))
      #expect(round.cancelled.violations == [])
      #expect(round.kept.violations == [])
    }
  }

  @Test func sendsRacingSubscribeGiveEachNewSubscriberTheRestOfTheValues() {
    final class Round: Sendable {
      let subject = PassthroughSubject<Int, Never>()
      let checkers = (0..<3).map { _ in ContractChecker<Int, Never>() }
      let subscribePoints = (0..<3).map { _ in Int.random(in: 0..<50) }.sorted()
    }
    let rounds = (0..<200).map { _ in Round() }

    Race(threads: 2).run { thread, race in
      for round in rounds {
        if thread == 0 {
          for value in 0..<50 {
            for point in round.subscribePoints where point == value { race.meet() }
            round.subject.send(value)
          }
        } else {
          for checker in round.checkers {
            race.meet()
            round.subject.subscribe(checker)
          }
        }
      }
    }

    for round in rounds {
      for (checker, point) in zip(round.checkers, round.subscribePoints) {
        #expect(checker.subscriptions == 1)
        let values = checker.values
        if let first = values.first {
          #expect(first >= point)
          #expect(values == Array(first..<50))
        }
        #expect(checker.violations == [])
      }
    }
  }

  @Test func sendsRacingCompletionsDeliverOneCompletionLast() {
    final class Round: Sendable {
      let subject = PassthroughSubject<Int, TestError>()
      let early = (0..<2).map { _ in ContractChecker<Int, TestError>() }
      let late = ContractChecker<Int, TestError>()
      let subscribePoint: Int
      let completionPoint: Int

      init() {
        subscribePoint = Int.random(in: 0..<30)
        completionPoint = Int.random(in: subscribePoint..<30)
      }
    }
    let rounds = (0..<300).map { _ in Round() }
    for round in rounds {
      for checker in round.early {
        round.subject.subscribe(checker)
      }
    }

    Race(threads: 2).run { thread, race in
      // Both threads send; the second one also subscribes late and finishes.
      for round in rounds {
        for index in 0..<30 {
          if index == round.subscribePoint {
            race.meet()
            if thread == 1 { round.subject.subscribe(round.late) }
          }
          if index == round.completionPoint {
            race.meet()
            if thread == 1 { round.subject.send(completion: .finished) }
          }
          round.subject.send(thread * 100 + index)
        }
        if thread == 0 { round.subject.send(completion: .failure(TestError(code: 1))) }
      }
    }

    for round in rounds {
      let completion = round.early[0].completions.first
      #expect(completion != nil)
      for checker in round.early + [round.late] {
        #expect(checker.subscriptions == 1)
        #expect(checker.completions.count == 1)
        #expect(checker.completions.first == completion)
        // What each thread sent arrives in order, without gaps.
        for thread in 0..<2 {
          let values = checker.values.filter { $0 / 100 == thread }
          if let first = values.first {
            #expect(values == Array(first..<first + values.count))
          }
        }
        #expect(checker.violations == [])
      }
      #expect(round.early[0].values.filter { $0 < 100 } == Array(0..<round.early[0].values.filter { $0 < 100 }.count))
      #expect(round.early[0].values.filter { $0 >= 100 }.count <= round.completionPoint)
    }
  }
}
