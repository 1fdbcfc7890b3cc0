// The workloads of issue 8, written once against Combine's API and compiled
// twice: into ReactiveCoreWorkloads (importing CombineTraits) and into
// OpenCombineWorkloads (importing OpenCombine, with OPENCOMBINE defined).
// Both targets hold this very file (Benchmarks/Shared/Workloads.swift)
// through a symbolic link; only the import below differs. OpenCombine has no
// traits: its target adds the few trait names these workloads use
// (`sinkSingle`, `TraitPublishers.Single`, `TraitSubscriptions.Single`), each
// mapped onto what one would write with OpenCombine alone (TraitShims.swift
// in that target).
//
// Every workload runs `n` operations and returns a checksum of what its
// subscribers received: the three sides must agree on it, and it keeps the
// optimiser from dropping the work.

import Dispatch
import Synchronization

#if OPENCOMBINE
import OpenCombine
#else
import CombineTraits
#endif

/// Every workload of this side, by name: `run(n)` performs `n` operations and
/// returns their checksum.
public let workloads: [(name: String, run: @Sendable (Int) -> Int)] = {
  var all: [(name: String, run: @Sendable (Int) -> Int)] = [
    ("syncChain", syncChain),
    ("subjectTo1", subjectToOne),
    ("subjectTo10", subjectToTen),
    ("subjectMapTo1", subjectMapToOne),
    ("subjectMapTo10", subjectMapToTen),
    ("subjectMapFilter", subjectMapFilter),
    ("singleLifecycle", singleLifecycle),
    ("futureChain", futureChain),
    ("subscribeCancel", subscribeCancel),
    ("zip", zipOfTwoSubjects),
    ("contendedSend", contendedSend),
    ("traitSingle", traitSingleLifecycle),
    ("traitSubscription", traitSubscriptionLifecycle),
    ("flatMapInner", flatMapInner),
  ]
  #if !OPENCOMBINE
  // OpenCombine 0.14.0 has no combineLatest, and no traits to check.
  all += [
    ("combineLatest", combineLatestOfTwoSubjects),
    ("bareMaybe", bareMaybe),
    ("uncheckedSingle", uncheckedSingle),
    ("checkSingle", checkSingle),
    ("checkMaybe", checkMaybe),
  ]
  #endif
  return all
}()

/// Idle subscriptions, for the memory table of `make bench`: each `make(n)`
/// creates `n` subscriptions that receive nothing and returns what keeps
/// them alive (the probe measures the heap before and after, divided by `n`).
public let idleSubscriptions: [(name: String, make: @Sendable (Int) -> [AnyObject])] = [
  ("sink", idleSinks),
  ("mapSink", idleMapSinks),
  ("zip", idleZips),
  ("subjectSubscriber", idleSubjectSubscribers),
  ("subjectMapSubscriber", idleSubjectMapSubscribers),
]

/// A sink on a publisher that never sends (`Empty` that does not complete).
func idleSinks(_ n: Int) -> [AnyObject] {
  (0..<n).map { _ in Empty<Int, Never>(completeImmediately: false).sink { _ in } }
}

/// `map` and a sink on a publisher that never sends.
func idleMapSinks(_ n: Int) -> [AnyObject] {
  (0..<n).map { _ in Empty<Int, Never>(completeImmediately: false).map { $0 &+ 1 }.sink { _ in } }
}

/// `zip` of two subjects shared by all the subscriptions, and a sink.
func idleZips(_ n: Int) -> [AnyObject] {
  let left = PassthroughSubject<Int, Never>()
  let right = PassthroughSubject<Int, Never>()
  return [left, right] + (0..<n).map { _ in left.zip(right).sink { _ in } }
}

/// A sink on a subject shared by all the subscriptions.
func idleSubjectSubscribers(_ n: Int) -> [AnyObject] {
  let subject = PassthroughSubject<Int, Never>()
  return [subject] + (0..<n).map { _ in subject.sink { _ in } }
}

/// `map` and a sink on a subject shared by all the subscriptions.
func idleSubjectMapSubscribers(_ n: Int) -> [AnyObject] {
  let subject = PassthroughSubject<Int, Never>()
  return [subject] + (0..<n).map { _ in subject.map { $0 &+ 1 }.sink { _ in } }
}

/// Counts what subscribers receive; one per workload run, used by one thread.
private final class Tally: @unchecked Sendable {
  // @unchecked Sendable: captured by escaping closures, used by one thread.
  var sum = 0
}

/// Counts what subscribers receive from several threads.
private final class AtomicTally: Sendable {
  let sum = Atomic<Int>(0)
}

/// `n` elements of a sequence through `map`, `filter` and `sink`.
func syncChain(_ n: Int) -> Int {
  let tally = Tally()
  let cancellable = (0..<n).publisher
    .map { $0 &* 3 }
    .filter { $0 & 1 == 0 }
    .sink { tally.sum &+= $0 }
  cancellable.cancel()
  return tally.sum
}

/// `n` sends into a subject with `subscribers` sinks.
func subject(_ n: Int, subscribers: Int) -> Int {
  let tally = Tally()
  let subject = PassthroughSubject<Int, Never>()
  let cancellables = (0..<subscribers).map { _ in subject.sink { tally.sum &+= $0 } }
  for value in 0..<n {
    subject.send(value)
  }
  subject.send(completion: .finished)
  withExtendedLifetime(cancellables) {}
  return tally.sum
}

/// `n` sends into a subject with one sink.
func subjectToOne(_ n: Int) -> Int { subject(n, subscribers: 1) }

/// `n` sends into a subject with ten sinks.
func subjectToTen(_ n: Int) -> Int { subject(n, subscribers: 10) }

/// `n` sends into a subject with `subscribers` chains of `map` and `sink`:
/// the most common shape in real code.
func subjectMap(_ n: Int, subscribers: Int) -> Int {
  let tally = Tally()
  let subject = PassthroughSubject<Int, Never>()
  let cancellables = (0..<subscribers).map { _ in subject.map { $0 &+ 1 }.sink { tally.sum &+= $0 } }
  for value in 0..<n {
    subject.send(value)
  }
  subject.send(completion: .finished)
  withExtendedLifetime(cancellables) {}
  return tally.sum
}

/// `n` sends into a subject with one `map` and `sink`.
func subjectMapToOne(_ n: Int) -> Int { subjectMap(n, subscribers: 1) }

/// `n` sends into a subject with ten `map` and `sink` chains.
func subjectMapToTen(_ n: Int) -> Int { subjectMap(n, subscribers: 10) }

/// `n` sends into a subject with one chain of `map`, `filter` and `sink`:
/// the most common chain of all.
func subjectMapFilter(_ n: Int) -> Int {
  let tally = Tally()
  let subject = PassthroughSubject<Int, Never>()
  let cancellable = subject.map { $0 &* 3 }.filter { $0 & 1 == 0 }.sink { tally.sum &+= $0 }
  for value in 0..<n {
    subject.send(value)
  }
  cancellable.cancel()
  return tally.sum
}

/// `n` values into `flatMap`, each turned into an inner publisher that
/// sends it and finishes: the inner is subscribed, delivers, and is retired.
func flatMapInner(_ n: Int) -> Int {
  let tally = Tally()
  let subject = PassthroughSubject<Int, Never>()
  let cancellable = subject.flatMap { Just($0) }.sink { tally.sum &+= $0 }
  for value in 0..<n {
    subject.send(value)
  }
  cancellable.cancel()
  return tally.sum
}

/// `n` single-value life cycles: build, subscribe, receive, complete.
func singleLifecycle(_ n: Int) -> Int {
  let tally = Tally()
  for value in 0..<n {
    _ = Just(value)
      .map { $0 &+ 1 }
      .flatMap { Just($0) }
      .sinkSingle { result in
        if case let .success(value) = result { tally.sum &+= value }
      }
  }
  return tally.sum
}

/// `n` futures, each fulfilled at once, through `map` and `sink`.
func futureChain(_ n: Int) -> Int {
  let tally = Tally()
  for value in 0..<n {
    _ = Future<Int, Never> { promise in promise(.success(value)) }
      .map { $0 &+ 1 }
      .sink { tally.sum &+= $0 }
  }
  return tally.sum
}

/// `n` subscriptions to a subject, each cancelled right away.
func subscribeCancel(_ n: Int) -> Int {
  let tally = Tally()
  let subject = PassthroughSubject<Int, Never>()
  for _ in 0..<n {
    let cancellable = subject.sink { tally.sum &+= $0 }
    cancellable.cancel()
    tally.sum &+= 1
  }
  return tally.sum
}

/// `n` pairs of sends into two zipped subjects: `n` tuples.
func zipOfTwoSubjects(_ n: Int) -> Int {
  let tally = Tally()
  let left = PassthroughSubject<Int, Never>()
  let right = PassthroughSubject<Int, Never>()
  let cancellable = left.zip(right).sink { tally.sum &+= $0.0 &+ $0.1 }
  for value in 0..<n {
    left.send(value)
    right.send(value)
  }
  cancellable.cancel()
  return tally.sum
}

/// Carries a value that is safe to share into a `@Sendable` closure.
private struct Shared<Value>: @unchecked Sendable {
  // @unchecked Sendable: used only for subjects, which serialise their sends.
  let value: Value
}

/// `n` sends into one subject with one sink, half from each of two threads.
func contendedSend(_ n: Int) -> Int {
  // A subject does not serialise sends from several threads: the sink may
  // run on both at once, hence the atomic tally.
  let tally = AtomicTally()
  let subject = Shared(value: PassthroughSubject<Int, Never>())
  let cancellable = subject.value.sink { _ = tally.sum.wrappingAdd($0, ordering: .relaxed) }
  DispatchQueue.concurrentPerform(iterations: 2) { thread in
    for value in stride(from: thread, to: n, by: 2) {
      subject.value.send(value)
    }
  }
  cancellable.cancel()
  return tally.sum.load(ordering: .relaxed)
}

/// `n` life cycles of a single job built from a closure.
func traitSingleLifecycle(_ n: Int) -> Int {
  let tally = Tally()
  for value in 0..<n {
    _ = TraitPublishers.Single<Int, Never> { promise in
      promise(.success(value))
      return AnyCancellable {}
    }
    .sinkSingle { result in
      if case let .success(value) = result { tally.sum &+= value }
    }
  }
  return tally.sum
}

/// A single publisher written the way the trait recommends: a subclass of
/// `TraitSubscriptions.Single` that answers as soon as it starts.
private struct Answer: SinglePublisher {
  typealias Output = Int
  typealias Failure = Never

  let value: Int

  func receive<S: Subscriber>(subscriber: S) where S.Input == Int, S.Failure == Never {
    subscriber.receive(subscription: Job(downstream: subscriber, context: value))
  }

  // @unchecked Sendable: restated from the base class; the subclass adds no state.
  private final class Job<Downstream: Subscriber>: TraitSubscriptions.Single<Downstream, Int>, @unchecked Sendable
  where Downstream.Input == Int, Downstream.Failure == Never {
    override func start(with context: Int) {
      receive(.success(context))
    }
  }
}

/// `n` life cycles of a `TraitSubscriptions.Single` subclass.
func traitSubscriptionLifecycle(_ n: Int) -> Int {
  let tally = Tally()
  for value in 0..<n {
    _ = Answer(value: value).sinkSingle { result in
      if case let .success(value) = result { tally.sum &+= value }
    }
  }
  return tally.sum
}

#if !OPENCOMBINE
/// `n` pairs of sends into two subjects combined with `combineLatest`.
func combineLatestOfTwoSubjects(_ n: Int) -> Int {
  let tally = Tally()
  let left = PassthroughSubject<Int, Never>()
  let right = PassthroughSubject<Int, Never>()
  let cancellable = left.combineLatest(right).sink { tally.sum &+= $0.0 &+ $0.1 }
  for value in 0..<n {
    left.send(value)
    right.send(value)
  }
  cancellable.cancel()
  return tally.sum
}

/// `n` life cycles of a maybe publisher (a filtered `Just`) into a sink: the
/// reference for the two workloads below.
func bareMaybe(_ n: Int) -> Int {
  let tally = Tally()
  for value in 0..<n {
    _ = Just(value).filter { $0 >= 0 }
      .sink(receiveCompletion: { _ in tally.sum &+= 1 }, receiveValue: { tally.sum &+= $0 })
  }
  return tally.sum
}

/// `bareMaybe`, declared single with `uncheckedSingle()`: must cost nothing more.
func uncheckedSingle(_ n: Int) -> Int {
  let tally = Tally()
  for value in 0..<n {
    _ = Just(value).filter { $0 >= 0 }.uncheckedSingle()
      .sink(receiveCompletion: { _ in tally.sum &+= 1 }, receiveValue: { tally.sum &+= $0 })
  }
  return tally.sum
}

/// `bareMaybe`, checked at run time with `checkSingle()`.
func checkSingle(_ n: Int) -> Int {
  let tally = Tally()
  for value in 0..<n {
    _ = Just(value).filter { $0 >= 0 }.checkSingle()
      .sink(receiveCompletion: { _ in tally.sum &+= 1 }, receiveValue: { tally.sum &+= $0 })
  }
  return tally.sum
}
/// `bareMaybe`, checked at run time with `checkMaybe()`.
func checkMaybe(_ n: Int) -> Int {
  let tally = Tally()
  for value in 0..<n {
    _ = Just(value).filter { $0 >= 0 }.checkMaybe()
      .sink(receiveCompletion: { _ in tally.sum &+= 1 }, receiveValue: { tally.sum &+= $0 })
  }
  return tally.sum
}
#endif

// MARK: - The ends of subscriptions (issue 35)

/// The ends of subscriptions (issue 35), and the bridges between publishers
/// and `async` code: counted by callgrind only (InstructionProbe,
/// Scripts/instructions.sh), not timed by package-benchmark.
///
/// An end cannot happen without what ends: a pool of what the operations
/// end (subjects with their sinks, futures, zips...) is set up before them,
/// `maximumOperations` entries whatever `n` is, so that the difference of two
/// callgrind runs with different `n` counts the ends alone. What an end frees
/// (the subscription, the sink's closures) is freed during the operation:
/// that is part of the end. The pools are kept until the process exits
/// (`keepUntilExit`): torn down, an entry that did not end costs more than
/// one that did, and the difference would not cancel out. Where an operation
/// cannot be separated from a set-up (a `Just` ends as it is subscribed, a
/// `switchToLatest` subscribes the inner that replaces the old one), the
/// comment of the workload says what one operation contains; it is the same
/// on both sides.
///
/// Workloads named "<family>@<size>" are size families (Scripts/report.py
/// checks that they are flat): one operation is one subscriber reached (one
/// inner ended), `n / size` ends per run, so `n` must be a multiple of the
/// size (the 1,000 and 3,000 of Scripts/instructions.sh are).
public let lifecycleWorkloads: [(name: String, run: @Sendable (Int) -> Int)] = {
  var all: [(name: String, run: @Sendable (Int) -> Int)] = [
    ("subjectFinish@1", { subjectFinish(sinks: 1, $0) }),
    ("subjectFinish@1000", { subjectFinish(sinks: 1_000, $0) }),
    ("futureFulfil", futureFulfil),
    ("justSink", justSink),
    ("cancelBeforeValue", { cancelMapSink(afterValue: false, $0) }),
    ("cancelAfterValue", { cancelMapSink(afterValue: true, $0) }),
    ("flatMapInnerFinish@1", { flatMapInnerEnd(inners: 1, failing: false, $0) }),
    ("flatMapInnerFinish@1000", { flatMapInnerEnd(inners: 1_000, failing: false, $0) }),
    ("flatMapInnerFail@1", { flatMapInnerEnd(inners: 1, failing: true, $0) }),
    ("flatMapInnerFail@1000", { flatMapInnerEnd(inners: 1_000, failing: true, $0) }),
    ("switchToLatestReplace", switchToLatestReplace),
    ("zipFinish", zipFinish),
    ("awaitFuture", awaitFuture),
    ("awaitValuesElement", awaitValuesElement),
  ]
  #if !OPENCOMBINE
  // OpenCombine 0.14.0 has no merge, no combineLatest, no traits and no
  // AsyncSequence.publisher (ReactiveExtras).
  all += [
    ("mergeFinish", mergeFinish),
    ("combineLatestFinish", combineLatestFinish),
    ("awaitTraitValue", awaitTraitValue),
    ("asyncSequencePublisher", asyncSequencePublisher),
  ]
  #endif
  return all
}()

/// The failure of the failing workloads.
private struct Failed: Error {}

/// `n` sinks reached by the completion of their subject, `k` sinks per
/// subject: `n / k` subjects finish, one after the other. Set up before:
/// `maximumOperations / k` subjects with `k` sinks each. One operation is
/// one sink reached by a completion (at k = 1, one completion);
/// Scripts/report.py multiplies by `k` for the cost of one completion.
func subjectFinish(sinks k: Int, _ n: Int) -> Int {
  precondition(n % k == 0 && n <= maximumOperations / k * k, "subjectFinish@\(k): n must be a multiple of \(k)")
  let tally = Tally()
  let subjects = (0..<maximumOperations / k).map { _ in PassthroughSubject<Int, Never>() }
  let sinks = subjects.map { subject in
    (0..<k).map { _ in
      subject.sink(receiveCompletion: { _ in tally.sum &+= 1 }, receiveValue: { tally.sum &+= $0 })
    }
  }
  for subject in subjects.prefix(n / k) {
    subject.send(completion: .finished)
  }
  keepUntilExit(subjects, sinks)
  return tally.sum
}

/// `n` futures, each with one sink, fulfilled one after the other. One
/// operation: a promise is called, the value and the completion reach the
/// sink, and the subscription ends. Set up before: `maximumOperations`
/// futures, each subscribed by a sink, their promises kept.
func futureFulfil(_ n: Int) -> Int {
  precondition(n <= maximumOperations)
  let tally = Tally()
  var promises: [Future<Int, Never>.Promise] = []
  let futures = (0..<maximumOperations).map { _ in Future<Int, Never> { promises.append($0) } }
  let sinks = futures.map { future in
    future.sink(receiveCompletion: { _ in tally.sum &+= 1 }, receiveValue: { tally.sum &+= $0 })
  }
  for (value, promise) in promises.prefix(n).enumerated() {
    promise(.success(value))
  }
  keepUntilExit(futures, sinks, promises)
  return tally.sum
}

/// `n` times, `Just` completing into a sink. A `Just` ends as it is
/// subscribed: one operation is its whole life cycle (the sink subscribes,
/// receives the value and the completion, and is released).
func justSink(_ n: Int) -> Int {
  let tally = Tally()
  for value in 0..<n {
    _ = Just(value).sink(receiveCompletion: { _ in tally.sum &+= 1 }, receiveValue: { tally.sum &+= $0 })
  }
  return tally.sum
}

/// `n` chains of subject → `map` → sink cancelled, one after the other:
/// before any value, or after one. One operation: the cancel (the chain's
/// subscriptions end and are released). Set up before: `maximumOperations`
/// subjects, each with its chain, each sent one value if `afterValue`.
func cancelMapSink(afterValue: Bool, _ n: Int) -> Int {
  precondition(n <= maximumOperations)
  let tally = Tally()
  let subjects = (0..<maximumOperations).map { _ in PassthroughSubject<Int, Never>() }
  let cancellables = subjects.map { subject in subject.map { $0 &+ 1 }.sink { tally.sum &+= $0 } }
  if afterValue {
    for (value, subject) in subjects.enumerated() {
      subject.send(value)
    }
  }
  for cancellable in cancellables.prefix(n) {
    cancellable.cancel()
    tally.sum &+= 1
  }
  keepUntilExit(subjects, cancellables)
  return tally.sum
}

/// `n` inners of `flatMap`s of `m` live inners each end, `n / m` flatMaps
/// in turn (their upstream never ends). Set up before: `maximumOperations / m`
/// flatMaps, each with a sink and `m` inner subjects.
/// - `failing: false`: one operation is one inner finishing, the flatMap
///   going on; the inners of a flatMap finish in a scattered order (index
///   `i * 7919 % m`: neither the oldest nor the newest first), so each
///   finishes among `m` down to 1 live inners.
/// - `failing: true`: one inner of each flatMap fails, which ends the
///   flatMap: the failure reaches the sink, the upstream and the `m - 1`
///   other inners are cancelled. One operation is one inner ended (a
///   failure ends `m`); Scripts/report.py multiplies by `m` for the cost of
///   one failure.
func flatMapInnerEnd(inners m: Int, failing: Bool, _ n: Int) -> Int {
  precondition(n % m == 0 && n <= maximumOperations / m * m, "flatMapInner@\(m): n must be a multiple of \(m)")
  let tally = Tally()
  let outers = (0..<maximumOperations / m).map { _ in
    PassthroughSubject<PassthroughSubject<Int, Failed>, Failed>()
  }
  let sinks = outers.map { outer in
    outer.flatMap { $0 }.sink(
      receiveCompletion: { completion in
        if case .failure = completion { tally.sum &+= 1_000 }
      },
      receiveValue: { tally.sum &+= $0 }
    )
  }
  let inners = outers.map { outer in
    (0..<m).map { _ in
      let inner = PassthroughSubject<Int, Failed>()
      outer.send(inner)
      return inner
    }
  }
  for group in inners.prefix(n / m) {
    if failing {
      group[m / 2].send(completion: .failure(Failed()))
    } else {
      for index in 0..<m {
        group[index * 7919 % m].send(completion: .finished)
        tally.sum &+= 1
      }
    }
  }
  keepUntilExit(outers, sinks, inners)
  return tally.sum
}

/// `n` times, a `switchToLatest` receives a new inner: the previous inner is
/// cancelled and the new one subscribed (one operation: both; they cannot
/// be separated). Set up before: the outer subject with its chain and sink,
/// `maximumOperations + 1` inner subjects, the first one already the latest.
func switchToLatestReplace(_ n: Int) -> Int {
  precondition(n <= maximumOperations)
  let tally = Tally()
  let outer = PassthroughSubject<PassthroughSubject<Int, Never>, Never>()
  let inners = (0...maximumOperations).map { _ in PassthroughSubject<Int, Never>() }
  let cancellable = outer.switchToLatest().sink { tally.sum &+= $0 }
  outer.send(inners[0])
  for inner in inners[1...n] {
    outer.send(inner)
    tally.sum &+= 1
  }
  keepUntilExit(outer, inners, cancellable)
  return tally.sum
}

/// `n` zips of two subjects end, one after the other: the first member
/// finishes with nothing buffered, which finishes the zip (the completion
/// reaches its sink, the other member is cancelled). One operation: that
/// end. Set up before: `maximumOperations` zips, each with a sink.
func zipFinish(_ n: Int) -> Int {
  precondition(n <= maximumOperations)
  let tally = Tally()
  let lefts = (0..<maximumOperations).map { _ in PassthroughSubject<Int, Never>() }
  let rights = (0..<maximumOperations).map { _ in PassthroughSubject<Int, Never>() }
  let sinks = zip(lefts, rights).map { left, right in
    left.zip(right).sink(receiveCompletion: { _ in tally.sum &+= 1 }, receiveValue: { tally.sum &+= $0.0 &+ $0.1 })
  }
  for left in lefts.prefix(n) {
    left.send(completion: .finished)
  }
  keepUntilExit(lefts, rights, sinks)
  return tally.sum
}

/// Runs `body` in a task of its own and blocks the calling thread (the
/// probe's) on a semaphore until it returns: the `n` awaits of a workload
/// run one after the other in that one task, and the task's start and the
/// wait cost the same whatever `n` is.
func runInTask(_ body: @escaping @Sendable () async -> Int) -> Int {
  let result = AtomicTally()
  let done = DispatchSemaphore(value: 0)
  Task {
    result.sum.store(await body(), ordering: .relaxed)
    done.signal()
  }
  done.wait()
  return result.sum.load(ordering: .relaxed)
}

/// `n` times, in one task, `await Future { $0(.success(x)) }.value`. One
/// operation: the future is made (fulfilled at once) and its value awaited
/// (subscribe, receive, resume); the value is there when the await begins,
/// so the task does not suspend.
func awaitFuture(_ n: Int) -> Int {
  runInTask {
    var sum = 0
    for value in 0..<n {
      sum &+= await Future<Int, Never> { $0(.success(value)) }.value
    }
    return sum
  }
}

/// `n` elements of `subject.values`, awaited one after the other in one
/// task. The subject is a `CurrentValueSubject`: a value sent without
/// demand waits in it for the next request (a `PassthroughSubject` would drop
/// it), so the task itself can send each value and then await it, without a
/// second task to race with. One operation: a send, then `next()` (the
/// request, the value, the resume; no suspension).
func awaitValuesElement(_ n: Int) -> Int {
  runInTask {
    let subject = CurrentValueSubject<Int, Never>(0)
    var iterator = subject.values.makeAsyncIterator()
    var sum = 0
    for value in 0..<n {
      subject.send(value)
      sum &+= await iterator.next() ?? -1
    }
    return sum
  }
}

#if !OPENCOMBINE
/// `n` merges of two subjects, one upstream of each finishing, one after the
/// other; the merge goes on with the other. One operation: that end. Set up
/// before: `maximumOperations` merges, each with a sink.
func mergeFinish(_ n: Int) -> Int {
  precondition(n <= maximumOperations)
  let tally = Tally()
  let lefts = (0..<maximumOperations).map { _ in PassthroughSubject<Int, Never>() }
  let rights = (0..<maximumOperations).map { _ in PassthroughSubject<Int, Never>() }
  let sinks = zip(lefts, rights).map { left, right in
    left.merge(with: right).sink(receiveCompletion: { _ in tally.sum &+= 1_000 }, receiveValue: { tally.sum &+= $0 })
  }
  for left in lefts.prefix(n) {
    left.send(completion: .finished)
    tally.sum &+= 1
  }
  keepUntilExit(lefts, rights, sinks)
  return tally.sum
}

/// `n` `combineLatest`s of two subjects, one member of each finishing, one
/// after the other; the combination goes on with the other member (it ends
/// when both have). One operation: that end. Set up before:
/// `maximumOperations` combinations, each with a sink.
func combineLatestFinish(_ n: Int) -> Int {
  precondition(n <= maximumOperations)
  let tally = Tally()
  let lefts = (0..<maximumOperations).map { _ in PassthroughSubject<Int, Never>() }
  let rights = (0..<maximumOperations).map { _ in PassthroughSubject<Int, Never>() }
  let sinks = zip(lefts, rights).map { left, right in
    left.combineLatest(right).sink(
      receiveCompletion: { _ in tally.sum &+= 1_000 },
      receiveValue: { tally.sum &+= $0.0 &+ $0.1 }
    )
  }
  for left in lefts.prefix(n) {
    left.send(completion: .finished)
    tally.sum &+= 1
  }
  keepUntilExit(lefts, rights, sinks)
  return tally.sum
}

/// `n` times, in one task, `try await Just(x).eraseToAnySinglePublisher().value`.
/// One operation: the erased single is made and its value awaited (no
/// suspension: `Just` answers as it is subscribed).
func awaitTraitValue(_ n: Int) -> Int {
  runInTask {
    var sum = 0
    for value in 0..<n {
      do {
        sum &+= try await Just(value).eraseToAnySinglePublisher().value
      } catch {
        return -1  // only a cancelled task throws; this one is not cancelled
      }
    }
    return sum
  }
}

/// An `AsyncStream` of `n` elements (all yielded, and the stream finished,
/// before it is consumed) through `AsyncSequence.publisher` into a sink: the
/// publisher's task pulls each element and sends it; the calling thread
/// waits for the completion. One operation: one element yielded, pulled and
/// received. The baseline's workload of the same name consumes the same
/// stream with a bare `for await` loop.
func asyncSequencePublisher(_ n: Int) -> Int {
  let (stream, continuation) = AsyncStream.makeStream(of: Int.self)
  for value in 0..<n {
    continuation.yield(value)
  }
  continuation.finish()
  // The sink runs on the publisher's task; the semaphore orders its last
  // write before the read below.
  let tally = Tally()
  let done = DispatchSemaphore(value: 0)
  let cancellable = stream.publisher.sink(
    receiveCompletion: { _ in done.signal() },
    receiveValue: { tally.sum &+= $0 }
  )
  done.wait()
  cancellable.cancel()
  return tally.sum
}
#endif
