import Foundation
import FoundationTraits
import MaybeTraits
import ReactiveCore
import Testing
import TraitsTesting

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

private func isMaybe(_: some MaybePublisher) -> Bool { true }
private func isMaybe(_: some Publisher) -> Bool { false }

@Suite struct ValidateHTTPStatusTests {
  private let session = URLSession(configuration: .ephemeral)

  @Test func passesAnAcceptedAnswerUnchanged() async throws {
    let server = try TestHTTPServer { _ in .init(status: 200, body: Data("hello".utf8)) }
    defer { server.stop() }
    let recorder = session.dataTaskPublisher(for: server.url(path: "/greeting")).validateHTTPStatus().record()
    let (data, response) = try await recorder.next()
    #expect(try await recorder.awaitCompletion().isFinished)
    #expect(data == Data("hello".utf8))
    #expect((response as? HTTPURLResponse)?.statusCode == 200)
    #expect(recorder.values.count == 1)
  }

  @Test(arguments: [404, 500])
  func failsOnAnErrorStatusWithTheStatusResponseAndBody(status: Int) async throws {
    let server = try TestHTTPServer { _ in .init(status: status, body: Data("nope".utf8)) }
    defer { server.stop() }
    let url = server.url(path: "/missing")
    let recorder = session.dataTaskPublisher(for: url).validateHTTPStatus().record()

    let completion = try await recorder.awaitCompletion()
    guard case let .failure(.status(error)) = completion else {
      Issue.record("expected a status failure, got \(completion)")
      return
    }
    #expect(recorder.values.isEmpty)
    #expect(recorder.events.count == 2)  // subscription, failure
    #expect(error.statusCode == status)
    #expect(error.response.statusCode == status)
    #expect(error.response.url == url)
    #expect(error.data == Data("nope".utf8))
    #expect(error.acceptedStatusCodes == 200..<300)
    let meaning = HTTPURLResponse.localizedString(forStatusCode: status)
    #expect("\(error)" == "HTTP status \(status) (\(meaning)) is not in 200..<300, for \(url.absoluteString)")
    #expect("\(HTTPRequestError<URLError>.status(error))" == "\(error)")
  }

  @Test func acceptsACustomRange() async throws {
    let server = try TestHTTPServer { request in .init(status: request.path == "/gone" ? 410 : 304) }
    defer { server.stop() }
    let redirect = session.dataTaskPublisher(for: server.url(path: "/cached")).validateHTTPStatus(200..<400).record()
    let (_, response) = try await redirect.next()
    #expect((response as? HTTPURLResponse)?.statusCode == 304)
    #expect(try await redirect.awaitCompletion().isFinished)

    let gone = session.dataTaskPublisher(for: server.url(path: "/gone")).validateHTTPStatus(200...399).record()
    let completion = try await gone.awaitCompletion()
    guard case let .failure(.status(error)) = completion else {
      Issue.record("expected a status failure, got \(completion)")
      return
    }
    #expect(error.statusCode == 410)
    #expect(error.acceptedStatusCodes == 200..<400)
  }

  @Test func wrapsTheDataTasksOwnFailure() async throws {
    let server = try TestHTTPServer { _ in .init() }
    let url = server.url(path: "/")
    server.stop()  // the port was bound, and is closed now
    let recorder = session.dataTaskPublisher(for: url).validateHTTPStatus().record()
    let completion = try await recorder.awaitCompletion()
    guard case let .failure(.upstream(error)) = completion else {
      Issue.record("expected an upstream failure, got \(completion)")
      return
    }
    #expect(error.code == .cannotConnectToHost)
    #expect("\(HTTPRequestError.upstream(error))" == "\(error)")
  }

  @Test func aResponseThatIsNotHTTPPasses() throws {
    let url = try #require(URL(string: "file:///tmp/answer.txt"))
    let response = URLResponse(url: url, mimeType: "text/plain", expectedContentLength: 2, textEncodingName: nil)
    let answer: (data: Data, response: URLResponse) = (Data("42".utf8), response)
    let recorder = Just(answer).validateHTTPStatus().record()
    #expect(recorder.values.map(\.data) == [Data("42".utf8)])
    #expect(recorder.isFinished)
  }

  @Test func worksAfterOtherOperatorsOfTheChain() throws {
    let url = try #require(URL(string: "http://example.com/"))
    let response = try #require(HTTPURLResponse(url: url, statusCode: 503, httpVersion: nil, headerFields: nil))
    let answer: (data: Data, response: URLResponse) = (Data(), response)
    let subject = PassthroughSubject<(data: Data, response: URLResponse), URLError>()
    let recorder = subject.receive(on: ImmediateScheduler.shared).validateHTTPStatus().record()
    subject.send(answer)
    guard case .failure(.status(let error))? = recorder.completion else {
      Issue.record("expected a status failure, got \(String(describing: recorder.completion))")
      return
    }
    #expect(error.statusCode == 503)
    #expect(recorder.values.isEmpty)
  }

  @Test func keepsTheMaybeTrait() {
    let session = URLSession(configuration: .ephemeral)
    let url = URL(fileURLWithPath: "/")
    #expect(isMaybe(session.dataTaskPublisher(for: url).validateHTTPStatus()))
    #expect(!isMaybe(PassthroughSubject<(data: Data, response: URLResponse), Never>().validateHTTPStatus()))
  }
}
