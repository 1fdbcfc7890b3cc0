import Foundation
import ReactiveCore
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
