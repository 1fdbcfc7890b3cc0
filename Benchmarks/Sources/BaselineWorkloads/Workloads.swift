// The workloads of Shared/Workloads.swift, written by hand with closures:
// what the same work costs without a reactive library. Each closure goes
// through `opaque(_:)`, so the optimiser calls it as a closure instead of
// inlining the whole workload into a loop of arithmetic: the baseline is a
// hand-written callback pipeline, not a vectorised loop.

import Dispatch
import Synchronization

/// Every workload of the baseline, by name, as on the two library sides.
public let workloads: [(name: String, run: @Sendable (Int) -> Int)] = [
  ("syncChain", syncChain),
  ("subjectTo1", subjectToOne),
  ("subjectTo10", subjectToTen),
  ("subjectMapTo1", subjectMapToOne),
  ("subjectMapTo10", subjectMapToTen),
  ("subjectMapFilter", subjectMapFilter),
  ("singleLifecycle", singleLifecycle),
  ("futureChain", futureChain),
  ("subscribeCancel", subscribeCancel),
  ("zip", zipOfTwo),
  ("combineLatest", combineLatestOfTwo),
  ("contendedSend", contendedSend),
  ("traitSingle", traitSingleLifecycle),
  ("traitSubscription", traitSubscriptionLifecycle),
  ("bareMaybe", maybe),
  ("uncheckedSingle", maybe),
  ("checkSingle", maybe),
  ("checkMaybe", maybe),
]

/// Hides a value from the optimiser.
@inline(never)
func opaque<T>(_ value: T) -> T { value }

/// Counts what the callbacks receive.
private final class Tally: @unchecked Sendable {
  // @unchecked Sendable: captured by escaping closures, used by one thread.
  var sum = 0
}

func syncChain(_ n: Int) -> Int {
  let tally = Tally()
  let sink: (Int) -> Void = opaque { tally.sum &+= $0 }
  let filter: (Int) -> Void = opaque { if $0 & 1 == 0 { sink($0) } }
  let map: (Int) -> Void = opaque { filter($0 &* 3) }
  for value in 0..<n { map(value) }
  return tally.sum
}

func subject(_ n: Int, subscribers count: Int) -> Int {
  let tally = Tally()
  let subscribers: [(Int) -> Void] = opaque((0..<count).map { _ in { tally.sum &+= $0 } })
  for value in 0..<n {
    for subscriber in subscribers { subscriber(value) }
  }
  return tally.sum
}

func subjectToOne(_ n: Int) -> Int { subject(n, subscribers: 1) }

func subjectToTen(_ n: Int) -> Int { subject(n, subscribers: 10) }

func subjectMap(_ n: Int, subscribers count: Int) -> Int {
  let tally = Tally()
  let map: (Int) -> Int = opaque { $0 &+ 1 }
  let subscribers: [(Int) -> Void] = opaque((0..<count).map { _ in { tally.sum &+= map($0) } })
  for value in 0..<n {
    for subscriber in subscribers { subscriber(value) }
  }
  return tally.sum
}

func subjectMapToOne(_ n: Int) -> Int { subjectMap(n, subscribers: 1) }

func subjectMapToTen(_ n: Int) -> Int { subjectMap(n, subscribers: 10) }

func subjectMapFilter(_ n: Int) -> Int {
  let tally = Tally()
  let map: (Int) -> Int = opaque { $0 &* 3 }
  let filter: (Int) -> Bool = opaque { $0 & 1 == 0 }
  let subscriber: (Int) -> Void = opaque { value in
    let mapped = map(value)
    if filter(mapped) { tally.sum &+= mapped }
  }
  for value in 0..<n {
    subscriber(value)
  }
  return tally.sum
}

func singleLifecycle(_ n: Int) -> Int {
  let tally = Tally()
  let receive: (Result<Int, Never>) -> Void = opaque { result in
    if case let .success(value) = result { tally.sum &+= value }
  }
  let map: (Int) -> Int = opaque { $0 &+ 1 }
  let flatMap: (Int, (Int) -> Void) -> Void = opaque { value, next in next(value) }
  for value in 0..<n {
    flatMap(map(value)) { receive(.success($0)) }
  }
  return tally.sum
}

func futureChain(_ n: Int) -> Int {
  let tally = Tally()
  let sink: (Int) -> Void = opaque { tally.sum &+= $0 }
  let map: (Int) -> Int = opaque { $0 &+ 1 }
  let future: (Int, (Result<Int, Never>) -> Void) -> Void = opaque { value, promise in promise(.success(value)) }
  for value in 0..<n {
    future(value) { result in
      if case let .success(value) = result { sink(map(value)) }
    }
  }
  return tally.sum
}

func subscribeCancel(_ n: Int) -> Int {
  let tally = Tally()
  var subscribers: [(Int) -> Void] = []
  subscribers.reserveCapacity(1)
  let subscriber: (Int) -> Void = opaque { tally.sum &+= $0 }
  for _ in 0..<n {
    subscribers.append(subscriber)
    subscribers.removeLast()
    tally.sum &+= 1
  }
  return tally.sum
}

func zipOfTwo(_ n: Int) -> Int {
  let tally = Tally()
  var pending: [Int] = []
  pending.reserveCapacity(1)
  let sink: ((Int, Int)) -> Void = opaque { tally.sum &+= $0.0 &+ $0.1 }
  let left: (Int) -> Void = opaque { pending.append($0) }
  let right: (Int) -> Void = opaque { sink((pending.removeFirst(), $0)) }
  for value in 0..<n {
    left(value)
    right(value)
  }
  return tally.sum
}

func combineLatestOfTwo(_ n: Int) -> Int {
  let tally = Tally()
  var latest: (Int?, Int?) = (nil, nil)
  let sink: ((Int, Int)) -> Void = opaque { tally.sum &+= $0.0 &+ $0.1 }
  let left: (Int) -> Void = opaque { value in
    latest.0 = value
    if let other = latest.1 { sink((value, other)) }
  }
  let right: (Int) -> Void = opaque { value in
    latest.1 = value
    if let other = latest.0 { sink((other, value)) }
  }
  for value in 0..<n {
    left(value)
    right(value)
  }
  return tally.sum
}

/// Counts what the callbacks receive from several threads.
private final class AtomicTally: Sendable {
  let sum = Atomic<Int>(0)
}

func contendedSend(_ n: Int) -> Int {
  let tally = AtomicTally()
  let add: @Sendable (Int) -> Void = { _ = tally.sum.wrappingAdd($0, ordering: .relaxed) }
  let sink = opaque(add)
  DispatchQueue.concurrentPerform(iterations: 2) { thread in
    for value in stride(from: thread, to: n, by: 2) { sink(value) }
  }
  return tally.sum.load(ordering: .relaxed)
}

func traitSingleLifecycle(_ n: Int) -> Int {
  let tally = Tally()
  let receive: (Result<Int, Never>) -> Void = opaque { result in
    if case let .success(value) = result { tally.sum &+= value }
  }
  let job: (Int, (Result<Int, Never>) -> Void) -> Void = opaque { value, promise in promise(.success(value)) }
  for value in 0..<n { job(value, receive) }
  return tally.sum
}

func traitSubscriptionLifecycle(_ n: Int) -> Int {
  traitSingleLifecycle(n)
}

func maybe(_ n: Int) -> Int {
  let tally = Tally()
  let isIncluded: (Int) -> Bool = opaque { $0 >= 0 }
  let receiveValue: (Int) -> Void = opaque { tally.sum &+= $0 }
  let receiveCompletion: () -> Void = opaque { tally.sum &+= 1 }
  for value in 0..<n {
    if isIncluded(value) { receiveValue(value) }
    receiveCompletion()
  }
  return tally.sum
}

/// The references of the `async` workloads of the two library sides
/// (`lifecycleWorkloads` in Shared/Workloads.swift): counted by callgrind
/// only, not timed by package-benchmark.
public let lifecycleWorkloads: [(name: String, run: @Sendable (Int) -> Int)] = [
  ("awaitTask", awaitTask),
  ("asyncSequencePublisher", asyncSequenceLoop),
]

/// Runs `body` in a task of its own and blocks the calling thread on a
/// semaphore until it returns, as the library sides do.
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

/// `n` times, in one task, `await Task { x }.value`: what awaiting a value
/// costs when it comes from another task (created, scheduled, run, and its
/// result awaited, the awaiting task suspending and resuming). The reference
/// of awaitFuture, awaitTraitValue and awaitValuesElement.
func awaitTask(_ n: Int) -> Int {
  runInTask {
    var sum = 0
    for value in 0..<n {
      sum &+= await Task { value }.value
    }
    return sum
  }
}

/// The `AsyncStream` of the library side's asyncSequencePublisher (`n`
/// elements, yielded and finished before it is consumed), consumed by a
/// bare `for await` loop in a task.
func asyncSequenceLoop(_ n: Int) -> Int {
  let (stream, continuation) = AsyncStream.makeStream(of: Int.self)
  for value in 0..<n {
    continuation.yield(value)
  }
  continuation.finish()
  return runInTask {
    var sum = 0
    for await value in stream {
      sum &+= value
    }
    return sum
  }
}
