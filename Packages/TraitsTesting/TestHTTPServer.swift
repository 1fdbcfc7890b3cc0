public import Foundation
import ReactiveCore
import SharedMachinery

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A tiny HTTP/1.1 server on 127.0.0.1, for tests and demos that need a
/// real peer for `URLSession`.
///
/// It listens on a port chosen by the system, answers each request with
/// what `handler` returns, one connection per request (`Connection:
/// close`, with a `Content-Length`), and records each exchange. A response
/// may wait before it is sent; if the client goes away meanwhile, the
/// exchange is recorded as abandoned and nothing is sent.
///
/// ```swift
/// let server = try TestHTTPServer { request in
///   .init(status: 200, body: Data("hello \(request.path)".utf8))
/// }
/// let recorder = URLSession.shared.dataTaskPublisher(for: server.url(path: "/world")).record()
/// ```
///
/// ``stop()`` closes the listening socket (a later connection is refused);
/// the server stops by itself when it is deallocated.
public final class TestHTTPServer: Sendable {
  /// A request, as the handler sees it.
  public struct Request: Sendable {
    /// The method: `GET`, `POST`, …
    public let method: String
    /// The path, with its query if any: `/items?page=2`.
    public let path: String
    /// The header fields, names lowercased.
    public let headers: [String: String]
    /// The body (empty without a `Content-Length`).
    public let body: Data
  }

  /// What the server answers.
  public struct Response: Sendable {
    /// The status code.
    public var status: Int
    /// Extra header fields; the server adds `Content-Length` and `Connection: close`.
    public var headers: [String: String]
    /// The body.
    public var body: Data
    /// How long to wait before answering; nil answers at once.
    public var delay: Duration?

    /// Creates a response.
    ///
    /// - Parameters:
    ///   - status: The status code; 200 by default.
    ///   - headers: Extra header fields; none by default.
    ///   - body: The body; empty by default.
    ///   - delay: How long to wait before answering; nil (the default) answers at once.
    public init(status: Int = 200, headers: [String: String] = [:], body: Data = Data(), delay: Duration? = nil) {
      self.status = status
      self.headers = headers
      self.body = body
      self.delay = delay
    }
  }

  /// One request and what became of it.
  public struct Exchange: Sendable {
    /// How an exchange ended.
    public enum Outcome: Sendable, Equatable {
      /// The response was sent.
      case answered(status: Int)
      /// The client closed the connection before the response was sent.
      case abandoned
    }

    /// The request.
    public let request: Request
    /// What became of it.
    public let outcome: Outcome
  }

  /// A socket call failed while the server was starting.
  public struct SocketError: Error, CustomStringConvertible {
    /// The failing call.
    public let call: String
    /// Its `errno`.
    public let code: Int32

    public var description: String { "\(call) failed: \(String(cString: strerror(code)))" }
  }

  /// The port the server listens on, on 127.0.0.1.
  public let port: UInt16

  private let core: ServerCore

  /// Starts a server that answers every request with `handler`'s response.
  ///
  /// - Parameter handler: Called on a background thread for each request.
  /// - Throws: ``SocketError`` if the listening socket cannot be set up.
  public init(handler: @escaping @Sendable (Request) -> Response) throws {
    let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard listener >= 0 else { throw SocketError(call: "socket", code: errno) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = 0  // the system picks a free port
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let bound = withUnsafeMutablePointer(to: &address) { pointer in
      pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { address in
        bind(listener, address, length) == 0 && getsockname(listener, address, &length) == 0
      }
    }
    guard bound, listen(listener, 64) == 0 else {
      let code = errno
      close(listener)
      throw SocketError(call: "bind/listen", code: code)
    }
    port = UInt16(bigEndian: address.sin_port)
    core = ServerCore(listener: listener, handler: handler)
    let core = core
    Thread { core.acceptLoop() }.start()
  }

  deinit {
    stop()
  }

  /// The URL of `path` on this server: `http://127.0.0.1:<port><path>`.
  ///
  /// - Parameter path: The path, starting with `/`; `/` by default.
  /// - Returns: The URL.
  public func url(path: String = "/") -> URL {
    URL(string: "http://127.0.0.1:\(port)\(path)")!
  }

  /// The requests received so far, in the order they arrived, answered or not.
  public var requests: [Request] {
    core.state.withLock { $0.requests }
  }

  /// Waits until at least `count` requests have arrived, or `timeout` has passed.
  ///
  /// - Returns: The requests so far, which may be fewer than `count` after a timeout.
  public func waitForRequests(count: Int, timeout: Duration = .seconds(5)) async -> [Request] {
    await waitUntil(timeout: timeout) { self.requests.count >= count }
    return requests
  }

  /// The exchanges so far, in the order they ended.
  public var exchanges: [Exchange] {
    core.state.withLock { $0.exchanges }
  }

  /// Waits until at least `count` exchanges have ended, or `timeout` has passed.
  ///
  /// - Returns: The exchanges so far, which may be fewer than `count` after a timeout.
  public func waitForExchanges(count: Int, timeout: Duration = .seconds(5)) async -> [Exchange] {
    await waitUntil(timeout: timeout) { self.exchanges.count >= count }
    return exchanges
  }

  private func waitUntil(timeout: Duration, _ condition: () -> Bool) async {
    let deadline = ContinuousClock.now + timeout
    while !condition() && ContinuousClock.now < deadline {
      try? await Task.sleep(for: .milliseconds(5))
    }
  }

  /// Stops listening and closes the listening socket; later connections
  /// are refused. Exchanges in progress finish. Idempotent.
  public func stop() {
    core.stop()
  }
}

/// The server's shared state, held by the server and its threads (never the
/// other way round, so that the server can be deallocated and stop).
private final class ServerCore: Sendable {
  // The mutable state (all Sendable) is under `state`'s lock; the listening
  // socket is closed only by the accept thread.

  struct State {
    var requests: [TestHTTPServer.Request] = []
    var exchanges: [TestHTTPServer.Exchange] = []
    var isStopped = false
  }

  let state = Lock(State())
  private let listener: Int32
  private let handler: @Sendable (TestHTTPServer.Request) -> TestHTTPServer.Response
  /// Signalled when the accept thread has closed the listening socket.
  private let closed = DispatchSemaphore(value: 0)

  init(listener: Int32, handler: @escaping @Sendable (TestHTTPServer.Request) -> TestHTTPServer.Response) {
    self.listener = listener
    self.handler = handler
  }

  func stop() {
    let wasStopped = state.withLock { state -> Bool in
      defer { state.isStopped = true }
      return state.isStopped
    }
    guard !wasStopped else { return }
    shutdown(listener, Int32(SHUT_RDWR))  // wakes the accept thread up
    _ = closed.wait(timeout: .now() + 2)
  }

  func acceptLoop() {
    while true {
      let connection = accept(listener, nil, nil)
      if connection < 0 {
        if errno == EINTR && !state.withLock({ $0.isStopped }) { continue }
        break
      }
      if state.withLock({ $0.isStopped }) {
        close(connection)
        break
      }
      Thread { self.serve(connection) }.start()
    }
    close(listener)
    closed.signal()
  }

  private func serve(_ connection: Int32) {
    defer { close(connection) }
    guard let request = readRequest(connection) else { return }
    state.withLock { $0.requests.append(request) }
    let response = handler(request)
    if let delay = response.delay, !waitWhileConnected(connection, for: delay) {
      state.withLock { $0.exchanges.append(.init(request: request, outcome: .abandoned)) }
      return
    }
    var head = "HTTP/1.1 \(response.status) \(Self.reason(response.status))\r\n"
    for (name, value) in response.headers {
      head += "\(name): \(value)\r\n"
    }
    head += "Content-Length: \(response.body.count)\r\nConnection: close\r\n\r\n"
    writeAll(connection, Data(head.utf8) + response.body)
    shutdown(connection, Int32(SHUT_WR))
    state.withLock { $0.exchanges.append(.init(request: request, outcome: .answered(status: response.status))) }
  }

  private func readRequest(_ connection: Int32) -> TestHTTPServer.Request? {
    var received = Data()
    let separator = Data("\r\n\r\n".utf8)
    var headEnd: Range<Data.Index>?
    while headEnd == nil {
      guard let chunk = readChunk(connection) else { return nil }
      received += chunk
      headEnd = received.range(of: separator)
    }
    guard let headEnd, let head = String(data: received[..<headEnd.lowerBound], encoding: .utf8) else { return nil }
    let lines = head.components(separatedBy: "\r\n")
    let requestLine = lines[0].split(separator: " ")
    guard requestLine.count >= 2 else { return nil }
    var headers: [String: String] = [:]
    for line in lines.dropFirst() {
      guard let colon = line.firstIndex(of: ":") else { continue }
      let name = line[..<colon].lowercased()
      headers[name] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
    }
    var body = Data(received[headEnd.upperBound...])
    let length = headers["content-length"].flatMap { Int($0) } ?? 0
    while body.count < length {
      guard let chunk = readChunk(connection) else { return nil }
      body += chunk
    }
    return TestHTTPServer.Request(
      method: String(requestLine[0]),
      path: String(requestLine[1]),
      headers: headers,
      body: body.prefix(length)
    )
  }

  private func readChunk(_ connection: Int32) -> Data? {
    var buffer = [UInt8](repeating: 0, count: 4096)
    let count = buffer.withUnsafeMutableBytes { recv(connection, $0.baseAddress, $0.count, 0) }
    return count > 0 ? Data(buffer[..<count]) : nil
  }

  /// Waits `delay`; returns false as soon as the client closes the connection.
  private func waitWhileConnected(_ connection: Int32, for delay: Duration) -> Bool {
    let deadline = ContinuousClock.now + delay
    while ContinuousClock.now < deadline {
      let remaining = deadline - ContinuousClock.now
      let milliseconds = Int32(
        clamping: remaining.components.seconds * 1_000 + remaining.components.attoseconds / 1_000_000_000_000_000
      )
      var descriptor = pollfd(fd: connection, events: Int16(POLLIN), revents: 0)
      let ready = poll(&descriptor, 1, max(milliseconds, 1))
      guard ready > 0 else { continue }
      var byte: UInt8 = 0
      // Readable with nothing to read: the client has closed its end.
      if recv(connection, &byte, 1, Int32(MSG_PEEK)) <= 0 { return false }
      return true  // the client sent more (a pipelined request?): answer without waiting further
    }
    return true
  }

  private func writeAll(_ connection: Int32, _ data: Data) {
    data.withUnsafeBytes { bytes in
      var offset = 0
      while offset < bytes.count {
        let sent = send(connection, bytes.baseAddress! + offset, bytes.count - offset, Int32(MSG_NOSIGNAL))
        if sent <= 0 { return }  // the client went away
        offset += sent
      }
    }
  }

  private static func reason(_ status: Int) -> String {
    switch status {
    case 200: "OK"
    case 201: "Created"
    case 204: "No Content"
    case 400: "Bad Request"
    case 404: "Not Found"
    case 500: "Internal Server Error"
    case 503: "Service Unavailable"
    default: "Status"
    }
  }
}
