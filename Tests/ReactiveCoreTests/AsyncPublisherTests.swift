import Dispatch
import ReactiveCore
import Testing
import TraitsTesting

@Suite("values (AsyncPublisher)")
struct AsyncPublisherTests {
  @Test("a for-await loop receives every value, then ends")
  func loopReceivesEveryValue() async {
    var received: [Int] = []
    for await value in [1, 2, 3].publisher.values {
      received.append(value)
    }
    #expect(received == [1, 2, 3])
  }

  @Test("subscribes when the iterator is made, requests one value per next()")
  func requestsOneValuePerNext() async throws {
    let upstream = TestPublisher<Int, Never>()
    var iterator = upstream.values.makeAsyncIterator()
    #expect(upstream.subscriptionCount == 1)
    #expect(upstream.requests == [])

    let feeder = Task {
      try await waitUntil { upstream.requests.count == 1 }
      _ = upstream.send(1)
      try await waitUntil { upstream.requests.count == 2 }
      _ = upstream.send(2)
    }
    #expect(await iterator.next() == 1)
    #expect(await iterator.next() == 2)
    try await feeder.value
    #expect(upstream.requests == [.max(1), .max(1)])
    upstream.send(completion: .finished)
    #expect(await iterator.next() == nil)
    #expect(await iterator.next() == nil)
    #expect(upstream.requests == [.max(1), .max(1)])
  }

  @Test("a value sent while nobody awaits is dropped")
  func valueWithoutDemandIsDropped() async throws {
    let upstream = TestPublisher<Int, Never>()
    var iterator = upstream.values.makeAsyncIterator()
    _ = upstream.send(0)  // no demand: dropped
    let feeder = Task {
      try await waitUntil { upstream.requests.count == 1 }
      _ = upstream.send(1)
    }
    #expect(await iterator.next() == 1)
    try await feeder.value
  }

  @Test("tasks waiting on one iterator are served in turn: a value each, then nil")
  func severalWaitersAreServedInTurn() async throws {
    let upstream = TestPublisher<Int, Never>()
    let iterator = SharedIterator(upstream.values.makeAsyncIterator())
    let results = try await withThrowingTaskGroup(of: (Int, Int?).self) { group in
      for waiter in 0..<3 {
        group.addTask { (waiter, await iterator.next()) }
        try await waitUntil { upstream.requests.count == waiter + 1 }  // waiting, in this order
      }
      _ = upstream.send(10)
      _ = upstream.send(20)
      upstream.send(completion: .finished)
      var results: [Int: Int?] = [:]
      for try await (waiter, value) in group { results[waiter] = value }
      return results
    }
    #expect(results == [0: 10, 1: 20, 2: nil])
    #expect(upstream.requests == [.max(1), .max(1), .max(1)])
  }

  @Test("a value before the subscription is ignored: the waiting tasks go on waiting")
  func valueBeforeTheSubscriptionIsIgnored() async throws {
    // Combine ends every waiting next() with nil, then still requests from
    // the subscription that comes: a sequence that goes on after its end.
    let upstream = LatePublisher<Int, Never>("upstream", log: EventLog())
    let iterator = SharedIterator(upstream.values.makeAsyncIterator())
    let results = try await withThrowingTaskGroup(of: Int?.self) { group in
      for _ in 0..<2 { group.addTask { await iterator.next() } }
      try await Task.sleep(for: .milliseconds(10))  // both wait, before the subscription
      #expect(upstream.send(42) == .none)
      upstream.giveSubscription()
      try await waitUntil {
        upstream.subscription.requests.reduce(Subscribers.Demand.none, +) == .max(2)
      }
      _ = upstream.send(1)
      _ = upstream.send(2)
      var results: [Int?] = []
      for try await value in group { results.append(value) }
      return results
    }
    #expect(results.sorted { ($0 ?? 0) < ($1 ?? 0) } == [1, 2])
  }

  @Test("a completion received while nobody awaits ends the next call")
  func completionWhileNobodyAwaits() async {
    let subject = PassthroughSubject<Int, Never>()
    var iterator = subject.values.makeAsyncIterator()
    subject.send(completion: .finished)
    #expect(await iterator.next() == nil)
  }

  @Test("cancelling the iterating task cancels the subscription and ends the loop")
  func taskCancellationCancelsSubscription() async throws {
    let upstream = TestPublisher<Int, Never>()
    let loop = Task {
      var received: [Int] = []
      for await value in upstream.values {
        received.append(value)
      }
      return received
    }
    try await waitUntil { upstream.requests.count == 1 }
    _ = upstream.send(7)
    try await waitUntil { upstream.requests.count == 2 }
    loop.cancel()
    #expect(await loop.value == [7])
    #expect(upstream.cancellations == 1)
    #expect(!upstream.hasSubscribers)
  }

  @Test("an already-cancelled task gets nil at once and cancels the subscription")
  func alreadyCancelledTask() async {
    let upstream = TestPublisher<Int, Never>()
    let task = Task {
      withUnsafeCurrentTask { $0?.cancel() }
      var iterator = upstream.values.makeAsyncIterator()
      return await iterator.next()
    }
    #expect(await task.value == nil)
    #expect(upstream.cancellations == 1)
  }

  @Test("leaving the loop early cancels the subscription once the iterator is released")
  func breakCancelsSubscription() async throws {
    let upstream = TestPublisher<Int, Never>()
    let feeder = Task {
      try await waitUntil { upstream.requests.count == 1 }
      _ = upstream.send(1)
    }
    for await value in upstream.values {
      #expect(value == 1)
      break
    }
    try await feeder.value
    #expect(upstream.cancellations == 1)
    #expect(!upstream.hasSubscribers)
  }

  @Test("the publisher is released once the loop is over")
  func releasesUpstream() async {
    weak var weakSubject: PassthroughSubject<Int, Never>?
    var iterator: AsyncPublisher<PassthroughSubject<Int, Never>>.Iterator?
    do {
      let subject = PassthroughSubject<Int, Never>()
      weakSubject = subject
      iterator = subject.values.makeAsyncIterator()
      subject.send(completion: .finished)
    }
    #expect(await iterator?.next() == nil)
    iterator = nil
    #expect(weakSubject == nil)
  }
}

@Suite("values (AsyncThrowingPublisher)")
struct AsyncThrowingPublisherTests {
  @Test("values, then the failure is thrown, then the iterator ends")
  func failureIsThrown() async throws {
    let upstream = [1, 2].publisher.setFailureType(to: TestError.self)
      .append(Fail(error: TestError(code: 1)))
    var iterator = upstream.values.makeAsyncIterator()
    #expect(try await iterator.next() == 1)
    #expect(try await iterator.next() == 2)
    await #expect(throws: TestError(code: 1)) { try await iterator.next() }
    #expect(try await iterator.next() == nil)
  }

  @Test("a for-try-await loop rethrows the failure")
  func loopRethrows() async {
    var received: [Int] = []
    await #expect(throws: TestError(code: 2)) {
      for try await value in Just(5).setFailureType(to: TestError.self).append(Fail(error: TestError(code: 2))).values {
        received.append(value)
      }
    }
    #expect(received == [5])
  }

  @Test("a failure received while nobody awaits is thrown by the next call")
  func failureWhileNobodyAwaits() async {
    let subject = PassthroughSubject<Int, TestError>()
    var iterator = subject.values.makeAsyncIterator()
    subject.send(completion: .failure(TestError(code: 3)))
    await #expect(throws: TestError(code: 3)) { try await iterator.next() }
  }

  @Test("tasks waiting on one iterator: a value, the failure once, then nil")
  func severalWaitersGetTheFailureOnce() async throws {
    let upstream = TestPublisher<Int, TestError>()
    let iterator = SharedThrowingIterator(upstream.values.makeAsyncIterator())
    let results = try await withThrowingTaskGroup(of: (Int, Result<Int?, TestError>).self) { group in
      for waiter in 0..<3 {
        group.addTask { (waiter, await iterator.next()) }
        try await waitUntil { upstream.requests.count == waiter + 1 }  // waiting, in this order
      }
      _ = upstream.send(10)
      upstream.send(completion: .failure(TestError(code: 4)))
      var results: [Int: Result<Int?, TestError>] = [:]
      for try await (waiter, result) in group { results[waiter] = result }
      return results
    }
    #expect(results == [0: .success(10), 1: .failure(TestError(code: 4)), 2: .success(nil)])
  }

  @Test("finishing ends the loop without throwing")
  func finishing() async throws {
    var received: [Int] = []
    for try await value in [4, 5].publisher.setFailureType(to: TestError.self).values {
      received.append(value)
    }
    #expect(received == [4, 5])
  }

  @Test("cancelling the task cancels the subscription; the loop ends without throwing")
  func taskCancellation() async throws {
    let upstream = TestPublisher<Int, TestError>()
    let loop = Task {
      var count = 0
      for try await _ in upstream.values {
        count += 1
      }
      return count
    }
    try await waitUntil { upstream.requests.count == 1 }
    loop.cancel()
    #expect(try await loop.value == 0)
    #expect(upstream.cancellations == 1)
  }

  @Test("many values from another thread arrive in order, one request each")
  func valuesFromAnotherThread() async throws {
    let upstream = TestPublisher<Int, TestError>()
    var iterator = upstream.values.makeAsyncIterator()
    let count = 100
    let producer = Task.detached {
      // Sends only once the consumer waits: a value without demand is dropped.
      for value in 0..<count {
        try await waitUntil { upstream.pendingDemand > .none }
        _ = upstream.send(value)
      }
      try await waitUntil { upstream.pendingDemand > .none }
      upstream.send(completion: .finished)
    }
    var received: [Int] = []
    while let value = try await iterator.next() {
      received.append(value)
    }
    try await producer.value
    #expect(received == Array(0..<count))
    // One request per value, and one more by the call that got the end.
    #expect(upstream.requests == Array(repeating: .max(1), count: count + 1))
  }
}

/// One iterator shared by several tasks: each call works on a copy, and the
/// copies share the subscription, as Combine's iterators do.
private final class SharedIterator<Upstream: Publisher>: @unchecked Sendable
where Upstream.Failure == Never, Upstream.Output: Sendable {
  // @unchecked Sendable: `iterator` is never mutated; its copies share a Sendable subscriber.
  private let iterator: AsyncPublisher<Upstream>.Iterator

  init(_ iterator: AsyncPublisher<Upstream>.Iterator) {
    self.iterator = iterator
  }

  func next() async -> Upstream.Output? {
    var copy = iterator
    return await copy.next()
  }
}

/// `SharedIterator` for a publisher that may fail.
private final class SharedThrowingIterator<Upstream: Publisher>: @unchecked Sendable
where Upstream.Output: Sendable, Upstream.Failure == TestError {
  // @unchecked Sendable: `iterator` is never mutated; its copies share a Sendable subscriber.
  private let iterator: AsyncThrowingPublisher<Upstream>.Iterator

  init(_ iterator: AsyncThrowingPublisher<Upstream>.Iterator) {
    self.iterator = iterator
  }

  func next() async -> Result<Upstream.Output?, TestError> {
    var copy = iterator
    do {
      return .success(try await copy.next())
    } catch {
      return .failure(error as? TestError ?? TestError(code: -1))
    }
  }
}
