// The server-shaped example, tested as its author would: a cancelled request
// stops all of its work, whatever the trait and failure type; listeners of a
// broadcast lose nothing; the building blocks of ReactiveExtras in use.

import ReactiveCore
import RequestLoop
import Synchronization
import Testing

@Suite struct RequestLoopTests {
  /// Latency long enough that only a cancel can end the work.
  static let slow = Duration.seconds(3600)

  @Test func aRequestGetsItsPage() async throws {
    let loop = RequestLoop(backend: WeatherBackend(clock: ContinuousClock(), latency: .milliseconds(5))) { "metric" }
    let page = try await loop.serve(Request(id: 1, city: "Paris")).value
    #expect(page.forecast == Forecast(city: "Paris", summary: "sunny"))
    #expect(page.alert == "storm")
    #expect(page.units == "metric")
    #expect(loop.backend.ledger.started == 9)
    #expect(loop.backend.ledger.cancelled == 0)
  }

  @Test func aCancelledRequestCancelsEveryCallItAwaits() async throws {
    let loop = RequestLoop(backend: WeatherBackend(clock: ContinuousClock(), latency: Self.slow)) { "metric" }
    let request = loop.serve(Request(id: 2, city: "Oslo"))
    while loop.backend.ledger.started < 9 { await Task.yield() }  // every call is running
    request.cancel()  // the client went away
    await #expect(throws: CancellationError.self) { try await request.value }
    // Typed, Never and any Error singles, maybes and completables: all nine stopped.
    #expect(loop.backend.ledger.cancelled == 9)
  }

  @Test func theSettingsAreLoadedOnceAndReplayedToEveryRequest() async throws {
    let loads = Locked(0)
    let loop = RequestLoop(backend: WeatherBackend(clock: ContinuousClock(), latency: .zero)) {
      loads.update { $0 += 1 }
      return "imperial"
    }
    for id in 1...3 {
      #expect(try await loop.serve(Request(id: id, city: "Lima")).value.units == "imperial")
    }
    #expect(loads.value == 1)
  }

  @Test func incomingRequestsAreTaggedWithTheLatestSettings() async throws {
    let loop = RequestLoop(backend: WeatherBackend(clock: ContinuousClock(), latency: .zero)) { "metric" }
    let (requests, accept) = AsyncStream.makeStream(of: Request.self)
    let settings = SettingsSource("metric")
    let tagged = loop.tagged(requests, settings: settings.subject)
    let received = Locked<[String]>([])
    let done = Locked(false)
    let cancellable = tagged.sink(
      receiveCompletion: { _ in done.update { $0 = true } },
      receiveValue: { request, units in received.update { $0.append("\(request.id) \(units)") } }
    )
    accept.yield(Request(id: 1, city: "Rome"))
    while received.value.count < 1 { await Task.yield() }
    settings.subject.send("imperial")
    accept.yield(Request(id: 2, city: "Rome"))
    accept.finish()
    while !done.value { await Task.yield() }
    #expect(received.value == ["1 metric", "2 imperial"])
    withExtendedLifetime(cancellable) {}
  }

  @Test func twoListenersEachReceiveEveryOneOfTenThousandEvents() async {
    let hub = EventHub()
    let ready = Locked(0)
    let listeners = (0..<2).map { _ in
      Task {
        var iterator = hub.listen().makeAsyncIterator()  // subscribed here
        ready.update { $0 += 1 }
        var count = 0
        var inOrder = true
        while let event = await iterator.next() {
          inOrder = inOrder && event.sequence == count
          count += 1
        }
        return (count, inOrder)
      }
    }
    while ready.value < 2 { await Task.yield() }
    for sequence in 0..<10_000 { hub.send(ServerEvent(sequence: sequence)) }  // back to back
    hub.finish()
    for listener in listeners {
      let (count, inOrder) = await listener.value
      #expect(count == 10_000)
      #expect(inOrder)
    }
  }

  @Test func aLateSubscriberGetsTheLatestEventReplayed() {
    let hub = EventHub()
    let early = Locked<[Int]>([])
    let late = Locked<[Int]>([])
    let first = hub.latest.sink { event in early.update { $0.append(event.sequence) } }
    hub.send(ServerEvent(sequence: 1))
    hub.send(ServerEvent(sequence: 2))
    let second = hub.latest.sink { event in late.update { $0.append(event.sequence) } }
    hub.send(ServerEvent(sequence: 3))
    #expect(early.value == [1, 2, 3])
    #expect(late.value == [2, 3])  // the latest event, replayed, then the live ones
    withExtendedLifetime((first, second)) {}
  }

  @Test func cancellingAListenerEndsItsLoop() async {
    let hub = EventHub()
    let ready = Locked(false)
    let listener = Task {
      var iterator = hub.listen().makeAsyncIterator()
      ready.update { $0 = true }
      var count = 0
      while await iterator.next() != nil { count += 1 }
      return count
    }
    while !ready.value { await Task.yield() }
    hub.send(ServerEvent(sequence: 0))
    listener.cancel()
    #expect(await listener.value <= 1)  // the loop ended without the hub finishing
  }
}

/// Settings a test changes while requests come in.
final class SettingsSource: Sendable {
  let subject: CurrentValueSubject<String, Never>

  init(_ initial: String) {
    subject = CurrentValueSubject(initial)
  }
}

/// A value that tasks and closures share, behind a lock.
final class Locked<Value: Sendable>: Sendable {
  private let mutex: Mutex<Value>

  init(_ value: Value) {
    mutex = Mutex(value)
  }

  var value: Value { mutex.withLock { $0 } }

  func update(_ body: (inout Value) -> Void) {
    mutex.withLock { body(&$0) }
  }
}
