// The size families of issue 25: the same operation at growing sizes of the
// work around it (subscribers attached, upstreams merged, stages chained),
// written once against Combine's API and compiled into both library sides,
// like Workloads.swift (a symbolic link in each target).
//
// A workload is named "<family>@<size>"; `run(n)` performs `n` operations at
// that size and returns a checksum. Everything a workload sets up before its
// operations (the `size` subscribers, the merged upstreams) is the same for
// every `n`, so the difference of two callgrind runs with different `n`
// counts the operations alone (Scripts/instructions.sh). `n` is at most
// `maximumOperations`.
//
// These run under callgrind only: `make bench` reports, for each family, the
// cost of one operation at each size and checks that the cost at the largest
// size is at most 1.5 times the cost at the smallest (Scripts/report.py).

#if OPENCOMBINE
import OpenCombine
#else
import CombineTraits
import Foundation
#endif

/// The most operations a scaling workload performs in one run.
public let maximumOperations = 4096

/// Every scaling workload of this side, by name ("family@size").
public let scalingWorkloads: [(name: String, run: @Sendable (Int) -> Int)] = {
  var all: [(name: String, run: @Sendable (Int) -> Int)] = []
  for k in [1, 100, 10_000] {
    for oldest in [false, true] {
      let order = oldest ? "Oldest" : "Newest"
      func add(_ publisher: String, _ run: @escaping @Sendable (Int) -> Int) {
        all.append(("cancel\(order).\(publisher)@\(k)", run))
      }
      add("passthrough") { cancelOne(of: k, oldest: oldest, $0) { PassthroughSubject<Int, Never>() } }
      add("currentValue") { cancelOne(of: k, oldest: oldest, $0) { CurrentValueSubject<Int, Never>(0) } }
      add("future") { cancelOne(of: k, oldest: oldest, $0) { Future<Int, Never> { _ in } } }
      add("observableObject") { cancelOne(of: k, oldest: oldest, $0) { ObservableObjectPublisher() } }
      #if !OPENCOMBINE
      // OpenCombine's timer publisher is in another module, with another name.
      add("timer") { cancelOne(of: k, oldest: oldest, $0) { Timer.publish(every: 3600, on: .main, in: .common) } }
      // ReactiveExtras (issue 33): OpenCombine has neither.
      add("replaySubject") { cancelOne(of: k, oldest: oldest, $0) { ReplaySubject<Int, Never>(bufferSize: 1) } }
      add("shareReplay") { cancelOne(of: k, oldest: oldest, $0) { PassthroughSubject<Int, Never>().share(replay: 1) } }
      #endif
    }
  }
  #if !OPENCOMBINE
  // CancelBag (issue 33): a subscription made in a bag of k entries, then cancelled.
  for k in [1, 100, 10_000] {
    all.append(("cancelBagEntry@\(k)", { cancelBagEntry(among: k, $0) }))
  }
  // values(bufferingPolicy:) (ReactiveExtras, issue 35): a consumer made and
  // ended among k live consumers of a subject.
  for k in [1, 100, 10_000] {
    all.append(("valuesConsumer@\(k)", { valuesConsumer(among: k, $0) }))
  }
  // OpenCombine 0.14.0 has no MergeMany.
  for u in [2, 64, 4096] {
    all.append(("mergeManyCompletion@\(u)", { mergeManyCompletion(upstreams: u, $0) }))
  }
  #endif
  func add(_ name: String, _ run: @escaping @Sendable (Int) -> Int) {
    all.append((name, run))
  }
  add("stagesValue@1") { n in stagesValue({ oneStage($0) }, n) }
  add("stagesValue@4") { n in stagesValue({ fourStages($0) }, n) }
  add("stagesValue@16") { n in stagesValue({ sixteenStages($0) }, n) }
  add("stagesSubscribe@1") { n in stagesSubscribe({ oneStage($0) }, n) }
  add("stagesSubscribe@4") { n in stagesSubscribe({ fourStages($0) }, n) }
  add("stagesSubscribe@16") { n in stagesSubscribe({ sixteenStages($0) }, n) }
  return all
}()

/// Keeps `objects` alive until the process exits (one retain never
/// released), so that tearing them down is not counted (here, and in the
/// ends of Workloads.swift).
func keepUntilExit(_ objects: Any...) {
  final class Kept {
    let objects: [Any]
    init(_ objects: [Any]) { self.objects = objects }
  }
  _ = Unmanaged.passRetained(Kept(objects))
}

/// Counts what subscribers receive; one per workload run, used by one thread.
private final class Counter: @unchecked Sendable {
  // @unchecked Sendable: captured by escaping closures, used by one thread.
  var sum = 0
}

/// `n` times, one subscriber of a publisher with `k` subscribers cancels:
/// the newest (a subscriber arrives and leaves at once: `k + 1` attached when
/// it leaves), or the oldest (it leaves and a new one arrives at the end:
/// always `k` attached). The publisher never sends.
func cancelOne<P: Publisher>(of k: Int, oldest: Bool, _ n: Int, _ make: () -> P) -> Int where P.Failure == Never {
  let counter = Counter()
  let publisher = make()
  var attached = (0..<k).map { _ in publisher.sink { _ in counter.sum &+= 1 } }
  for operation in 0..<n {
    if oldest {
      // `attached` is a ring: the slot of this operation holds the oldest.
      let slot = operation % k
      attached[slot].cancel()
      attached[slot] = publisher.sink { _ in counter.sum &+= 1 }
    } else {
      publisher.sink { _ in counter.sum &+= 1 }.cancel()
    }
    counter.sum &+= 1
  }
  withExtendedLifetime(attached) {}
  return counter.sum
}

#if !OPENCOMBINE
/// `n` times, a subscription is made in a `CancelBag` that holds `k` others,
/// then cancelled: it enters and leaves the bag.
func cancelBagEntry(among k: Int, _ n: Int) -> Int {
  let counter = Counter()
  let bag = CancelBag()
  let subject = PassthroughSubject<Int, Never>()
  for _ in 0..<k {
    subject.sink(in: bag) { _ in counter.sum &+= 1 }
  }
  for _ in 0..<n {
    subject.sink(in: bag) { _ in counter.sum &+= 1 }.cancel()
    counter.sum &+= 1
  }
  keepUntilExit(bag, subject)
  return counter.sum
}

/// `n` times, a consumer of `values(bufferingPolicy: .unbounded)` arrives
/// among `k` live consumers of a subject and leaves: its iterator is made,
/// which subscribes, and released at once, which cancels the subscription
/// (`k + 1` consumers when it leaves, as in `cancelOne` for the newest). The
/// iterator subscribes as it is made, synchronously: no task, no await, so
/// the count is exact. The subject never sends.
func valuesConsumer(among k: Int, _ n: Int) -> Int {
  let counter = Counter()
  let subject = PassthroughSubject<Int, Never>()
  let values = subject.values(bufferingPolicy: .unbounded)
  let live = (0..<k).map { _ in values.makeAsyncIterator() }
  for _ in 0..<n {
    _ = values.makeAsyncIterator()
    counter.sum &+= 1
  }
  withExtendedLifetime((subject, live)) {}
  return counter.sum
}

/// `n` upstreams of `MergeMany`s of `u` upstreams each finish, one at a time.
/// The same 4,096 upstreams (4096 / u merges) are set up whatever `n` is.
func mergeManyCompletion(upstreams u: Int, _ n: Int) -> Int {
  precondition(n <= maximumOperations && maximumOperations % u == 0)
  let counter = Counter()
  let subjects = (0..<maximumOperations).map { _ in PassthroughSubject<Int, Never>() }
  let merges = stride(from: 0, to: maximumOperations, by: u).map { start in
    Publishers.MergeMany(subjects[start..<start + u])
      .sink(receiveCompletion: { _ in counter.sum &+= 1_000 }, receiveValue: { counter.sum &+= $0 })
  }
  for subject in subjects.prefix(n) {
    subject.send(completion: .finished)
    counter.sum &+= 1
  }
  // Torn down, an upstream that did not finish costs more than one that did:
  // kept, they cost nothing, and the difference between two runs counts the
  // completions alone.
  keepUntilExit(subjects, merges)
  return counter.sum
}
#endif

/// Two stages: a `map` and a `filter` that keeps every value.
func twoStages<P: Publisher>(_ upstream: P) -> Publishers.Filter<Publishers.Map<P, Int>>
where P.Output == Int, P.Failure == Never {
  upstream.map { $0 &+ 1 }.filter { $0 != -1 }
}

/// A chain of one stage after a subject.
func oneStage(_ subject: PassthroughSubject<Int, Never>) -> Publishers.Map<PassthroughSubject<Int, Never>, Int> {
  subject.map { $0 &+ 1 }
}

/// A chain of four stages after a subject, `map` and `filter` in turn.
func fourStages(_ subject: PassthroughSubject<Int, Never>) -> some Publisher<Int, Never> {
  twoStages(twoStages(subject))
}

/// A chain of sixteen stages after a subject, `map` and `filter` in turn.
func sixteenStages(_ subject: PassthroughSubject<Int, Never>) -> some Publisher<Int, Never> {
  twoStages(twoStages(twoStages(twoStages(twoStages(twoStages(twoStages(twoStages(subject))))))))
}

/// `n` values through a chain of stages after a subject, into a sink.
func stagesValue<P: Publisher>(_ chain: (PassthroughSubject<Int, Never>) -> P, _ n: Int) -> Int
where P.Output == Int, P.Failure == Never {
  let counter = Counter()
  let subject = PassthroughSubject<Int, Never>()
  let cancellable = chain(subject).sink { counter.sum &+= $0 }
  for value in 0..<n {
    subject.send(value)
  }
  cancellable.cancel()
  return counter.sum
}

/// `n` times, a chain of stages after a subject is subscribed with a sink,
/// then cancelled.
func stagesSubscribe<P: Publisher>(_ chain: (PassthroughSubject<Int, Never>) -> P, _ n: Int) -> Int
where P.Output == Int, P.Failure == Never {
  let counter = Counter()
  let subject = PassthroughSubject<Int, Never>()
  for _ in 0..<n {
    chain(subject).sink { counter.sum &+= $0 }.cancel()
    counter.sum &+= 1
  }
  return counter.sum
}

/// Workloads timed once, from start to end (`InstructionProbe --elapsed`):
/// `merge(with:)` folded `depth` times in a loop (each step erased, as a
/// loop needs), then subscribed; returns the sum of the values received.
/// (OpenCombine 0.14.0 has no `merge(with:)`.)
public let foldedMerges: [(name: String, run: @Sendable () -> Int)] = {
  #if OPENCOMBINE
  return []
  #else
  return [1_000, 2_000].map { depth in ("foldedMerge@\(depth)", { foldedMerge(depth: depth) }) }
  #endif
}()

#if !OPENCOMBINE
func foldedMerge(depth: Int) -> Int {
  var publisher = Just(0).eraseToAnyPublisher()
  for value in 1..<depth {
    publisher = publisher.merge(with: Just(value)).eraseToAnyPublisher()
  }
  let counter = Counter()
  _ = publisher.sink { counter.sum &+= $0 }
  return counter.sum
}
#endif

/// Chains built in a loop, for the recursion-depth measurement of
/// `InstructionProbe --depth` (Scripts/depth.sh): `depth` steps of one kind,
/// subscribed and run to the end; returns what the sink received.
/// - `erasedMap`: `map`, each step erased with `eraseToAnyPublisher()`;
/// - `append`: `append(_:)` of one value, each step erased;
/// - `catch`: `catch` replacing a failure, each step erased, the failure
///   travelling up through every step;
/// - `resend`: a subject whose subscriber sends the next value into it from
///   inside `receive`, `depth` times.
public func deepChain(kind: String, depth: Int) -> Int? {
  let counter = Counter()
  switch kind {
  case "erasedMap":
    var publisher = Just(0).eraseToAnyPublisher()
    for _ in 0..<depth {
      publisher = publisher.map { $0 &+ 1 }.eraseToAnyPublisher()
    }
    _ = publisher.sink { counter.sum &+= $0 }
  case "append":
    var publisher = Just(0).eraseToAnyPublisher()
    for value in 0..<depth {
      publisher = publisher.append(value).eraseToAnyPublisher()
    }
    _ = publisher.sink { counter.sum &+= $0 }
  case "catch":
    struct Failed: Error {}
    var publisher = Fail<Int, Failed>(error: Failed()).eraseToAnyPublisher()
    for _ in 0..<depth {
      publisher = publisher.catch { _ in Fail<Int, Failed>(error: Failed()) }.eraseToAnyPublisher()
    }
    _ = publisher.sink(receiveCompletion: { _ in counter.sum &+= 1 }, receiveValue: { _ in })
  case "resend":
    let subject = PassthroughSubject<Int, Never>()
    let cancellable = subject.sink { value in
      counter.sum &+= 1
      if value < depth { subject.send(value + 1) }
    }
    subject.send(1)
    cancellable.cancel()
  default:
    return nil
  }
  return counter.sum
}
