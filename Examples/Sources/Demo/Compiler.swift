// Scenario 6 asks the Swift compiler, while the demo runs, to type-check
// Examples/Refused/NotASingle.swift against the modules the demo was built
// with, and shows what it says.

import Foundation
import Synchronization

/// One diagnostic of swiftc: `file:line:column: kind: message`.
struct Diagnostic {
  var file: String
  var line: Int
  var kind: String
  var message: String
}

/// Why the compiler could not be asked.
enum CompilerUnavailable: Error, CustomStringConvertible {
  case noSwiftc
  case noModules(String)
  case noSnippet(String)
  case timedOut(seconds: Int)
  case failedToLaunch(String)

  var description: String {
    switch self {
    case .noSwiftc:
      "swiftc is not on PATH (set SWIFTC to the compiler of the toolchain that built the demo)"
    case let .noModules(path):
      "no built modules at \(path): build the demo with `make demo`"
    case let .noSnippet(path):
      "the snippet \(path) is missing: run the demo from its checkout"
    case let .timedOut(seconds):
      "swiftc did not answer within \(seconds) s, and was stopped"
    case let .failedToLaunch(reason):
      "swiftc could not be launched: \(reason)"
    }
  }
}

/// What swiftc answered: its exit status and the diagnostics it printed.
struct Typecheck {
  var status: Int32
  var diagnostics: [Diagnostic]
}

/// Type-checks `snippet` against the modules built next to the demo's
/// executable.
func typecheck(_ snippet: URL, timeoutSeconds: Int = 120) throws(CompilerUnavailable) -> Typecheck {
  guard FileManager.default.fileExists(atPath: snippet.path) else { throw .noSnippet(snippet.path) }
  let executable = (Bundle.main.executableURL ?? URL(filePath: CommandLine.arguments[0])).resolvingSymlinksInPath()
  let modules = executable.deletingLastPathComponent().appending(path: "Modules")
  guard FileManager.default.fileExists(atPath: modules.appending(path: "SingleTraits.swiftmodule").path) else {
    throw .noModules(modules.path)
  }
  guard let swiftc = findSwiftc() else { throw .noSwiftc }

  let process = Process()
  process.executableURL = swiftc
  process.arguments = [
    "-typecheck", "-swift-version", "6", "-diagnostic-style", "llvm", "-I", modules.path, snippet.path,
  ]
  let output = Pipe()
  process.standardOutput = output
  process.standardError = output
  let captured = Captured()
  let finished = DispatchSemaphore(value: 0)
  do {
    try process.run()
  } catch {
    throw .failedToLaunch("\(error)")
  }
  // Read until swiftc closes its output, on another thread, so that the
  // wait below is bounded whatever swiftc does.
  DispatchQueue.global().async {
    captured.set(output.fileHandleForReading.readDataToEndOfFile())
    process.waitUntilExit()
    finished.signal()
  }
  guard finished.wait(timeout: .now() + .seconds(timeoutSeconds)) == .success else {
    process.terminate()
    throw .timedOut(seconds: timeoutSeconds)
  }
  let text = String(decoding: captured.data, as: UTF8.self)
  return Typecheck(
    status: process.terminationStatus,
    diagnostics: text.split(separator: "\n").compactMap(Diagnostic.init)
  )
}

extension Diagnostic {
  /// Parses `file:line:column: kind: message`; nil for other lines (source
  /// excerpts, carets).
  init?(_ line: Substring) {
    let parts = line.split(separator: ":", maxSplits: 4, omittingEmptySubsequences: false)
    guard parts.count == 5, let number = Int(parts[1]), Int(parts[2]) != nil else { return nil }
    let kind = parts[3].trimmingCharacters(in: .whitespaces)
    guard ["error", "warning", "note"].contains(kind) else { return nil }
    self.init(
      file: String(parts[0]),
      line: number,
      kind: kind,
      message: parts[4].trimmingCharacters(in: .whitespaces)
    )
  }
}

/// `$SWIFTC`, or the first `swiftc` on `PATH`.
private func findSwiftc() -> URL? {
  let environment = ProcessInfo.processInfo.environment
  if let path = environment["SWIFTC"], FileManager.default.isExecutableFile(atPath: path) {
    return URL(filePath: path)
  }
  for directory in (environment["PATH"] ?? "").split(separator: ":") {
    let candidate = URL(filePath: String(directory)).appending(path: "swiftc")
    if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
  }
  return nil
}

/// What swiftc printed, handed from the reading thread to the waiting one.
private final class Captured: Sendable {
  private let bytes = Mutex(Data())
  var data: Data { bytes.withLock { $0 } }
  func set(_ data: Data) { bytes.withLock { $0 = data } }
}

/// Splits `text` into lines of at most `width` characters, at spaces.
func wrap(_ text: String, width: Int) -> [String] {
  var lines: [String] = []
  var line = ""
  for word in text.split(separator: " ") {
    if !line.isEmpty && line.count + 1 + word.count > width {
      lines.append(line)
      line = ""
    }
    line += (line.isEmpty ? "" : " ") + word
  }
  if !line.isEmpty { lines.append(line) }
  return lines
}
