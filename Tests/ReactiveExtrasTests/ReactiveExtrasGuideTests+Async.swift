import ReactiveCore
import ReactiveExtras
import Testing
import TraitsTesting

/// The examples of Docs/ReactiveExtras.md's asynchronous sections, byte for
/// byte (Scripts/check-doc-examples.pl), each followed by its checks.
@Suite struct ReactiveExtrasAsyncGuideTests {
  @Test func everyConsumerOfASubjectReceivesEveryValue() async {
    func auditAndCount() async -> (audited: [Int], counted: Int) {
      let events = PassthroughSubject<Int, Never>()
      var audit = events.values(bufferingPolicy: .unbounded).makeAsyncIterator()  // subscribes
      var metrics = events.values(bufferingPolicy: .unbounded).makeAsyncIterator()
      for event in 1...3 { events.send(event) }
      events.send(completion: .finished)

      var audited: [Int] = []
      while let event = await audit.next() { audited.append(event) }
      var counted = 0
      while await metrics.next() != nil { counted += 1 }
      return (audited, counted)  // ([1, 2, 3], 3)
    }

    let (audited, counted) = await auditAndCount()
    #expect(audited == [1, 2, 3])
    #expect(counted == 3)
  }

  @Test func bufferingNewestKeepsTheLatest() async {
    func latestTemperature() async -> Double? {
      let temperature = PassthroughSubject<Double, Never>()
      var readings = temperature.values(bufferingPolicy: .bufferingNewest(1)).makeAsyncIterator()
      temperature.send(20.5)
      temperature.send(21.0)  // replaces 20.5, which nobody has read
      return await readings.next()  // 21.0
    }

    #expect(await latestTemperature() == 21.0)
  }

  @Test func anAsyncSequenceIsPulledAsDemandArrives() async throws {
    let (lines, continuation) = AsyncStream.makeStream(of: String.self)
    let shouted = lines.publisher.map { $0.uppercased() }
    let recorder = shouted.record(demand: .max(1))  // pulls one line, then waits for demand
    continuation.yield("hello")
    continuation.yield("world")  // stays in the stream until more demand
    continuation.finish()

    #expect(try await recorder.next() == "HELLO")
    #expect(recorder.events == [.subscription, .value("HELLO")])
    recorder.request(.max(1))
    #expect(try await recorder.next() == "WORLD")
    recorder.request(.max(1))
    #expect(try await recorder.awaitCompletion() == .finished)
  }

  @Test func aServiceTakesAnyClock() async throws {
    struct Heartbeat<C: Clock>: Sendable where C.Duration == Duration {
      let scheduler: ClockScheduler<C>

      func beat(_ value: Int) -> some Publisher<Int, Never> {
        Just(value).delay(for: .seconds(1), scheduler: scheduler)
      }
    }

    let live = Heartbeat(scheduler: ClockScheduler(clock: ContinuousClock()))
    _ = live

    let clock = TestClock()
    let tested = Heartbeat(scheduler: ClockScheduler(clock: clock))
    let beats = tested.beat(7).record()
    clock.advance(by: .seconds(1))  // the beat is due: it is published

    #expect(try await beats.awaitCompletion() == .finished)
    #expect(beats.events == [.subscription, .value(7), .finished])
  }
}
