import Foundation
import FoundationTraits
import ReactiveCore
import SingleTraits
import Testing
import TraitsTesting

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The examples of Docs/Testing.md, as written.
@Suite struct TestingGuideTests {
  @Test func recordTheEvents() {
    let recorder = [1, 2].publisher.record()
    #expect(recorder.events == [.subscription, .value(1), .value(2), .finished])
    #expect(recorder.values == [1, 2])
    #expect(recorder.completion == .finished)
  }

  @Test func demandIsYours() {
    let recorder = [1, 2, 3].publisher.record(demand: .max(1))
    #expect(recorder.values == [1])
    recorder.request(.max(2))
    #expect(recorder.events == [.subscription, .value(1), .value(2), .value(3), .finished])
  }

  @Test func awaitingAnotherThread() async throws {
    let recorder = Just(5).receive(on: DispatchQueue.global()).record()
    #expect(try await recorder.next() == 5)
    #expect(try await recorder.awaitCompletion() == .finished)
  }

  @Test func driveTheUpstream() {
    let upstream = TestPublisher<Int, Never>()
    let recorder = upstream.map { $0 * 10 }.record(demand: .max(2))
    #expect(upstream.requests == [.max(2)])
    _ = upstream.send(1)
    #expect(recorder.values == [10])
    recorder.cancel()
    #expect(upstream.cancellations == 1)
  }

  @Test func controlTime() {
    let scheduler = VirtualTimeScheduler()
    let subject = PassthroughSubject<String, Never>()
    let recorder = subject.debounce(for: .seconds(1), scheduler: scheduler).record()
    subject.send("h")
    scheduler.advance(by: .milliseconds(500))
    subject.send("he")
    scheduler.advance(by: .seconds(1))
    #expect(recorder.values == ["he"])
  }

  @Test func clockForAsyncCode() async throws {
    let clock = TestClock()
    let reminder = Task {
      try await clock.sleep(for: .seconds(30))
      return "time to stand up"
    }
    try await waitUntil { clock.sleepCount == 1 }  // the task sleeps
    clock.advance(by: .seconds(30))
    #expect(try await reminder.value == "time to stand up")
  }

  @Test func marbleComparison() {
    let scheduler = VirtualTimeScheduler()
    let input = scheduler.cold("--a--b--|", values: ["a": 1, "b": 2])
    let result = scheduler.compareMarbles(of: input.map { $0 * 10 }, with: "--a--b--|", values: ["a": 10, "b": 20])
    #expect(result.matches, "\(result)")
  }

  @Test func marbleComparisonFailureShowsBothDiagrams() {
    let scheduler = VirtualTimeScheduler()
    let input = scheduler.cold("--a----b|", values: ["a": 1, "b": 2])
    let result = scheduler.compareMarbles(of: input, with: "--a--b--|", values: ["a": 1, "b": 2])
    #expect(!result.matches)
    #expect("\(result)".contains("expected: --a--b--|\nactual:   --a----b|"))
  }

  @Test func recordMarbles() {
    let scheduler = VirtualTimeScheduler()
    let recorder = scheduler.recordMarbles(of: Just(1).delay(for: .seconds(2), scheduler: scheduler))
    scheduler.advance(by: .seconds(4))
    #expect(recorder.render() == "--(o|)")
  }

  @Test func marblesOfATrait() {
    let scheduler = VirtualTimeScheduler()
    let answer = scheduler.cold("---a|", values: ["a": 42]).first()
    let result = scheduler.compareMarbles(of: answer, with: "---(a|)", values: ["a": 42])
    #expect(result.matches, "\(result)")
  }

  @Test func singleAndMaybeDiagrams() {
    let scheduler = VirtualTimeScheduler()
    let profile: AnySinglePublisher<String, Never> = scheduler.coldSingle("---(a|)", values: ["a": "Ada"])
      .eraseToAnySinglePublisher()
    let recorder = profile.record()
    scheduler.advance(by: .seconds(3))
    #expect(recorder.events == [.subscription, .value("Ada"), .finished])
  }

  @Test func validatingADiagram() throws {
    let diagram = try MarbleDiagram<Int, Never>("--|")
    #expect(throws: MarbleSyntaxError(diagram: "--|", offset: 2, problem: .finishedWithoutValue(frame: 2))) {
      try diagram.validate(.single)
    }
  }

  @Test func theTraitRuleTrapMessage() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      _ = VirtualTimeScheduler().coldSingle("-a-b|", values: ["a": 1, "b": 2])
    }
    let standardError = result.map { String(decoding: $0.standardErrorContent, as: UTF8.self) } ?? ""
    #expect(
      standardError.contains(
        #"API violation: invalid marble diagram "-a-b|": the value at offset 3 is a second value; a single publishes one value at most"#
      )
    )
  }

  @Test func aLateEvent() {
    let scheduler = VirtualTimeScheduler()
    let late = scheduler.cold("--a----b|", values: ["a": 1, "b": 2])
    let result = scheduler.compareMarbles(of: late, with: "--a--b--|", values: ["a": 1, "b": 2])
    #expect("\(result)" == "expected: --a--b--|\nactual:   --a----b|")
  }

  @Test func aMissingEvent() {
    let scheduler = VirtualTimeScheduler()
    let endless = scheduler.cold("--a---", values: ["a": 1])
    let result = scheduler.compareMarbles(of: endless, with: "--a--|", values: ["a": 1])
    #expect("\(result)" == "expected: --a--|\nactual:   --a---")
  }

  @Test func aWrongValue() {
    let scheduler = VirtualTimeScheduler()
    let offByOne = scheduler.cold("--a--|", values: ["a": 1]).map { $0 + 1 }
    let result = scheduler.compareMarbles(of: offByOne, with: "--a--|", values: ["a": 1])
    #expect(
      "\(result)" == """
        expected: --a--|
        actual:   --?--|
        expected events: value(1) at 2s, finished at 5s
        actual events:   value(2) at 2s, finished at 5s
        """
    )
  }

  @Test func completionOfAnAnyErrorPublisher() async throws {
    let recorder = Just(5).setFailureType(to: (any Error).self).receive(on: DispatchQueue.global()).record()
    #expect(try await recorder.awaitCompletion().isFinished)
    #expect(recorder.failure == nil)
  }

  @Test func describedEvents() {
    let recorder = Fail<Int, any Error>(error: URLError(.timedOut)).record()
    #expect(recorder.describedEvents == [.subscription, .failure(DescribedError(URLError(.timedOut)))])
    #expect(recorder.failure as? URLError == URLError(.timedOut))
  }

  @Test func marblesOfAnAnyErrorPublisher() {
    let scheduler = VirtualTimeScheduler()
    let service: AnyPublisher<Int, any Error> = scheduler.cold("-a-x", values: ["a": 1], error: URLError(.timedOut))
      .mapError { $0 as any Error }
      .eraseToAnyPublisher()
    let result = scheduler.compareMarbles(of: service, with: "-a-x", values: ["a": 1], error: URLError(.timedOut)) {
      "\($0)" == "\($1)"
    }
    #expect(result.matches, "\(result)")
  }

  @Test func aSchedulerWithoutGenerics() {
    struct SearchService: Sendable {
      let scheduler: AnyDispatchQueueScheduler

      func suggestions(for queries: some Publisher<String, Never>) -> some Publisher<String, Never> {
        queries.debounce(for: .milliseconds(300), scheduler: scheduler)
      }
    }

    let scheduler = VirtualTimeScheduler()
    let service = SearchService(scheduler: .virtual(scheduler))
    let queries = PassthroughSubject<String, Never>()
    let recorder = service.suggestions(for: queries).record()
    queries.send("s")
    scheduler.advance(by: .milliseconds(200))
    queries.send("sw")
    scheduler.advance(by: .milliseconds(300))
    #expect(recorder.values == ["sw"])
  }

  @Test func realHTTPServer() async throws {
    let server = try TestHTTPServer { request in
      request.path == "/hello" ? .init(status: 200, body: Data("hi".utf8)) : .init(status: 404)
    }
    defer { server.stop() }
    let recorder = URLSession.shared.dataTaskPublisher(for: server.url(path: "/hello"))
      .map { String(decoding: $0.data, as: UTF8.self) }
      .record()
    #expect(try await recorder.next() == "hi")
  }
}
