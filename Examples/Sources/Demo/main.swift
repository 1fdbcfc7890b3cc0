// The `make demo` program: a walk through CombineTraits in seven scenarios.
// Each one prints what happened as a marble diagram (one character per 25 ms:
// `o` a value, `|` finished, `x` failed, `(o|)` both in the same frame).

import CombineTraits
import ContactsCache
import Foundation
import QuoteService
import Synchronization

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

print(
  """
  CombineTraits: publishers that say in their type how many values they publish.
    SinglePublisher     exactly one value, or an error      --o|   ---x
    MaybePublisher      at most one value, or an error      --o|   ---|   ---x
  Diagrams below: one character per 25 ms.
  """
)

// MARK: - A local HTTP server, started and stopped by the demo itself

let reports = ["/reports/q1": "revenue 120", "/reports/q2": "revenue 135", "/reports/q3": "revenue 150"]
let server = try TestHTTPServer { request in
  guard let body = reports[request.path] else {
    return .init(status: 404, body: Data("no such report".utf8))
  }
  // Each report takes a little longer than the previous one.
  let delay = Duration.milliseconds(40 * (reports.keys.sorted().firstIndex(of: request.path)! + 1))
  return .init(status: 200, headers: ["Content-Type": "text/plain"], body: Data(body.utf8), delay: delay)
}
defer { server.stop() }

struct DemoError: Error, CustomStringConvertible {
  var description: String
}

/// GET a report: a single publisher (`URLSession.DataTaskPublisher` is one, and
/// `tryMap` keeps the trait).
func download(_ path: String) -> AnySinglePublisher<String, any Error> {
  URLSession.shared.dataTaskPublisher(for: server.url(path: path))
    .tryMap { data, response in
      let status = (response as? HTTPURLResponse)?.statusCode ?? 0
      guard status == 200 else { throw DemoError(description: "HTTP \(status) for \(path)") }
      return String(decoding: data, as: UTF8.self)
    }
    .eraseToAnySinglePublisher()
}

/// Save a text to a file, on a background queue: a single publisher built
/// with TraitPublishers.Single.
func save(_ text: String, as name: String) -> AnySinglePublisher<URL, any Error> {
  TraitPublishers.Single { promise in
    let work = DispatchWorkItem {
      let url = FileManager.default.temporaryDirectory.appendingPathComponent(name)
      promise(
        Result {
          try Data(text.utf8).write(to: url)
          return url
        }
      )
    }
    DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(30), execute: work)
    return AnyCancellable { work.cancel() }
  }
  .eraseToAnySinglePublisher()
}

// MARK: - 1. Download, then save

scenario(1, "Download, then save: a pipeline of single publishers")
say("download(\"/reports/q1\").flatMap { save($0, as: \"q1.txt\") }  — single, so sinkSingle gets one result.")
do {
  let downloadLine = Timeline<String, any Error>()
  downloadLine.record(download("/reports/q1"))
  let pipeline = download("/reports/q1").flatMap { save($0, as: "combinetraits-demo-q1.txt") }
  let pipelineLine = Timeline<URL, any Error>()
  pipelineLine.record(pipeline)
  downloadLine.wait()
  pipelineLine.wait()
  draw("download", downloadLine.diagram)
  draw("then save", pipelineLine.diagram, "(30 ms more to write the file)")
  if case let .value(url) = pipelineLine.events.first {
    let saved = (try? String(contentsOf: url, encoding: .utf8)) ?? "?"
    say("saved \"\(saved)\" to \(url.lastPathComponent)")
    Checks.expect(saved == "revenue 120", "the saved file holds the report")
    try? FileManager.default.removeItem(at: url)
  }
  Checks.expect(pipelineLine.events.count == 2, "one value, then finished")

  let missing = Timeline<URL, any Error>()
  missing.record(download("/reports/q9").flatMap { save($0, as: "never.txt") })
  missing.wait()
  draw("missing", missing.diagram, "\(failureText(missing.events))")
  Checks.expect(failureText(missing.events).contains("404"), "a 404 fails the single")
}

func failureText<Output, Failure>(_ events: [MarbleDiagram<Output, Failure>.Event]) -> String {
  for case let .failure(error) in events { return "failed: \(error)" }
  return ""
}

// MARK: - 2. A maybe lookup

scenario(2, "A maybe lookup: a contact that may not exist")
say("ContactsCache (a target that imports MaybeTraits only) returns AnyMaybePublisher.")
do {
  let contacts = ContactsCache([Contact(name: "Ada", phone: "+44 20 7946 0000")])
  for name in ["Ada", "Zed"] {
    // A sinkMaybe closure is @Sendable: what it writes must be safe to share.
    let outcome = SharedText()
    _ = contacts.phone(of: name).sinkMaybe { result in
      switch result {
      case let .success(phone): outcome.value = "found \(phone)"
      case .finished: outcome.value = "nobody by that name: finished without a value"
      }
    }
    let line = Timeline<String, Never>()
    line.record(contacts.phone(of: name))
    draw("phone(\(name))", line.diagram, outcome.value)
  }
  Checks.expect(Timeline<String, Never>.count(contacts.phone(of: "Zed")) == 0, "an unknown contact gives no value")
}

extension Timeline {
  /// How many values a synchronous publisher publishes.
  static func count<P: Publisher>(_ publisher: P) -> Int where P.Output == Output, P.Failure == Failure {
    let line = Timeline()
    line.record(publisher)
    return line.events.filter { if case .value = $0 { true } else { false } }.count
  }
}

// MARK: - 3. A callback API wrapped with TraitSubscriptions

/// A callback API: it geocodes an address after a while, and can be cancelled.
/// Its completion handler is @Sendable, as Swift 6 APIs declare them.
final class Geocoder: Sendable {
  private let state = Mutex((cancelled: Set<String>(), cancellations: [String]()))
  var cancellations: [String] { state.withLock { $0.cancellations } }

  func locate(_ address: String, completion: @escaping @Sendable (Result<String, DemoError>) -> Void) {
    // Lyon's server is slow (2 s), so the demo's cancel at 50 ms always comes
    // first, however loaded the machine.
    let latency: DispatchTimeInterval = address == "Lyon" ? .seconds(2) : .milliseconds(60)
    DispatchQueue.global().asyncAfter(deadline: .now() + latency) {
      let wasCancelled = self.state.withLock { $0.cancelled.contains(address) }
      guard !wasCancelled else { return }
      completion(address.isEmpty ? .failure(DemoError(description: "empty address")) : .success("48.85N 2.35E"))
    }
  }

  func cancel(_ address: String) {
    state.withLock {
      $0.cancelled.insert(address)
      $0.cancellations.append(address)
    }
  }
}

/// The single publisher of a geocoding: the subscription subclasses
/// TraitSubscriptions.Single and only says how to start and how to cancel.
struct GeocodePublisher: SinglePublisher {
  typealias Output = String
  typealias Failure = DemoError

  let geocoder: Geocoder
  let address: String

  func receive<S: Subscriber>(subscriber: S) where S.Input == String, S.Failure == DemoError {
    subscriber.receive(subscription: Subscription(downstream: subscriber, context: (geocoder, address)))
  }

  // No Sendable annotation: the base class is not Sendable, and `promise`
  // is what crosses threads.
  private final class Subscription<Downstream: Subscriber>:
    TraitSubscriptions.Single<Downstream, (geocoder: Geocoder, address: String)>
  where Downstream.Input == String, Downstream.Failure == DemoError {
    override func start(with context: (geocoder: Geocoder, address: String)) {
      let (geocoder, address) = context
      // `promise` is receive(_:) as a @Sendable closure, for @Sendable completion handlers.
      geocoder.locate(address, completion: promise)
      // Runs once if the downstream cancels before the result: no override needed.
      onCancel { geocoder.cancel(address) }
    }
  }
}

scenario(3, "A callback API wrapped with TraitSubscriptions.Single")
say("start(with:) calls the API and says how to cancel it (onCancel); the base class does the rest.")
do {
  let geocoder = Geocoder()
  let found = Timeline<String, DemoError>()
  found.record(GeocodePublisher(geocoder: geocoder, address: "Paris"))
  let empty = Timeline<String, DemoError>()
  empty.record(GeocodePublisher(geocoder: geocoder, address: ""))
  let cancelled = Timeline<String, DemoError>()
  cancelled.record(GeocodePublisher(geocoder: geocoder, address: "Lyon"))
  Thread.sleep(forTimeInterval: 0.05)
  cancelled.cancel()
  found.wait()
  empty.wait()
  draw("Paris", found.diagram)
  draw("\"\"", empty.diagram, failureText(empty.events))
  draw("Lyon", cancelled.diagram, "^ = cancelled at 50 ms: geocoder.cancel(\"Lyon\") was called")
  Checks.expect(geocoder.cancellations == ["Lyon"], "cancelling reaches the callback API")
  Checks.expect(found.events.count == 2, "one location, then finished")
}

// MARK: - 4. checkSingle catches a misbehaving publisher

scenario(4, "checkSingle() catches a publisher that breaks its promise")
say("A legacy API documented as \"one answer\" sometimes sends two. checkSingle() turns that into a clear error.")
do {
  func legacyAnswers(_ count: Int) -> AnyPublisher<String, Never> {
    Array(repeating: "answer", count: count).publisher.eraseToAnyPublisher()
  }
  for count in [1, 2, 0] {
    let line = Timeline<String, SingleError<Never>>()
    line.record(legacyAnswers(count).checkSingle())
    let text = failureText(line.events)
    draw("\(count) answer\(count == 1 ? "" : "s")", line.diagram, text)
    Checks.expect((count == 1) == text.isEmpty, "checkSingle fails for \(count) answers")
  }
}

// MARK: - 5. zipSingle of several requests

scenario(5, "zipSingle(): several requests at once, one result")
say("[q1, q2, q3].map(download).zipSingle() — waits for all three, fails at the first failure.")
do {
  let paths = ["/reports/q1", "/reports/q2", "/reports/q3"]
  var lines: [(String, Timeline<String, any Error>)] = []
  for path in paths {
    let line = Timeline<String, any Error>()
    line.record(download(path))
    lines.append((path, line))
  }
  let zipped = Timeline<[String], any Error>()
  zipped.record(paths.map(download).zipSingle())
  lines.forEach { $0.1.wait() }
  zipped.wait()
  for (path, line) in lines { draw(path, line.diagram) }
  draw("zipSingle", zipped.diagram)
  if case let .value(reports) = zipped.events.first { say("→ \(reports)") }
  Checks.expect(zipped.events.count == 2, "the zipped single publishes one array")

  let quotes = QuoteService(prices: ["ACME": 12, "INIT": 30])
  _ = quotes.value(of: ["ACME": 10, "INIT": 2]).sinkSingle { result in
    say("QuoteService (a target that imports SingleTraits only): portfolio worth \(result)")
    Checks.expect((try? result.get()) == 180, "the portfolio is worth 180")
  }
}

// MARK: - 6. The compiler refuses a non-single

scenario(6, "The compiler refuses a publisher that is not a single")
say("Examples/Refused/NotASingle.swift, type-checked now by swiftc against the modules of this demo:")
do {
  let snippet = URL(filePath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appending(path: "Refused/NotASingle.swift")
  let start = ContinuousClock.now
  do {
    let answer = try typecheck(snippet)
    let (status, diagnostics) = (answer.status, answer.diagnostics)
    let source = (try? String(contentsOf: snippet, encoding: .utf8))?.components(separatedBy: "\n") ?? []
    let refusedLines = Set(source.indices.filter { source[$0].hasSuffix("// refused") }.map { $0 + 1 })
    let ours = diagnostics.filter { $0.file.hasSuffix("NotASingle.swift") && $0.kind != "note" }
    for diagnostic in ours {
      let code = source.indices.contains(diagnostic.line - 1) ? source[diagnostic.line - 1] : "?"
      let shown = code.replacingOccurrences(of: "  // refused", with: "")
      print("")
      say("  line \(diagnostic.line): \(shown)")
      for (index, text) in wrap("\(diagnostic.kind): \(diagnostic.message)", width: 92).enumerated() {
        say((index == 0 ? "  " : "    ") + text)
      }
    }
    print("")
    let elapsed = (ContinuousClock.now - start).formatted(.units(allowed: [.milliseconds]))
    say("swiftc exited with status \(status) after \(elapsed); the lines without `// refused` compiled.")
    Checks.expect(status != 0, "the snippet does not compile")
    Checks.expect(!refusedLines.isEmpty, "the snippet marks the lines the compiler must refuse")
    Checks.expect(
      Set(ours.map(\.line)) == refusedLines && ours.allSatisfy { $0.kind == "error" },
      "swiftc refuses exactly the lines marked `// refused`, and nothing else"
    )
    Checks.expect(
      ours.allSatisfy { $0.message.contains("requires a SinglePublisher") },
      "each error says that a SinglePublisher is required"
    )
  } catch {
    say("The compiler could not be asked: \(error).")
    Checks.expect(false, "swiftc type-checks the snippet")
  }
}

// MARK: - 7. async/await

scenario(7, "async/await: a single is one value to await, and an async function is a single")
say("The demo's synchronous main waits here for async work (runAsync, a Task and a semaphore).")
do {
  // (a) A single publisher has exactly one value: `try await` it.
  let q2 = runAsync { try await download("/reports/q2").value }
  say("try await download(\"/reports/q2\").value  →  \((try? q2.get()).map { "\"\($0)\"" } ?? "\(q2)")")
  Checks.expect((try? q2.get()) == "revenue 135", "awaiting a single gives its value")

  // (b) An async function, bridged into a single publisher.
  @Sendable func summary(of paths: [String]) async throws -> String {
    var texts: [String] = []
    for path in paths {
      texts.append(try await download(path).value)
    }
    return texts.joined(separator: " + ")
  }
  let bridged = AnySinglePublisher<String, any Error> { try await summary(of: ["/reports/q1", "/reports/q3"]) }
  let line = Timeline<String, any Error>()
  line.record(bridged)
  line.wait()
  say("AnySinglePublisher { try await summary(of: [q1, q3]) }  — two awaits in a row, one value:")
  draw("summary", line.diagram)
  let summaryText: String? = if case let .value(text) = line.events.first { text } else { nil }
  say("→ \(summaryText ?? failureText(line.events))")
  Checks.expect(
    summaryText == "revenue 120 + revenue 150" && line.events.count == 2,
    "the bridged async function publishes one value, then finishes"
  )

  // (c) Erased singles are Sendable: a task group fans them out.
  struct ReportBatch: Sendable {
    let reports: [(path: String, report: AnySinglePublisher<String, any Error>)]
  }
  let batch = ReportBatch(reports: ["/reports/q1", "/reports/q2", "/reports/q3"].map { ($0, download($0)) })
  let fannedOut = runAsync {
    let start = ContinuousClock.now
    let texts = try await withThrowingTaskGroup(of: (String, String).self) { group in
      for (path, report) in batch.reports {
        group.addTask { (path, try await report.value) }
      }
      return try await group.reduce(into: [String: String]()) { $0[$1.0] = $1.1 }
    }
    return (texts, ContinuousClock.now - start)
  }
  say("withThrowingTaskGroup: one child task per erased single of a Sendable struct:")
  if case let .success((texts, elapsed)) = fannedOut {
    for path in texts.keys.sorted() { say("  \(path) → \(texts[path]!)") }
    say(
      "  all three in \(elapsed.formatted(.units(allowed: [.milliseconds]))) (the server answers after 40, 80, 120 ms)"
    )
  } else {
    say("→ \(fannedOut)")
  }
  Checks.expect(
    (try? fannedOut.get().0) == [
      "/reports/q1": "revenue 120", "/reports/q2": "revenue 135", "/reports/q3": "revenue 150",
    ],
    "the task group gets every report"
  )
}

/// Runs async work from the demo's synchronous top level, and waits for it
/// (at most `seconds`). The task is detached: the main thread waits here,
/// so the work must not need the main actor.
func runAsync<Value: Sendable>(
  seconds: Int = 10,
  _ work: @escaping @Sendable () async throws -> Value
) -> Result<Value, any Error> {
  let outcome = Shared<Result<Value, any Error>?>(nil)
  let done = DispatchSemaphore(value: 0)
  Task.detached {
    do {
      outcome.value = .success(try await work())
    } catch {
      outcome.value = .failure(error)
    }
    done.signal()
  }
  guard done.wait(timeout: .now() + .seconds(seconds)) == .success, let result = outcome.value else {
    return .failure(DemoError(description: "no answer within \(seconds) s"))
  }
  return result
}

print("")
if Checks.failures.isEmpty {
  print("Every scenario did what it says. The server on port \(server.port) is stopped; bye.")
} else {
  print("\(Checks.failures.count) scenario check(s) failed: \(Checks.failures)")
  server.stop()
  exit(1)
}
