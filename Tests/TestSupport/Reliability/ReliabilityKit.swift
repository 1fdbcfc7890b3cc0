// The reliability kit: seeded randomness, budgets, a misbehaving upstream,
// stress rounds and the operator rows, shared by the Reliability suites of
// every test target (they check the contract with `ContractChecker` and
// race threads with `Race`). Each suite carries the `.reliability` tag, by
// which `make check` finds it.
//
// Environment:
// - `RELIABILITY_CHECK=1` (set by `make check`): heavier runs, longer deadlines.
// - `RELIABILITY_SEED=<n>` (decimal or 0x-hex): rerun only that seed of each
//   property and stress suite; a failure prints the seed to use.

import Foundation
public import ReactiveCore
import SharedMachinery
import Synchronization
public import Testing
public import TraitsTesting

// MARK: - Randomness

/// A small, fast, seedable generator (SplitMix64): the same seed gives the
/// same numbers on every platform, so that a failing case can be replayed.
public struct SplitMix64: RandomNumberGenerator {
  private var state: UInt64

  public init(seed: UInt64) {
    state = seed
  }

  public mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var mixed = state
    mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
    mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
    return mixed ^ (mixed >> 31)
  }

  /// True with the given probability.
  public mutating func chance(_ probability: Double) -> Bool {
    Double.random(in: 0..<1, using: &self) < probability
  }

  /// A random demand: none, a small count, or unlimited.
  public mutating func demand(allowingNone: Bool = true) -> Subscribers.Demand {
    switch Int.random(in: allowingNone ? 0..<4 : 1..<4, using: &self) {
    case 0: .none
    case 1: .max(1)
    case 2: .max(Int.random(in: 2...4, using: &self))
    default: .unlimited
    }
  }
}

// MARK: - Budgets

/// How much work the reliability suites do: a few hundred cases within a
/// fraction of a second in `make test`, many more within seconds in
/// `make check` (`RELIABILITY_CHECK=1`). A run stops at whichever bound it
/// reaches first, so that ThreadSanitizer's slowdown never makes it hang.
public enum Reliability {
  public static let environment = ProcessInfo.processInfo.environment

  /// Whether `make check` asked for the heavy runs.
  public static let isHeavy = environment["RELIABILITY_CHECK"] == "1"

  /// The one seed to replay, from `RELIABILITY_SEED`.
  public static let replaySeed: UInt64? = environment["RELIABILITY_SEED"].flatMap { text in
    text.hasPrefix("0x") ? UInt64(text.dropFirst(2), radix: 16) : UInt64(text)
  }

  /// The first seed of every run: fixed, so that `make test` is reproducible.
  public static let baseSeed: UInt64 =
    environment["RELIABILITY_BASE_SEED"].flatMap { UInt64($0) } ?? 0x5EED_CAFE

  /// The number of cases: `light` in `make test`, `heavy` in `make check`;
  /// with `RELIABILITY_SEED`, 1 (or `heavy` replays of it in the heavy mode).
  public static func cases(light: Int, heavy: Int) -> Int {
    // A replayed seed runs once, or, in the heavy mode, again and again
    // until the deadline: a race in a stress round may need many tries.
    isHeavy ? heavy : replaySeed != nil ? 1 : light
  }

  /// The time a suite may take: `light` in `make test`, `heavy` in `make check`.
  public static func deadline(
    light: Duration = .milliseconds(300),
    heavy: Duration = .seconds(2)
  ) -> ContinuousClock.Instant {
    .now + (isHeavy ? heavy : light)
  }

  /// The seed of case `index` of the suite named `name`.
  public static func seed(_ name: String, _ index: Int) -> UInt64 {
    if let replaySeed { return replaySeed }
    var generator = SplitMix64(seed: baseSeed ^ UInt64(truncatingIfNeeded: stableHash(name)) &+ UInt64(index))
    return generator.next()
  }

  /// Runs `body` once per case, each with its own seeded generator, until
  /// `cases` or the deadline; `body` returns the problems it found. The first
  /// case with a problem is reported with its seed, and ends the run.
  ///
  /// - Returns: The number of cases run.
  @discardableResult
  public static func forEachCase(
    _ name: String,
    cases: Int,
    deadline: ContinuousClock.Instant = deadline(),
    sourceLocation: SourceLocation = #_sourceLocation,
    _ body: (inout SplitMix64) -> [String]
  ) -> Int {
    var run = 0
    while run < cases && (run == 0 || ContinuousClock.now < deadline) {
      let seed = seed(name, run)
      var generator = SplitMix64(seed: seed)
      let problems = body(&generator)
      run += 1
      if !problems.isEmpty {
        Issue.record(
          """
          \(name): seed \(hex(seed)) failed (rerun with RELIABILITY_SEED=\(hex(seed))):
          \(problems.joined(separator: "\n"))
          """,
          sourceLocation: sourceLocation
        )
        break
      }
    }
    Tally.add(name, run)
    return run
  }

  public static func hex(_ seed: UInt64) -> String { "0x" + String(seed, radix: 16) }

  /// A hash that does not change from run to run (Swift's `Hasher` does).
  private static func stableHash(_ text: String) -> UInt64 {
    text.utf8.reduce(0xCBF2_9CE4_8422_2325) { ($0 ^ UInt64($1)) &* 0x100_0000_01B3 }
  }
}

/// Counts the cases each suite ran; printed by `make check` through
/// `RELIABILITY_TALLY=<file>`, where each line is `name count`.
public enum Tally {
  private static let path = Reliability.environment["RELIABILITY_TALLY"]
  private static let lock = Lock(false)  // not `()`: `Lock` takes no zero-sized value

  public static func add(_ name: String, _ count: Int) {
    guard let path else { return }
    lock.withLock { _ in
      let line = Data("\(name) \(count)\n".utf8)
      if let handle = FileHandle(forWritingAtPath: path) {
        handle.seekToEndOfFile()
        handle.write(line)
        handle.closeFile()
      } else {
        _ = FileManager.default.createFile(atPath: path, contents: line)
      }
    }
  }
}

// MARK: - A misbehaving upstream

/// What a `Rogue`'s subscriptions were asked, shared by all of them.
public final class RogueLog: @unchecked Sendable {
  // @unchecked Sendable: the counters are under the lock.
  private let counts = Lock<(requests: [Subscribers.Demand], cancels: [Int])>(([], []))

  public var requests: [Subscribers.Demand] { counts.withLock { $0.requests } }

  /// How many times the subscription numbered `index` (0 = first) was cancelled.
  public func cancels(of index: Int) -> Int { counts.withLock { $0.cancels.filter { $0 == index }.count } }

  fileprivate func request(_ demand: Subscribers.Demand) { counts.withLock { $0.requests.append(demand) } }
  fileprivate func cancel(_ index: Int) { counts.withLock { $0.cancels.append(index) } }
}

/// A subscription of a `Rogue`: it records what it is asked, and holds
/// nothing but the log, so that a weak reference tells whether the
/// subscriber let it go.
public final class RogueSubscription: Subscription, @unchecked Sendable {
  public let index: Int
  private let log: RogueLog

  fileprivate init(index: Int, log: RogueLog) {
    self.index = index
    self.log = log
  }

  public func request(_ demand: Subscribers.Demand) { log.request(demand) }
  public func cancel() { log.cancel(index) }
}

/// An upstream that breaks the contract when told to: it sends whatever the
/// test asks, ignoring demand, completion and cancellation, and can hand a
/// second subscription. It keeps its subscribers until `forget()`; it never
/// keeps its subscriptions (a weak reference to the last one is
/// `lastSubscription`).
public final class Rogue<Output, Failure: Error>: Publisher, @unchecked Sendable {
  // @unchecked Sendable: the subscribers are under the lock and called after it.
  public let log = RogueLog()
  private let subscribers = Lock<[AnySubscriber<Output, Failure>]>([])
  private let retained = Lock<[AnyCancellable]>([])
  private let handed = Atomic<Int>(0)
  private let weakSubscription = Lock(WeakSubscription())

  private struct WeakSubscription: @unchecked Sendable {
    weak var subscription: RogueSubscription?
  }

  public init() {}

  /// The last subscription handed out, while someone keeps it.
  public var lastSubscription: RogueSubscription? { weakSubscription.withLock { $0.subscription } }

  public var subscriberCount: Int { subscribers.withLock { $0.count } }

  public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
    let any = AnySubscriber(subscriber)
    let carried = UncheckedSendable(any)
    subscribers.withLock { $0.append(carried.value) }
    subscribeAgain(any)
  }

  /// Hands every subscriber one more subscription, as a buggy upstream would.
  public func subscribeAgain() {
    for subscriber in subscribers.withLock({ $0 }) {
      subscribeAgain(subscriber)
    }
  }

  private func subscribeAgain(_ subscriber: AnySubscriber<Output, Failure>) {
    let subscription = RogueSubscription(index: handed.add(1, ordering: .relaxed).oldValue, log: log)
    weakSubscription.withLock { $0.subscription = subscription }
    subscriber.receive(subscription: subscription)
  }

  /// Sends a value to every subscriber, with or without demand.
  public func send(_ value: Output) {
    for subscriber in subscribers.withLock({ $0 }) {
      _ = subscriber.receive(value)
    }
  }

  /// Sends a completion to every subscriber, and keeps them.
  public func send(completion: Subscribers.Completion<Failure>) {
    for subscriber in subscribers.withLock({ $0 }) {
      subscriber.receive(completion: completion)
    }
  }

  /// Keeps `cancellable` until `forget()`.
  public func retain(_ cancellable: AnyCancellable) {
    let carried = UncheckedSendable(cancellable)
    retained.withLock { $0.append(carried.value) }
  }

  /// Lets the subscribers go, as a well-behaved upstream does after the end.
  public func forget() {
    let gone = subscribers.withLock { subscribers in
      defer { subscribers = [] }
      return subscribers
    }
    let released = retained.withLock { retained in
      defer { retained = [] }
      return retained
    }
    _ = (gone, released)  // released after the locks
  }
}

/// One event a property test has a `Rogue` send, whatever the contract says.
public enum UpstreamEvent: CustomStringConvertible, Sendable {
  case value(Int)
  case finished
  /// A failure, `TestError(code:)` with this code.
  case failure(Int)

  public var description: String {
    switch self {
    case let .value(value): "\(value)"
    case .finished: "|"
    case let .failure(code): "x\(code)"
    }
  }

  /// Zero to five random events: mostly values, then completions, in any order.
  public static func random(using generator: inout SplitMix64) -> [UpstreamEvent] {
    (0..<Int.random(in: 0...5, using: &generator)).map { _ in
      switch Int.random(in: 0..<10, using: &generator) {
      case 0..<6: .value(Int.random(in: 0..<100, using: &generator))
      case 6..<8: .finished
      default: .failure(Int.random(in: 0..<10, using: &generator))
      }
    }
  }
}

extension Rogue where Output == Int, Failure == TestError {
  /// Sends `events`, in order, to every subscriber.
  public func play(_ events: [UpstreamEvent]) {
    for event in events {
      switch event {
      case let .value(value): send(value)
      case .finished: send(completion: .finished)
      case let .failure(code): send(completion: .failure(TestError(code: code)))
      }
    }
  }
}

// MARK: - Stress

/// A system under stress: sources that the threads drive, and the publisher
/// under test, subscribed by one or more witnesses.
public struct StressSystem<Output, Failure: Error>: @unchecked Sendable {
  // @unchecked Sendable: the closures drive thread-safe sources (subjects,
  // futures, trait publishers' promises); that is what the suite tests.

  /// How many sources `send` and `complete` address (numbered from 0).
  public var sources: Int
  /// How many witnesses `subscribe` expects (share has several).
  public var witnesses = 1
  /// The late events allowed after a cancel returned: calls already in
  /// flight on the other threads.
  public var inFlight: Int? = nil
  /// How long a round waits for asynchronous releases before it reports a leak.
  public var settleTimeout: Duration = .seconds(2)
  /// Sends a value to a source.
  public var send: (_ source: Int, _ value: Int) -> Void
  /// Completes a source, finished or failed.
  public var complete: (_ source: Int, _ failure: Bool) -> Void
  /// Subscribes the witnesses to the publisher under test.
  public var subscribe: ([ContractChecker<Output, Failure>]) -> Void

  public init(
    sources: Int,
    witnesses: Int = 1,
    inFlight: Int? = nil,
    settleTimeout: Duration = .seconds(2),
    send: @escaping (_ source: Int, _ value: Int) -> Void,
    complete: @escaping (_ source: Int, _ failure: Bool) -> Void,
    subscribe: @escaping ([ContractChecker<Output, Failure>]) -> Void
  ) {
    self.sources = sources
    self.witnesses = witnesses
    self.inFlight = inFlight
    self.settleTimeout = settleTimeout
    self.send = send
    self.complete = complete
    self.subscribe = subscribe
  }
}

extension StressSystem where Output == Int, Failure == TestError {
  /// A system whose sources are `subjects` (numbered as given; a failure is
  /// `TestError(code: 1)`) and whose publisher under test is `publisher`,
  /// subscribed by each of `witnesses` checkers.
  public static func subjects<S: Subject, P: Publisher>(
    _ subjects: [S],
    witnesses: Int = 1,
    publisher: P
  ) -> Self where S.Output == Int, S.Failure == TestError, P.Output == Int, P.Failure == TestError {
    StressSystem(
      sources: subjects.count,
      witnesses: witnesses,
      send: { subjects[$0].send($1) },
      complete: { subjects[$0].send(completion: $1 ? .failure(TestError(code: 1)) : .finished) },
      subscribe: { for witness in $0 { publisher.subscribe(witness) } }
    )
  }
}

/// One step of a thread's script.
public enum StressStep: Sendable {
  case send(source: Int, value: Int)
  case complete(source: Int, failure: Bool)
  case request(witness: Int, count: Int)
  case cancel(witness: Int)
}

/// A weak reference, for arrays of them.
public struct WeakRef<Object: AnyObject>: @unchecked Sendable {
  public weak var object: Object?

  public init(object: Object?) {
    self.object = object
  }
}

/// A round of a stress suite: the system, its witnesses, and what each thread does.
private final class StressRound<Output, Failure: Error>: @unchecked Sendable {
  // @unchecked Sendable: the threads only read `system`, `witnesses` and
  // `scripts`; the test thread changes them after the threads are done.
  let seed: UInt64
  var system: StressSystem<Output, Failure>?
  var witnesses: [ContractChecker<Output, Failure>]
  let scripts: [[StressStep]]
  weak var token: Token?

  init(seed: UInt64, threads: Int, make: (Token) -> StressSystem<Output, Failure>) {
    self.seed = seed
    var generator = SplitMix64(seed: seed)
    let token = Token()
    let system = make(token)
    self.token = token
    self.system = system
    witnesses = (0..<system.witnesses).map { _ in
      ContractChecker(
        initialDemand: generator.demand(),
        demandPerValue: generator.chance(0.5) ? .none : .max(1),
        cancelAfter: generator.chance(0.2) ? Int.random(in: 1...3, using: &generator) : nil
      )
    }
    scripts = (0..<threads).map { thread in
      (0..<Int.random(in: 4...12, using: &generator)).map { index in
        let roll = Int.random(in: 0..<100, using: &generator)
        let witness = Int.random(in: 0..<system.witnesses, using: &generator)
        let source = Int.random(in: 0..<system.sources, using: &generator)
        switch roll {
        case 0..<58: return .send(source: source, value: thread * 1_000 + index)
        case 58..<85: return .request(witness: witness, count: Int.random(in: 1...3, using: &generator))
        case 85..<93: return .complete(source: source, failure: generator.chance(0.3))
        default: return .cancel(witness: witness)
        }
      }
    }
    withExtendedLifetime(token) {}
  }

  func play(thread: Int) {
    guard let system else { return }
    for step in scripts[thread] {
      switch step {
      case let .send(source, value): system.send(source, value)
      case let .complete(source, failure): system.complete(source, failure)
      case let .request(witness, count): witnesses[witness].request(.max(count))
      case let .cancel(witness): witnesses[witness].cancel()
      }
    }
  }
}

/// Runs rounds of `threads` threads playing random scripts against the
/// system that `make` builds (capturing the token in the operator's
/// closures, if it has any), until the budget is spent; after each round,
/// checks the contract (see `ContractChecker`) and that everything is released:
/// the witnesses while the sources still live, the token and the upstream
/// chain once the round is dropped.
///
/// - Returns: The number of rounds run.
@discardableResult
public func stress<Output, Failure: Error>(
  _ name: String,
  threads: Int = 2,
  light: Int = 150,
  heavy: Int = 20_000,
  sourceLocation: SourceLocation = #_sourceLocation,
  report: ((String) -> Void)? = nil,
  make: @escaping (Token) -> StressSystem<Output, Failure>
) -> Int {
  let cases = Reliability.cases(light: light, heavy: heavy)
  let deadline = Reliability.deadline()
  let batch = min(cases, 25)
  var run = 0
  while run < cases && (run == 0 || ContinuousClock.now < deadline) {
    let rounds = (0..<min(batch, cases - run)).map {
      StressRound(seed: Reliability.seed(name, run + $0), threads: threads, make: make)
    }
    for round in rounds {
      round.system?.subscribe(round.witnesses)
    }
    Race(threads: threads).run { thread, race in
      for round in rounds {
        race.meet()
        round.play(thread: thread)
      }
    }
    for round in rounds {
      let problems = check(round, threads: threads)
      if !problems.isEmpty {
        let message = """
          \(name): seed \(Reliability.hex(round.seed)) failed (rerun with RELIABILITY_SEED=\(Reliability.hex(round.seed))):
          \(problems.joined(separator: "\n"))
          """
        // `report` lets the kit's self-test see the failure without printing it.
        if let report {
          report(message)
        } else {
          Issue.record(Comment(rawValue: message), sourceLocation: sourceLocation)
        }
        Tally.add(name, run)
        return run
      }
    }
    run += rounds.count
  }
  Tally.add(name, run)
  return run
}

private func check<Output, Failure: Error>(_ round: StressRound<Output, Failure>, threads: Int) -> [String] {
  let inFlight = round.system?.inFlight ?? (threads - 1)
  let timeout = round.system?.settleTimeout ?? .seconds(2)
  var problems: [String] = []
  for (index, witness) in round.witnesses.enumerated() {
    problems += witness.problems(inFlight: inFlight).map { "witness \(index): \($0)" }
  }
  // End what is still running, then let the witnesses go while the sources live.
  for witness in round.witnesses where !witness.isOver {
    witness.cancel()
  }
  let witnesses = round.witnesses.map { WeakRef(object: $0) }
  let subscriptions = round.witnesses.map { witness -> WeakRef<AnyObject> in
    WeakRef(object: witness.subscription.map { $0 as AnyObject })
  }
  round.witnesses = []
  if !settle(timeout: timeout, until: { witnesses.allSatisfy { $0.object == nil } }) {
    problems.append("a witness is still alive after its end, while the sources live")
  }
  round.system = nil
  if !settle(timeout: timeout, until: { round.token == nil }) {
    problems.append("the operator's closure is still alive after the round")
  }
  if !settle(timeout: timeout, until: { subscriptions.allSatisfy { $0.object == nil } }) {
    problems.append("a subscription is still alive after the round")
  }
  return problems
}

// MARK: - Operator rows

/// Returns `value`, keeping `token` alive as long as the closure that calls it.
public func keep<Value>(_ token: Token, _ value: Value) -> Value {
  withExtendedLifetime(token) { value }
}

/// A stream that forgets what it is told.
public struct NullStream: TextOutputStream {
  public init() {}

  public mutating func write(_ string: String) {}
}

/// What a misbehaving upstream, or the end of a subscription, is tried with.
public enum Misbehaviour: String, CaseIterable, Sendable {
  /// Two values, although the downstream asked for nothing.
  case valueWithoutDemand
  /// A value, finished, then another value and another finished.
  case valueAfterCompletion
  /// A failure, then another failure and finished.
  case completesTwice
  /// A second subscription while the first one runs.
  case secondSubscription
}

/// How a subscription ends, for the leak checks.
public enum Ending: String, CaseIterable, Sendable {
  case finish
  case cancel
}

/// One operator of the table: it can be tried with each misbehaviour, and
/// checked for leaks after each ending.
public struct OperatorRow: @unchecked Sendable, CustomStringConvertible {
  // @unchecked Sendable: a row is built once and only read; each run makes its own objects.
  public let name: String
  /// Combine forwards a value sent without demand through this operator
  /// (it is transparent to demand), so the downstream sees it.
  public let passesUndemanded: Bool
  /// Combine traps on a value sent without demand through this operator (it
  /// counts the downstream's demand), and so does ReactiveCore: that
  /// misbehaviour is pinned by the operator's exit test, not tried here.
  public let trapsOnUndemanded: Bool
  /// The operator may hold several upstream subscriptions at once.
  public let acceptsSecondSubscription: Bool
  /// Combine forwards every event through this operator as it comes, and
  /// hands the upstream's subscription to the downstream.
  public let transparent: Bool
  /// The subscription the downstream holds keeps the publisher (and its
  /// closures) after the end, as Combine's does, until the downstream
  /// lets it go.
  public let keepsPublisherUntilReleased: Bool
  /// After a cancel, the operator stays subscribed to its upstream by
  /// design (`preventCancellation`), while the downstream keeps its subscription.
  public let keepsUpstreamAfterCancel: Bool
  public let misbehave: (Misbehaviour) -> [String]
  public let leak: (Ending) -> [String]
  /// Races a cancel against an upstream that keeps sending (it ignores the
  /// cancel), `rounds` times: after `cancel()` returned, at most the value in
  /// flight arrives.
  public let raceCancel: (_ rounds: Int) -> [String]

  public var description: String { name }

  public init<P: Publisher>(
    _ name: String,
    passesUndemanded: Bool = false,
    trapsOnUndemanded: Bool = false,
    acceptsSecondSubscription: Bool = false,
    transparent: Bool = false,
    keepsPublisherUntilReleased: Bool = false,
    keepsUpstreamAfterCancel: Bool = false,
    _ make: @escaping (Rogue<Int, TestError>, VirtualTimeScheduler, Token) -> P
  ) {
    self.name = name
    self.passesUndemanded = passesUndemanded || transparent
    self.trapsOnUndemanded = trapsOnUndemanded
    self.acceptsSecondSubscription = acceptsSecondSubscription
    self.transparent = transparent
    self.keepsPublisherUntilReleased = keepsPublisherUntilReleased
    self.keepsUpstreamAfterCancel = keepsUpstreamAfterCancel
    let passesUndemanded = self.passesUndemanded
    misbehave = { misbehaviour in
      if trapsOnUndemanded, misbehaviour == .valueWithoutDemand { return [] }
      let upstream = Rogue<Int, TestError>()
      let scheduler = VirtualTimeScheduler()
      let witness = ContractChecker<P.Output, P.Failure>(
        initialDemand: misbehaviour == .valueWithoutDemand ? .none : .unlimited
      )
      make(upstream, scheduler, Token()).subscribe(witness)
      let flush = { scheduler.advance(by: .seconds(10)) }
      flush()
      var problems: [String] = []
      switch misbehaviour {
      case .valueWithoutDemand:
        upstream.send(1)
        flush()
        upstream.send(2)
        flush()
        let seen = witness.problems()
        if transparent {
          problems = seen
        } else if passesUndemanded {
          // Transparent to demand, as in Combine: the values go through, and nothing else goes wrong.
          if seen.filter({ $0 != "a value without demand" }) != [] || seen.isEmpty {
            problems = ["expected only values without demand, saw \(seen)"]
          }
        } else {
          problems = seen
        }
      case .valueAfterCompletion:
        upstream.send(1)
        flush()
        upstream.send(completion: .finished)
        flush()
        upstream.send(2)
        upstream.send(completion: .finished)
        flush()
        problems = witness.problems()
        if witness.completions.count != 1 { problems.append("\(witness.completions.count) completions") }
      case .completesTwice:
        upstream.send(completion: .failure(TestError(code: 1)))
        flush()
        upstream.send(completion: .failure(TestError(code: 2)))
        upstream.send(completion: .finished)
        flush()
        problems = witness.problems()
        if witness.completions.count > 1 { problems.append("\(witness.completions.count) completions") }
      case .secondSubscription:
        guard let first = upstream.lastSubscription?.index else {
          return ["the operator kept no upstream subscription"]
        }
        upstream.subscribeAgain()
        flush()
        let second = first + 1
        if !acceptsSecondSubscription && !transparent && upstream.log.cancels(of: second) != 1 {
          problems.append("the second subscription was cancelled \(upstream.log.cancels(of: second)) times")
        }
        if upstream.log.cancels(of: first) != 0 { problems.append("the first subscription was cancelled") }
        upstream.send(1)
        upstream.send(completion: .finished)
        flush()
        problems += witness.problems()
        if witness.subscriptions != 1 { problems.append("\(witness.subscriptions) subscriptions") }
      }
      upstream.forget()
      if transparent {
        // What Combine forwards through a transparent operator, and only that.
        let forwarded: Set = [
          "a value without demand", "a value after the completion", "a second completion", "a second subscription",
        ]
        let unexpected = problems.filter {
          !forwarded.contains($0) && !$0.hasSuffix("completions") && !$0.hasSuffix("subscriptions")
        }
        if misbehaviour == .secondSubscription && upstream.log.cancels(of: 1) != 1 {
          return ["the second subscription was not cancelled downstream"]
        }
        return unexpected
      }
      return problems
    }
    raceCancel = { rounds in
      for round in 0..<rounds {
        let upstream = Rogue<Int, TestError>()
        let scheduler = VirtualTimeScheduler()
        let witness = ContractChecker<P.Output, P.Failure>()
        make(upstream, scheduler, Token()).subscribe(witness)
        scheduler.advance(by: .seconds(10))
        Race(threads: 2).run { thread, _ in
          if thread == 0 {
            for value in 0..<20 { upstream.send(value) }
          } else {
            witness.cancel()
          }
        }
        upstream.forget()
        let problems = witness.problems(inFlight: 1)
        if !problems.isEmpty { return ["round \(round): "] + problems }
      }
      return []
    }
    leak = { ending in
      let upstream = Rogue<Int, TestError>()
      let scheduler = VirtualTimeScheduler()
      weak var weakToken: Token?
      weak var weakWitness: ContractChecker<P.Output, P.Failure>?
      let flush = { scheduler.advance(by: .seconds(10)) }
      // The test keeps the downstream's subscription, as a subscriber may.
      var kept: (any Subscription)? = {
        let token = Token()
        weakToken = token
        let witness = ContractChecker<P.Output, P.Failure>()
        weakWitness = witness
        make(upstream, scheduler, token).subscribe(witness)
        flush()
        upstream.send(1)
        flush()
        switch ending {
        case .finish: upstream.send(completion: .finished)
        case .cancel: witness.cancel()
        }
        flush()
        return witness.subscription
      }()
      upstream.forget()
      flush()
      var problems: [String] = []
      if weakWitness != nil { problems.append("the subscriber is still alive") }
      if weakToken != nil && !keepsPublisherUntilReleased { problems.append("the closures' captures are still alive") }
      // A transparent operator hands the upstream's subscription itself to the downstream.
      let keepsUpstream = transparent || (keepsUpstreamAfterCancel && ending == .cancel)
      if !keepsUpstream && upstream.lastSubscription != nil {
        problems.append("the upstream subscription is still alive")
      }
      withExtendedLifetime(kept) {}
      kept = nil
      if weakToken != nil { problems.append("the closures' captures are still alive after the subscription is gone") }
      if upstream.lastSubscription != nil {
        problems.append("the upstream subscription is still alive after the subscription is gone")
      }
      return problems
    }
  }
}

// MARK: - Selection

extension Tag {
  /// The reliability suites (stress, property, misbehaving-upstream and leak
  /// suites): `make check` runs every suite with this tag again, alone, in
  /// the heavy mode, so that a new suite is picked up without a list to edit.
  @Tag public static var reliability: Self
}
