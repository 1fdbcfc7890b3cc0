import ReactiveCore
import ReactiveExtras
import SharedMachinery
import TestSupport
import Testing
import TraitsTesting

/// `ReplaySubject` keeps the core subjects' delivery contract: a subscriber
/// with demand loses nothing, whatever the nesting and the threads of the
/// sends; only a subscriber without demand loses its oldest values.
@Suite struct ReplaySubjectContractTests {
  @Test func aNestedSendReachesASubscriberWithUnlimitedDemandAsAPassthroughSubjectsDoes() {
    func received(from subject: some Subject<Int, Never>) -> [Int] {
      let received = Collector<Int>()
      let cancellable = subject.sink { value in
        received.append(value)
        if value == 0 {
          subject.send(1)
          subject.send(2)
        }
      }
      subject.send(0)
      cancellable.cancel()
      return received.all
    }

    #expect(received(from: PassthroughSubject<Int, Never>()) == [0, 1, 2])
    #expect(received(from: ReplaySubject<Int, Never>(bufferSize: 1)) == [0, 1, 2])
  }

  @Test func sendsFromThreeThreadsReachASubscriberWithUnlimitedDemandEachOnceAndInEachThreadsOrder() {
    for _ in 0..<20 {
      let subject = ReplaySubject<Int, Never>(bufferSize: 1)
      let recorder = subject.record()
      Race(threads: 3).run { thread, _ in
        for value in 0..<300 {
          subject.send(thread * 1_000 + value)
        }
      }
      let values = recorder.values
      #expect(values.count == 900)
      for thread in 0..<3 {
        #expect(values.filter { $0 / 1_000 == thread } == (0..<300).map { thread * 1_000 + $0 })
      }
    }
  }

  @Test func cancellingOneOfManySubscribersCostsWhatItCostsAmongFew() {
    // The registry: cancel is O(1) in the number of subscribers. Cancelling
    // 10,000 subscribers one by one (newest last, so that each leaves a
    // hole) took seconds when each cancel searched an array.
    let subject = ReplaySubject<Int, Never>(bufferSize: 1)
    let cancellables = (0..<10_000).map { _ in subject.sink { _ in } }
    let clock = ContinuousClock()
    let elapsed = clock.measure {
      for cancellable in cancellables {
        cancellable.cancel()
      }
    }
    subject.send(1)  // reaches nobody
    #expect(elapsed < .seconds(2))
  }

  // MARK: Differential: ReplaySubject(bufferSize: 1) after a first send is a CurrentValueSubject

  /// What a scripted subscriber does; the same script runs against both subjects.
  struct Script {
    var steps: [Step]
    enum Step {
      case subscribe(initialDemand: Int)
      case send(Int)
      case request(subscriber: Int, count: Int)
      case cancel(subscriber: Int)
    }
  }

  /// A subscriber that logs every event, in the order of the whole run, and
  /// whose `receive` may send into the subject (once per value it is told).
  final class Scripted: Subscriber, @unchecked Sendable {
    // @unchecked Sendable: used by one thread.
    let index: Int
    let log: EventLog
    let initialDemand: Int
    let onValue: (Int) -> Subscribers.Demand
    var subscription: (any Subscription)?

    init(index: Int, log: EventLog, initialDemand: Int, onValue: @escaping (Int) -> Subscribers.Demand) {
      self.index = index
      self.log = log
      self.initialDemand = initialDemand
      self.onValue = onValue
    }

    func receive(subscription: any Subscription) {
      log.append("\(index) subscription")
      self.subscription = subscription
      if initialDemand > 0 { subscription.request(.max(initialDemand)) }
    }

    func receive(_ input: Int) -> Subscribers.Demand {
      log.append("\(index) value \(input)")
      return onValue(input)
    }

    func receive(completion: Subscribers.Completion<Never>) {
      log.append("\(index) \(completion)")
    }
  }

  /// Runs `script` on `subject`, then completes it once every live
  /// subscriber has unlimited demand (a completion owed behind a queued
  /// value is where the two subjects differ: see below).
  func trace(of script: Script, on subject: some Subject<Int, Never>) -> [String] {
    let log = EventLog()
    var subscribers: [Scripted] = []
    for step in script.steps {
      switch step {
      case let .subscribe(initialDemand):
        let index = subscribers.count
        let subscriber = Scripted(index: index, log: log, initialDemand: initialDemand) { value in
          // Nested sends: a value ending in 3 sends two more from inside receive.
          if value % 10 == 3 {
            subject.send(value * 10 + 1)
            subject.send(value * 10 + 2)
          }
          return value % 4 == 0 ? .max(1) : .none
        }
        subscribers.append(subscriber)
        subject.subscribe(subscriber)
      case let .send(value):
        subject.send(value)
      case let .request(subscriber, count):
        if subscribers.indices.contains(subscriber) {
          subscribers[subscriber].subscription?.request(.max(count))
        }
      case let .cancel(subscriber):
        if subscribers.indices.contains(subscriber) {
          subscribers[subscriber].subscription?.cancel()
        }
      }
    }
    for subscriber in subscribers {
      subscriber.subscription?.request(.unlimited)
    }
    subject.send(completion: .finished)
    return log.all
  }

  // Combine's CurrentValueSubject is the reference: OpenCombine's (AppleSwitch)
  // completes its subscribers in no fixed order.
  #if !REACTIVECORE_IS_OPENCOMBINE
  @Test(arguments: 0..<200)
  func aScriptGivesTheSameTraceOnAReplaySubjectOfOneAfterASendAsOnACurrentValueSubject(seed: Int) {
    var random = SplitMix64(seed: UInt64(seed))
    let script = Script(
      steps: (0..<Int.random(in: 0..<30, using: &random)).map { _ in
        switch Int.random(in: 0..<10, using: &random) {
        case 0, 1: .subscribe(initialDemand: Int.random(in: 0..<3, using: &random))
        case 2, 3, 4, 5: .send(Int.random(in: 0..<100, using: &random))
        case 6, 7, 8:
          .request(subscriber: Int.random(in: 0..<4, using: &random), count: 1 + Int.random(in: 0..<2, using: &random))
        default: .cancel(subscriber: Int.random(in: 0..<4, using: &random))
        }
      }
    )
    let replay = ReplaySubject<Int, Never>(bufferSize: 1)
    replay.send(0)
    #expect(trace(of: script, on: replay) == trace(of: script, on: CurrentValueSubject<Int, Never>(0)))
  }
  #endif

  @Test func theCompletionWaitsBehindAnOwedValueWhereACurrentValueSubjectDropsTheValue() {
    // The one difference: a CurrentValueSubject completes a subscriber that
    // is owed its latest value at once (the value is lost); a ReplaySubject
    // delivers the queued value first, on the subscriber's next demand.
    let replay = ReplaySubject<Int, Never>(bufferSize: 1)
    replay.send(0)
    let current = CurrentValueSubject<Int, Never>(0)
    let replayed = replay.record(demand: .none)
    let currentValues = current.record(demand: .none)

    replay.send(completion: .finished)
    current.send(completion: .finished)
    #expect(replayed.events == [.subscription])
    #expect(currentValues.events == [.subscription, .finished])

    replayed.request(.max(1))
    #expect(replayed.events == [.subscription, .value(0), .finished])
  }
}
