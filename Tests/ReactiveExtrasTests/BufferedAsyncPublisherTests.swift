import ReactiveCore
import ReactiveExtras
import SharedMachinery
import TestSupport
import Testing
import TraitsTesting

/// A count that tasks share.
private final class Counter: Sendable {
  private let count = Lock(0)

  var value: Int { count.withLock { $0 } }

  func increment() { count.withLock { $0 += 1 } }
}

@Suite struct BufferedAsyncPublisherTests {
  // MARK: Demand, per policy

  @Test func unboundedRequestsUnlimitedAndKeepsEveryValue() async {
    let upstream = TestPublisher<Int, Never>()
    var iterator = upstream.values(bufferingPolicy: .unbounded).makeAsyncIterator()
    #expect(upstream.requests == [.unlimited])

    for value in 1...5 { upstream.send(value) }
    upstream.send(completion: .finished)

    var received: [Int] = []
    while let value = await iterator.next() { received.append(value) }
    #expect(received == [1, 2, 3, 4, 5])
    #expect(await iterator.next() == nil)
    #expect(upstream.requests == [.unlimited])
  }

  @Test func bufferingOldestRequestsItsCapacityThenOnePerNext() async {
    let upstream = TestPublisher<Int, Never>()
    var iterator = upstream.values(bufferingPolicy: .bufferingOldest(2)).makeAsyncIterator()
    #expect(upstream.requests == [.max(2)])

    upstream.send(1)
    upstream.send(2)
    upstream.send(3)  // beyond the demand (TestPublisher ignores it): dropped
    #expect(await iterator.next() == 1)
    #expect(upstream.requests == [.max(2), .max(1)])
    upstream.send(4)
    #expect(await iterator.next() == 2)
    #expect(await iterator.next() == 4)
    #expect(upstream.requests == [.max(2), .max(1), .max(1), .max(1)])
    upstream.send(completion: .finished)
    #expect(await iterator.next() == nil)
  }

  @Test func bufferingOldestLetsASubjectDropTheNewestValues() async {
    let subject = PassthroughSubject<Int, Never>()
    let sequence = subject.values(bufferingPolicy: .bufferingOldest(2))
    var iterator = sequence.makeAsyncIterator()

    for value in 1...5 { subject.send(value) }  // the subject drops 3, 4, 5: no demand left
    subject.send(completion: .finished)

    var received: [Int] = []
    while let value = await iterator.next() { received.append(value) }
    #expect(received == [1, 2])
  }

  @Test func bufferingOldestHoldsBackAColdPublisherWithoutLoss() async {
    var received: [Int] = []
    for await value in (1...100).publisher.values(bufferingPolicy: .bufferingOldest(3)) {
      received.append(value)
    }
    #expect(received == Array(1...100))
  }

  @Test func bufferingOldestOfZeroRequestsOneValuePerNext() async throws {
    let upstream = TestPublisher<Int, Never>()
    var iterator = upstream.values(bufferingPolicy: .bufferingOldest(0)).makeAsyncIterator()
    #expect(upstream.requests == [])
    upstream.send(0)  // nobody waits and nothing is buffered: dropped

    let feeder = Task {
      try await waitUntil { upstream.requests.count == 1 }
      upstream.send(7)
    }
    #expect(await iterator.next() == 7)
    try await feeder.value
    #expect(upstream.requests == [.max(1)])
  }

  @Test func bufferingNewestKeepsTheLastValuesOfASubject() async {
    let subject = PassthroughSubject<Int, Never>()
    var iterator = subject.values(bufferingPolicy: .bufferingNewest(2)).makeAsyncIterator()

    for value in 1...5 { subject.send(value) }
    subject.send(completion: .finished)

    var received: [Int] = []
    while let value = await iterator.next() { received.append(value) }
    #expect(received == [4, 5])
  }

  @Test func bufferingNewestOfZeroDropsWhatNobodyAwaits() async {
    let upstream = TestPublisher<Int, Never>()
    var iterator = upstream.values(bufferingPolicy: .bufferingNewest(0)).makeAsyncIterator()
    #expect(upstream.requests == [.unlimited])
    upstream.send(1)
    upstream.send(completion: .finished)
    #expect(await iterator.next() == nil)
  }

  @Test func aNegativeCountCountsAsZero() async {
    let upstream = TestPublisher<Int, Never>()
    let iterator = upstream.values(bufferingPolicy: .bufferingOldest(-3)).makeAsyncIterator()
    #expect(upstream.requests == [])
    _ = iterator
  }

  // MARK: Completion and failure

  @Test func theFailureIsThrownAfterTheBufferedValues() async throws {
    let upstream = TestPublisher<Int, TestError>()
    var iterator = upstream.values(bufferingPolicy: .unbounded).makeAsyncIterator()
    upstream.send(1)
    upstream.send(2)
    upstream.send(completion: .failure(TestError(code: 1)))

    #expect(try await iterator.next() == 1)
    #expect(try await iterator.next() == 2)
    await #expect(throws: TestError(code: 1)) { try await iterator.next() }
    #expect(try await iterator.next() == nil)
    #expect(!upstream.hasSubscribers)
  }

  @Test func theFailureIsTyped() async {
    var iterator = Fail<Int, TestError>(error: TestError(code: 2)).values(bufferingPolicy: .unbounded)
      .makeAsyncIterator()
    do {
      _ = try await iterator.next()
      Issue.record("no failure")
    } catch {
      let typed: TestError = error  // typed throws: no cast
      #expect(typed == TestError(code: 2))
    }
  }

  @Test func aWaitingConsumerReceivesTheFailure() async throws {
    let upstream = TestPublisher<Int, TestError>()
    let sequence = upstream.values(bufferingPolicy: .bufferingOldest(0))
    let consumer = Task { () -> TestError? in
      var iterator = sequence.makeAsyncIterator()
      do throws(TestError) {
        _ = try await iterator.next()
        return nil
      } catch {
        return error
      }
    }
    try await waitUntil { upstream.requests == [.max(1)] }
    upstream.send(completion: .failure(TestError(code: 3)))
    #expect(await consumer.value == TestError(code: 3))
  }

  @Test func aForAwaitLoopRethrowsTheFailure() async {
    var received: [Int] = []
    let failing = [1, 2].publisher.setFailureType(to: TestError.self).append(Fail(error: TestError(code: 4)))
    await #expect(throws: TestError(code: 4)) {
      for try await value in failing.values(bufferingPolicy: .bufferingNewest(5)) {
        received.append(value)
      }
    }
    #expect(received == [1, 2])
  }

  // MARK: Cancellation and lifetime

  @Test func cancellingTheTaskCancelsTheSubscriptionAndEndsTheLoop() async throws {
    let upstream = TestPublisher<Int, Never>()
    let received = Lock<[Int]>([])
    let loop = Task {
      for await value in upstream.values(bufferingPolicy: .unbounded) {
        received.withLock { $0.append(value) }
      }
    }
    // Its request, not the subscription count: the count rises before the
    // subscriber has its subscription, and a value sent then is dropped.
    try await waitUntil { upstream.requests == [.unlimited] }
    upstream.send(1)
    try await waitUntil { received.withLock { $0 } == [1] }

    loop.cancel()
    await loop.value
    #expect(upstream.cancellations == 1)
    #expect(!upstream.hasSubscribers)
  }

  @Test func anAlreadyCancelledTaskGetsNilAndCancelsTheSubscription() async {
    let upstream = TestPublisher<Int, Never>()
    let task = Task {
      withUnsafeCurrentTask { $0?.cancel() }
      var iterator = upstream.values(bufferingPolicy: .unbounded).makeAsyncIterator()
      upstream.send(1)  // buffered, then discarded by the cancellation
      return await iterator.next()
    }
    #expect(await task.value == nil)
    #expect(upstream.cancellations == 1)
  }

  @Test func leavingTheLoopCancelsTheSubscription() async {
    let upstream = TestPublisher<Int, Never>()
    let sequence = upstream.values(bufferingPolicy: .unbounded)
    var iterator: BufferedAsyncPublisher<TestPublisher<Int, Never>>.Iterator? = sequence.makeAsyncIterator()
    upstream.send(1)
    #expect(await iterator?.next() == 1)
    iterator = nil
    #expect(upstream.cancellations == 1)
    #expect(!upstream.hasSubscribers)
  }

  @Test func releasesTheUpstreamAndTheBufferedValues() async {
    weak var weakSubject: PassthroughSubject<Token, Never>?
    weak var weakToken: Token?
    var iterator: BufferedAsyncPublisher<PassthroughSubject<Token, Never>>.Iterator?
    do {
      let subject = PassthroughSubject<Token, Never>()
      weakSubject = subject
      iterator = subject.values(bufferingPolicy: .unbounded).makeAsyncIterator()
      let token = Token()
      weakToken = token
      subject.send(token)
    }
    #expect(weakToken != nil)  // buffered
    #expect(weakSubject != nil && iterator != nil)
    iterator = nil
    #expect(weakToken == nil)
    #expect(weakSubject == nil)
  }

  @Test func releasesTheUpstreamOnceFinished() async {
    weak var weakSubject: PassthroughSubject<Int, Never>?
    var iterator: BufferedAsyncPublisher<PassthroughSubject<Int, Never>>.Iterator?
    do {
      let subject = PassthroughSubject<Int, Never>()
      weakSubject = subject
      iterator = subject.values(bufferingPolicy: .bufferingNewest(1)).makeAsyncIterator()
      subject.send(completion: .finished)
    }
    #expect(await iterator?.next() == nil)
    #expect(weakSubject == nil)
    _ = iterator
  }

  // MARK: Broadcast

  @Test func everyConsumerOfASubjectReceivesEveryValue() async throws {
    let subject = PassthroughSubject<Int, Never>()
    let count = 10_000
    let ready = Counter()
    let consumers = (0..<3).map { _ in
      Task {
        var iterator = subject.values(bufferingPolicy: .unbounded).makeAsyncIterator()
        ready.increment()
        var received: [Int] = []
        received.reserveCapacity(count)
        while let value = await iterator.next() { received.append(value) }
        return received
      }
    }
    try await waitUntil { ready.value == consumers.count }

    for value in 0..<count { subject.send(value) }  // back to back, no await between
    subject.send(completion: .finished)

    for consumer in consumers {
      #expect(await consumer.value == Array(0..<count))
    }
  }

  @Test func concurrentSendersLoseNothingUnderUnbounded() async throws {
    let subject = PassthroughSubject<Int, Never>()
    let ready = Counter()
    let consumers = (0..<2).map { _ in
      Task {
        var iterator = subject.values(bufferingPolicy: .unbounded).makeAsyncIterator()
        ready.increment()
        var received: [Int] = []
        while let value = await iterator.next() { received.append(value) }
        return received
      }
    }
    try await waitUntil { ready.value == consumers.count }

    Race(threads: 4).run { thread, _ in
      for value in (thread * 2_500)..<((thread + 1) * 2_500) { subject.send(value) }
    }
    subject.send(completion: .finished)

    for consumer in consumers {
      #expect(await consumer.value.sorted() == Array(0..<10_000))
    }
  }

  @Test func isSendableWhenThePublisherIs() {
    let sequence: any Sendable = PassthroughSubject<Int, Never>().values(bufferingPolicy: .unbounded)
    _ = sequence
  }
}
