import Foundation
import FoundationTraits
import MaybeTraits
import ReactiveCore
import SharedMachinery
import SingleTraits
import Testing
import TraitsTesting

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

private func isSingle(_: some SinglePublisher) -> Bool { true }
private func isSingle(_: some Publisher) -> Bool { false }

/// validateHTTPStatus keeps a data task single: sinkSingle and
/// eraseToAnySinglePublisher accept it.
@Suite struct ValidateHTTPStatusSingleTests {
  @Test func aValidatedDataTaskIsSingle() {
    let session = URLSession(configuration: .ephemeral)
    let url = URL(fileURLWithPath: "/")
    #expect(isSingle(session.dataTaskPublisher(for: url).validateHTTPStatus()))
    #expect(isSingle(session.dataTaskPublisher(for: url).validateHTTPStatus(200...204).map(\.data)))
    #expect(!isSingle(PassthroughSubject<(data: Data, response: URLResponse), Never>().validateHTTPStatus()))
  }

  @Test func aNotFoundFailsTheSingle() async throws {
    let server = try TestHTTPServer { request in
      request.path == "/profile" ? .init(status: 200, body: Data("Ada".utf8)) : .init(status: 404)
    }
    defer { server.stop() }
    let session = URLSession(configuration: .ephemeral)
    func name(_ path: String) -> AnySinglePublisher<String, HTTPRequestError<URLError>> {
      session.dataTaskPublisher(for: server.url(path: path))
        .validateHTTPStatus()
        .map { String(decoding: $0.data, as: UTF8.self) }
        .eraseToAnySinglePublisher()
    }

    let found = name("/profile").record()
    #expect(try await found.next() == "Ada")
    #expect(try await found.awaitCompletion().isFinished)

    let results = Lock<[String]>([])
    let cancellable = name("/nobody").sinkSingle { result in
      results.withLock {
        switch result {
        case let .success(name): $0.append("success \(name)")
        case let .failure(.status(error)): $0.append("status \(error.statusCode)")
        case .failure(.upstream): $0.append("upstream")
        }
      }
    }
    try await waitUntil { !results.withLock { $0.isEmpty } }
    #expect(results.withLock { $0 } == ["status 404"])
    cancellable.cancel()
  }

  /// The example of Docs/ReactiveCore.md ("HTTP status"), as written.
  @Test func theDocumentedExample() async throws {
    func profile(at url: URL) -> AnySinglePublisher<Data, HTTPRequestError<URLError>> {
      URLSession.shared.dataTaskPublisher(for: url)
        .validateHTTPStatus()  // or .validateHTTPStatus(200..<400)
        .map(\.data)
        .eraseToAnySinglePublisher()
    }

    let server = try TestHTTPServer { request in
      request.path == "/ada" ? .init(status: 200, body: Data("Ada".utf8)) : .init(status: 404)
    }
    defer { server.stop() }
    let found = profile(at: server.url(path: "/ada")).record()
    #expect(try await found.next() == Data("Ada".utf8))
    #expect(try await found.awaitCompletion().isFinished)
    let missing = profile(at: server.url(path: "/nobody")).record()
    let completion = try await missing.awaitCompletion()
    #expect("\(completion.failure.map(String.init(describing:)) ?? "")".hasPrefix("HTTP status 404 ("))
  }
}
