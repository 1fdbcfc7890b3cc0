import Foundation
import FoundationTraits
import ReactiveCore
import SingleTraits
import TestSupport
import Testing
import TraitsTesting

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The examples of Docs/Testing.md, as written, each followed by the checks
/// its comments state. The page's marble examples share one scheduler; here
/// each test makes its own.
@Suite struct TestingGuideTests {
  @Test func recordTheEvents() {
    let recorder = [1, 2].publisher.record()
    // recorder.events == [.subscription, .value(1), .value(2), .finished]
    // recorder.values == [1, 2]
    // recorder.completion == .finished
    #expect(recorder.events == [.subscription, .value(1), .value(2), .finished])
    #expect(recorder.values == [1, 2])
    #expect(recorder.completion == .finished)
  }

  @Test func demandIsYours() {
    let oneAtATime = [1, 2, 3].publisher.record(demand: .max(1))
    // oneAtATime.values == [1]
    oneAtATime.request(.max(2))
    // oneAtATime.events == [.subscription, .value(1), .value(2), .value(3), .finished]
    #expect(oneAtATime.events == [.subscription, .value(1), .value(2), .value(3), .finished])

    let before = [1, 2, 3].publisher.record(demand: .max(1))
    #expect(before.values == [1])
  }

  @Test func awaitingAnotherThread() async throws {
    let onAnotherThread = Just(5).receive(on: DispatchQueue.global()).record()
    let value = try await onAnotherThread.next()  // 5
    let completion = try await onAnotherThread.awaitCompletion()  // .finished
    #expect(value == 5)
    #expect(completion == .finished)
  }

  @Test func driveTheUpstream() {
    let upstream = TestPublisher<Int, Never>()
    let mapped = upstream.map { $0 * 10 }.record(demand: .max(2))
    // upstream.requests == [.max(2)]
    _ = upstream.send(1)
    // mapped.values == [10]
    mapped.cancel()
    // upstream.cancellations == 1
    #expect(upstream.requests == [.max(2)])
    #expect(mapped.values == [10])
    #expect(upstream.cancellations == 1)
  }

  @Test func controlTime() {
    let scheduler = VirtualTimeScheduler()
    let subject = PassthroughSubject<String, Never>()
    let debounced = subject.debounce(for: .seconds(1), scheduler: scheduler).record()
    subject.send("h")
    scheduler.advance(by: .milliseconds(500))
    subject.send("he")
    scheduler.advance(by: .seconds(1))
    // debounced.values == ["he"]
    #expect(debounced.values == ["he"])
  }

  @Test func clockForAsyncCode() async throws {
    let clock = TestClock()
    let reminder = Task {
      try await clock.sleep(for: .seconds(30))
      return "time to stand up"
    }
    try await waitUntil { clock.sleepCount == 1 }  // the task sleeps
    clock.advance(by: .seconds(30))
    let message = try await reminder.value  // "time to stand up"
    #expect(message == "time to stand up")
  }

  @Test func marbleComparison() {
    let scheduler = VirtualTimeScheduler()
    let input = scheduler.cold("--a--b--|", values: ["a": 1, "b": 2])
    let result = scheduler.compareMarbles(of: input.map { $0 * 10 }, with: "--a--b--|", values: ["a": 10, "b": 20])
    // result.matches == true
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
    let marbles = scheduler.recordMarbles(of: Just(1).delay(for: .seconds(2), scheduler: scheduler))
    scheduler.advance(by: .seconds(4))
    // marbles.render() == "--(o|)"
    #expect(marbles.render() == "--(o|)")
  }

  @Test func marblesOfATrait() {
    let scheduler = VirtualTimeScheduler()
    let answer = scheduler.cold("---a|", values: ["a": 42]).first()
    let answerComparison = scheduler.compareMarbles(of: answer, with: "---(a|)", values: ["a": 42])
    // answerComparison.matches == true
    #expect(answerComparison.matches, "\(answerComparison)")
  }

  @Test func singleAndMaybeDiagrams() {
    let scheduler = VirtualTimeScheduler()
    let profile: AnySinglePublisher<String, Never> = scheduler.coldSingle("---(a|)", values: ["a": "Ada"])
      .eraseToAnySinglePublisher()
    let profileRecorder = profile.record()
    scheduler.advance(by: .seconds(3))
    // profileRecorder.events == [.subscription, .value("Ada"), .finished]
    #expect(profileRecorder.events == [.subscription, .value("Ada"), .finished])
  }

  @Test func validatingADiagram() throws {
    let printed = Collector<String>()
    @Sendable func print(_ item: Any) { printed.append("\(item)") }  // what the page's print shows

    let diagram = try MarbleDiagram<Int, Never>("--|")
    do {
      try diagram.validate(.single)
    } catch {
      print(error.problem)  // finishedWithoutValue(frame: 2)
    }
    #expect(printed.all == ["finishedWithoutValue(frame: 2)"])
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
    let printed = Collector<String>()
    @Sendable func print(_ item: Any) { printed.append("\(item)") }  // what the page's print shows

    let scheduler = VirtualTimeScheduler()
    let late = scheduler.cold("--a----b|", values: ["a": 1, "b": 2])
    print(scheduler.compareMarbles(of: late, with: "--a--b--|", values: ["a": 1, "b": 2]))
    #expect(printed.all == ["expected: --a--b--|\nactual:   --a----b|"])
  }

  @Test func aMissingEvent() {
    let printed = Collector<String>()
    @Sendable func print(_ item: Any) { printed.append("\(item)") }  // what the page's print shows

    let scheduler = VirtualTimeScheduler()
    let endless = scheduler.cold("--a---", values: ["a": 1])
    print(scheduler.compareMarbles(of: endless, with: "--a--|", values: ["a": 1]))
    #expect(printed.all == ["expected: --a--|\nactual:   --a---"])
  }

  @Test func aWrongValue() {
    let printed = Collector<String>()
    @Sendable func print(_ item: Any) { printed.append("\(item)") }  // what the page's print shows

    let scheduler = VirtualTimeScheduler()
    let offByOne = scheduler.cold("--a--|", values: ["a": 1]).map { $0 + 1 }
    print(scheduler.compareMarbles(of: offByOne, with: "--a--|", values: ["a": 1]))
    #expect(
      printed.all.first == """
        expected: --a--|
        actual:   --?--|
        expected events: value(1) at 2s, finished at 5s
        actual events:   value(2) at 2s, finished at 5s
        """
    )
  }

  @Test func completionOfAnAnyErrorPublisher() async throws {
    let untyped = Just(5).setFailureType(to: (any Error).self).receive(on: DispatchQueue.global()).record()
    let finished = try await untyped.awaitCompletion().isFinished  // true
    // untyped.failure == nil
    #expect(finished)
    #expect(untyped.failure == nil)
  }

  @Test func describedEvents() {
    let timedOut = Fail<Int, any Error>(error: URLError(.timedOut)).record()
    // timedOut.describedEvents == [.subscription, .failure(DescribedError(URLError(.timedOut)))]
    // timedOut.failure as? URLError == URLError(.timedOut)
    #expect(timedOut.describedEvents == [.subscription, .failure(DescribedError(URLError(.timedOut)))])
    #expect(timedOut.failure as? URLError == URLError(.timedOut))
  }

  @Test func marblesOfAnAnyErrorPublisher() {
    let scheduler = VirtualTimeScheduler()
    let service: AnyPublisher<Int, any Error> = scheduler.cold("-a-x", values: ["a": 1], error: URLError(.timedOut))
      .mapError { $0 as any Error }
      .eraseToAnyPublisher()
    let comparison = scheduler.compareMarbles(of: service, with: "-a-x", values: ["a": 1], error: URLError(.timedOut)) {
      "\($0)" == "\($1)"
    }
    // comparison.matches == true
    #expect(comparison.matches, "\(comparison)")
  }

  @Test func aSchedulerWithoutGenerics() {
    struct SearchService: Sendable {
      let scheduler: AnyDispatchQueueScheduler

      func suggestions(for queries: some Publisher<String, Never>) -> some Publisher<String, Never> {
        queries.debounce(for: .milliseconds(300), scheduler: scheduler)
      }
    }

    let virtualTime = VirtualTimeScheduler()
    let search = SearchService(scheduler: .virtual(virtualTime))
    let queries = PassthroughSubject<String, Never>()
    let suggestions = search.suggestions(for: queries).record()
    queries.send("s")
    virtualTime.advance(by: .milliseconds(200))
    queries.send("sw")
    virtualTime.advance(by: .milliseconds(300))
    // suggestions.values == ["sw"]
    #expect(suggestions.values == ["sw"])
  }

  @Test func realHTTPServer() async throws {
    let server = try TestHTTPServer { request in
      request.path == "/hello" ? .init(status: 200, body: Data("hi".utf8)) : .init(status: 404)
    }
    defer { server.stop() }
    let hello = URLSession.shared.dataTaskPublisher(for: server.url(path: "/hello"))
      .map { String(decoding: $0.data, as: UTF8.self) }
      .record()
    let body = try await hello.next()  // "hi"
    #expect(body == "hi")
  }
}
