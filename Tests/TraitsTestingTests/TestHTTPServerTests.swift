import Foundation
import Testing
import TraitsTesting

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

@Suite struct TestHTTPServerTests {
  /// Sends `request` with a fresh session and waits for its result.
  private func load(_ request: URLRequest) async throws -> (Data, HTTPURLResponse) {
    let session = URLSession(configuration: .ephemeral)
    defer { session.finishTasksAndInvalidate() }
    let (data, response) = try await session.data(for: request)
    return (data, try #require(response as? HTTPURLResponse))
  }

  @Test func answersWithTheHandlersResponse() async throws {
    let server = try TestHTTPServer { request in
      .init(status: 201, headers: ["X-Method": request.method], body: Data("got \(request.path)".utf8))
    }
    var request = URLRequest(url: server.url(path: "/items?page=2"))
    request.httpMethod = "PUT"
    request.httpBody = Data("body".utf8)
    request.setValue("yes", forHTTPHeaderField: "X-Test")
    let (data, response) = try await load(request)
    #expect(response.statusCode == 201)
    #expect(response.value(forHTTPHeaderField: "X-Method") == "PUT")
    #expect(String(decoding: data, as: UTF8.self) == "got /items?page=2")
    // The exchange is recorded once the answer is written, which may be
    // after the client has read it: wait for it.
    let exchange = try #require(await server.waitForExchanges(count: 1).first)
    #expect(exchange.request.headers["x-test"] == "yes")
    #expect(exchange.request.body == Data("body".utf8))
    #expect(exchange.outcome == .answered(status: 201))
    #expect(server.url(path: "/a").absoluteString == "http://127.0.0.1:\(server.port)/a")
  }

  @Test func stopRefusesLaterConnectionsAndIsIdempotent() async throws {
    let server = try TestHTTPServer { _ in .init() }
    server.stop()
    server.stop()
    await #expect(throws: (any Error).self) {
      _ = try await load(URLRequest(url: server.url()))
    }
  }

  @Test func deinitStopsTheServer() async throws {
    var server: TestHTTPServer? = try TestHTTPServer { _ in .init() }
    let url = server!.url()
    server = nil
    await #expect(throws: (any Error).self) {
      _ = try await load(URLRequest(url: url))
    }
  }
}
