// The two halves of the child-process protocol: the child prints each case's
// trace between markers, flushing as it goes; the parent reads them back, and
// turns a case that began but never ended into a trap.

import Foundation

private let beginMarker = "\u{1}BEGIN "
private let endMarker = "\u{1}END"

/// Child mode: runs this side's cases from `arguments.from` on, printing
/// each trace between markers. Output is flushed line by line, so that the
/// parent has every line up to a trap.
func runChild(side: Side, arguments: Arguments) {
  let cases = side.cases(arguments)
  for (index, entry) in cases.enumerated() where index >= arguments.from {
    write(beginMarker + entry.name)
    entry.run(write)
    write(endMarker)
  }
}

/// Writes one line to the standard output at once, unbuffered.
private func write(_ line: String) {
  FileHandle.standardOutput.write(Data((line + "\n").utf8))
}

/// The names of every case, in order (both sides list the same).
func caseNames(side: Side, arguments: Arguments) -> [String] {
  side.cases(arguments).map(\.name)
}

/// Runs `side` in child processes until every case has a trace; a trap
/// gives the trapped case the lines it logged and a last line `TRAP`, and the
/// next child starts after it. The trap's message goes in `trapMessages`.
func collectTraces(side: Side, arguments: Arguments) -> [String: [String]] {
  var traces: [String: [String]] = [:]
  let total = caseNames(side: side, arguments: arguments).count
  var from = 0
  while from < total {
    let (output, errors, status) = runChildProcess(side: side, from: from, arguments: arguments)
    var current: (name: String, lines: [String])?
    var index = from
    var lines = output.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    if lines.last == "" { lines.removeLast() }  // what follows the last newline
    for line in lines {
      if line.hasPrefix(beginMarker) {
        current = (String(line.dropFirst(beginMarker.count)), [])
      } else if line == endMarker, let finished = current {
        traces[finished.name] = finished.lines
        current = nil
        index += 1
      } else if current != nil {
        current!.lines.append(line)
      }
    }
    if let trapped = current {
      traces[trapped.name] = trapped.lines + ["TRAP"]
      trapMessages[side, default: [:]][trapped.name] = trapMessage(errors)
      from = index + 1
    } else {
      if status != 0 || index < total {
        print("Differential: the \(side.rawValue) child stopped (status \(status)) outside any case:\n\(errors)")
        exit(1)
      }
      from = index
    }
  }
  return traces
}

/// The message of each trap, by side and case, shown beside the difference.
nonisolated(unsafe) var trapMessages: [Side: [String: String]] = [:]

/// How long one child may run, in seconds (all the cases it runs, normally a
/// few seconds in all).
private let childTimeLimit = 120

private func trapMessage(_ errors: String) -> String {
  let lines = errors.split(separator: "\n").map(String.init)
  return lines.first {
    $0.hasPrefix("hung:") || $0.contains("Fatal error") || $0.contains("fatal error") || $0.contains("failed")
  }
    ?? lines.first ?? "(no message)"
}

private func runChildProcess(side: Side, from: Int, arguments: Arguments) -> (String, String, Int32) {
  let process = Process()
  process.executableURL = Bundle.main.executableURL ?? URL(fileURLWithPath: CommandLine.arguments[0])
  process.arguments = ["--child", side.rawValue, "--from", String(from)] + arguments.forChild
  var environment = ProcessInfo.processInfo.environment
  // A trap's backtrace takes seconds on Linux and says nothing we compare.
  environment["SWIFT_BACKTRACE"] = "enable=no"
  // OpenCombine keeps some subscriptions in dictionaries: a fixed hash seed
  // makes their order, hence the trace, the same from run to run.
  environment["SWIFT_DETERMINISTIC_HASHING"] = "1"
  process.environment = environment
  let errorFile = FileManager.default.temporaryDirectory
    .appendingPathComponent("differential-\(ProcessInfo.processInfo.processIdentifier)-\(side.rawValue).err")
  _ = FileManager.default.createFile(atPath: errorFile.path, contents: nil)
  let output = Pipe()
  process.standardOutput = output
  process.standardError = try? FileHandle(forWritingTo: errorFile)
  do {
    try process.run()
  } catch {
    print("Differential: cannot start a child: \(error)")
    exit(1)
  }
  // A case that hangs (a deadlock) must not hang the run: the child is
  // ended, and its case counts as a trap.
  let watchdog = DispatchWorkItem { if process.isRunning { process.terminate() } }
  DispatchQueue.global().asyncAfter(deadline: .now() + .seconds(childTimeLimit), execute: watchdog)
  let data = output.fileHandleForReading.readDataToEndOfFile()
  process.waitUntilExit()
  watchdog.cancel()
  var errors = (try? String(contentsOf: errorFile, encoding: .utf8)) ?? ""
  if process.terminationReason == .uncaughtSignal && process.terminationStatus == SIGTERM {
    errors = "hung: ended after \(childTimeLimit) s\n" + errors
  }
  try? FileManager.default.removeItem(at: errorFile)
  return (String(decoding: data, as: UTF8.self), errors, process.terminationStatus)
}
