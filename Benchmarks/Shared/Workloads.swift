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
