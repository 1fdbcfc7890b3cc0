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

    Race(threads: 2).run { thread, race in
      for round in rounds {
        race.meet()
        if thread == 0 {
          round.fulfill()
        } else {
          round.future.subscribe(round.checkers[0])
          round.future.subscribe(round.checkers[1])
        }
      }
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

    Race(threads: 2).run { thread, race in
      for round in rounds {
        race.meet()
        if thread == 0 {
          round.fulfill()
        } else {
          round.checkers[0].request(.max(1))
        }
      }
    }

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

    Race(threads: 2).run { thread, race in
      for round in rounds {
        race.meet()
        if thread == 0 {
          round.fulfill()
        } else {
          round.checkers[0].cancel()
        }
      }
    }

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

/// Carries a value that is not `Sendable` across threads, for a test that
/// owns every use of it.
private struct UncheckedSendable<Value>: @unchecked Sendable {
  let value: Value

  init(_ value: Value) {
    self.value = value
  }
}

/// A subscriber that checks Combine's contract from the inside while several
/// threads drive its publisher: its calls never overlap, it gets one
/// subscription, no value without demand, nothing after the completion.
private final class ContractChecker<Input: Sendable, Failure: Error>: Subscriber, @unchecked Sendable {
  // @unchecked Sendable: the mutable state is in `log` (a Mutex) and `inCall` (an Atomic).

  struct Log: @unchecked Sendable {
    var subscription: (any Subscription)?
    var subscriptions = 0
    var values: [Input] = []
    var completions: [Subscribers.Completion<Failure>] = []
    /// What this subscriber requested and has not received yet.
    var outstanding = Subscribers.Demand.none
    var violations: [String] = []
  }

  private let log = Lock(Log())
  private let inCall = Atomic<Bool>(false)
  private let initialDemand: Subscribers.Demand
  private let demandPerValue: Subscribers.Demand

  init(initialDemand: Subscribers.Demand = .unlimited, demandPerValue: Subscribers.Demand = .none) {
    self.initialDemand = initialDemand
    self.demandPerValue = demandPerValue
  }

  var values: [Input] { log.withLock { $0.values } }
  var completions: [Subscribers.Completion<Failure>] { log.withLock { $0.completions } }
  var subscriptions: Int { log.withLock { $0.subscriptions } }
  var violations: [String] { log.withLock { $0.violations } }

  /// Requests from any thread; the demand counts before the request is made.
  func request(_ demand: Subscribers.Demand) {
    let subscription = log.withLock { log in
      log.outstanding += demand
      return log.subscription
    }
    subscription?.request(demand)
  }

  func cancel() {
    let subscription = log.withLock { log in
      defer { log.subscription = nil }
      return log.subscription
    }
    subscription?.cancel()
  }

  func receive(subscription: any Subscription) {
    enter("receive(subscription:)")
    defer { leave() }
    log.withLock { log in
      log.subscriptions += 1
      if log.subscriptions > 1 { log.violations.append("a second subscription") }
      log.subscription = subscription
      log.outstanding += initialDemand
    }
    if initialDemand > 0 { subscription.request(initialDemand) }
  }

  func receive(_ input: Input) -> Subscribers.Demand {
    enter("receive(_:)")
    defer { leave() }
    log.withLock { log in
      if !log.completions.isEmpty { log.violations.append("a value after the completion") }
      if log.outstanding == .none {
        log.violations.append("a value without demand")
      } else {
        log.outstanding -= 1
      }
      log.outstanding += demandPerValue
      log.values.append(input)
    }
    return demandPerValue
  }

  func receive(completion: Subscribers.Completion<Failure>) {
    enter("receive(completion:)")
    defer { leave() }
    log.withLock { log in
      if !log.completions.isEmpty { log.violations.append("a second completion") }
      log.completions.append(completion)
    }
  }

  private func enter(_ call: String) {
    if !inCall.compareExchange(expected: false, desired: true, ordering: .acquiring).exchanged {
      log.withLock { $0.violations.append("\(call) overlapped another call") }
    }
  }

  private func leave() {
    inCall.store(false, ordering: .releasing)
  }
}

/// Threads that start together and meet again at chosen points of their
/// work: each thread calls `meet()` the same number of times, and no thread
/// leaves a meeting before all have come to it.
private final class Race: Sendable {
  private let threads: Int
  private let arrivals = Atomic<Int>(0)

  init(threads: Int) {
    self.threads = threads
  }

  /// Runs `body(thread, self)` on `threads` new threads, released together,
  /// and returns when all are done.
  func run(_ body: @escaping @Sendable (_ thread: Int, _ race: Race) -> Void) {
    let done = DispatchGroup()
    for thread in 0..<threads {
      done.enter()
      Thread {
        self.meet()
        body(thread, self)
        done.leave()
      }.start()
    }
    done.wait()
  }

  /// Waits until every thread has come to this meeting. Each thread comes
  /// and leaves after a random pause, so that none always goes first.
  func meet() {
    pause()
    let arrival = arrivals.add(1, ordering: .acquiringAndReleasing).newValue
    let meeting = (arrival + threads - 1) / threads
    // Spin for a while first, so that threads on different cores leave
    // together; then yield, for a thread that waits on the same core.
    let spinUntil = ContinuousClock.now + .microseconds(200)
    var spinning = true
    while arrivals.load(ordering: .acquiring) < meeting * threads {
      if spinning {
        spinning = ContinuousClock.now < spinUntil
      } else {
        sched_yield()
      }
    }
    pause()
  }

  private func pause() {
    for _ in 0..<Int.random(in: 0..<2_000) {
      _ = arrivals.load(ordering: .relaxed)
    }
  }
}
