import Foundation
import ReactiveCore
import ReactiveCoreFoundation
import SharedMachinery
import Testing
import TraitsTesting

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

@Suite struct DataTaskPublisherTests {
  private let session = URLSession(configuration: .ephemeral)

  @Test func publishesTheBodyAndTheResponse() async throws {
    let server = try TestHTTPServer { request in
      .init(status: 200, headers: ["X-Path": request.path], body: Data("hello".utf8))
    }
    let recorder = session.dataTaskPublisher(for: server.url(path: "/greeting")).record()
    let (data, response) = try await recorder.next()
    #expect(try await recorder.awaitCompletion() == .finished)
    #expect(String(decoding: data, as: UTF8.self) == "hello")
    let http = try #require(response as? HTTPURLResponse)
    #expect(http.statusCode == 200)
    #expect(http.value(forHTTPHeaderField: "X-Path") == "/greeting")
    #expect(recorder.values.count == 1)
  }

  @Test(arguments: [404, 500])
  func anHTTPErrorStatusIsAValue(status: Int) async throws {
    let server = try TestHTTPServer { _ in .init(status: status, body: Data("nope".utf8)) }
    var request = URLRequest(url: server.url(path: "/missing"))
    request.httpMethod = "POST"
    request.httpBody = Data("payload".utf8)
    let recorder = session.dataTaskPublisher(for: request).record()
    let (data, response) = try await recorder.next()
    #expect(try await recorder.awaitCompletion() == .finished)
    #expect((response as? HTTPURLResponse)?.statusCode == status)
    #expect(data == Data("nope".utf8))
    // Requests are recorded on arrival; an exchange only after the answer
    // is written, which may be after the client has read it.
    let received = try #require(server.requests.first)
    #expect(received.method == "POST")
    #expect(received.body == Data("payload".utf8))
  }

  @Test func aRefusedConnectionFailsWithAURLError() async throws {
    let server = try TestHTTPServer { _ in .init() }
    let url = server.url(path: "/")
    server.stop()  // the port was bound, and is closed now
    let recorder = session.dataTaskPublisher(for: url).record()
    let completion = try await recorder.awaitCompletion()
    guard case let .failure(error) = completion else {
      Issue.record("expected a failure, got \(completion)")
      return
    }
    #expect(error.code == .cannotConnectToHost)
    #expect(recorder.values.isEmpty)
  }

  @Test func startsTheTaskOnTheFirstDemandOnly() async throws {
    let server = try TestHTTPServer { _ in .init(body: Data("x".utf8)) }
    let recorder = session.dataTaskPublisher(for: server.url()).record(demand: .none)
    try await Task.sleep(for: .milliseconds(50))
    #expect(server.requests.isEmpty)
    recorder.request(.max(1))
    _ = try await recorder.next()
    #expect(server.requests.count == 1)
  }

  @Test func cancellingAbandonsTheRequest() async throws {
    // The server would answer after 20 s: the cancelled task closes the
    // connection long before, even on a loaded machine, and the server sees it.
    let server = try TestHTTPServer { _ in .init(body: Data("late".utf8), delay: .seconds(20)) }
    let recorder = session.dataTaskPublisher(for: server.url(path: "/slow")).record()
    #expect(await server.waitForRequests(count: 1).count == 1)
    recorder.cancel()
    let exchanges = await server.waitForExchanges(count: 1, timeout: .seconds(25))
    #expect(exchanges.map(\.outcome) == [.abandoned])
    #expect(exchanges.first?.request.path == "/slow")
    #expect(recorder.subscription && recorder.values.isEmpty && recorder.completion == nil)
  }

  @Test func describesItsSubscription() throws {
    let server = try TestHTTPServer { _ in .init() }
    let probe = LifetimeProbe<URLSession.DataTaskPublisher.Output, URLError>(demand: .none)
    session.dataTaskPublisher(for: server.url()).subscribe(probe)
    #expect(String(describing: probe.subscription!) == "DataTaskPublisher")
    probe.subscription?.cancel()
  }

  // MARK: The completion handler's cases (as in Combine)

  @Test func aTaskThatEndsWithNeitherResponseNorErrorFailsWithUnknown() {
    guard case let .failure(error) = dataTaskResult(data: nil, response: nil, error: nil) else {
      Issue.record("a task without response nor error must fail")
      return
    }
    #expect(error.code == .unknown)
  }

  @Test func anErrorThatIsNotAURLErrorFailsWithUnknown() {
    guard case let .failure(error) = dataTaskResult(data: nil, response: nil, error: TestError(code: 1)) else {
      Issue.record("an error must fail")
      return
    }
    #expect(error.code == .unknown)
  }

  @Test func aURLErrorFailsAsIs() {
    let response = URLResponse(
      url: URL(string: "http://127.0.0.1/")!,
      mimeType: nil,
      expectedContentLength: 0,
      textEncodingName: nil
    )
    guard case let .failure(error) = dataTaskResult(data: Data(), response: response, error: URLError(.timedOut))
    else {
      Issue.record("an error must fail, even with a response")
      return
    }
    #expect(error.code == .timedOut)
  }

  @Test func aResponseWithoutDataIsAValueWithEmptyData() throws {
    let response = URLResponse(
      url: URL(string: "http://127.0.0.1/")!,
      mimeType: nil,
      expectedContentLength: 0,
      textEncodingName: nil
    )
    let (data, received) = try dataTaskResult(data: nil, response: response, error: nil).get()
    #expect(data.isEmpty)
    #expect(received === response)
  }

  @Test func resumesTheTaskAtEachRequestAsCombineDoes() {
    let session = LoggingSession(configuration: .ephemeral)
    let recorder = session.dataTaskPublisher(for: URL(string: "http://example.com")!).record(demand: .none)
    #expect(session.task.calls == [])

    recorder.request(.max(2))  // creates the task and resumes it
    recorder.request(.max(1))  // resumes it again
    #expect(session.task.calls == ["resume", "resume"])
    recorder.cancel()
    recorder.request(.max(1))
    #expect(session.task.calls == ["resume", "resume", "cancel"])
    #expect(session.tasksMade == 1)
    #expect(recorder.events.count == 1)  // the subscription only
  }
}

extension DataTaskPublisherTests {
  @Test func itsMirrorShowsTheDemandRequestedAsCombines() throws {
    let session = LoggingSession(configuration: .ephemeral)
    let probe = LifetimeProbe<(data: Data, response: URLResponse), URLError>(demand: .none)
    session.dataTaskPublisher(for: URL(string: "http://example.com")!).subscribe(probe)
    let subscription = try #require(probe.subscription)
    #expect(demand(of: subscription) == "max(0)")
    subscription.request(.max(2))
    subscription.request(.max(1))
    #expect(demand(of: subscription) == "max(3)")
    subscription.cancel()
    #expect(demand(of: subscription) == "max(0)")
  }

  private func demand(of subscription: any Subscription) -> String? {
    let mirror = (subscription as? any CustomReflectable)?.customMirror
    return mirror?.children.first { $0.label == "demand" }.map { "\($0.value)" }
  }
}

/// A data task that only logs what it is asked.
private final class LoggingTask: URLSessionDataTask, @unchecked Sendable {
  // @unchecked Sendable: the log is behind its lock.
  private let log = Lock<[String]>([])

  var calls: [String] { log.withLock { $0 } }

  override func resume() { log.withLock { $0.append("resume") } }

  override func cancel() { log.withLock { $0.append("cancel") } }
}

/// A session whose data tasks are one `LoggingTask`.
private final class LoggingSession: URLSession, @unchecked Sendable {
  // @unchecked Sendable: the count is behind its lock.
  let task = LoggingTask()
  private let made = Lock(0)

  var tasksMade: Int { made.withLock { $0 } }

  override func dataTask(
    with request: URLRequest,
    completionHandler: @escaping @Sendable (Data?, URLResponse?, (any Error)?) -> Void
  ) -> URLSessionDataTask {
    made.withLock { $0 += 1 }
    return task
  }
}
