import Foundation  // FileHandle.standardError, for the debug-build report
import LockSupport

/// How the library tells its user of a misuse it ignores (a second result
/// from a promise, a main-actor sink waiting for a main actor that does not
/// run): a line on standard error, in debug builds only, beginning with
/// "CombineTraits misuse:". Undefined behaviour traps instead, with a
/// message naming the call site; Docs/Reliability.md lists every case.
package enum MisuseDiagnostics {
  /// The reports made since `startRecording()`, for tests; nil until then,
  /// so that a production process keeps nothing.
  private static let recording = Lock<[String]?>(nil)

  /// Reports `message`: recorded when recording, and written to standard
  /// error in a debug build.
  package static func report(_ message: String) {
    let line = "CombineTraits misuse: \(message)"
    recording.withLock { recorded in recorded?.append(line) }
    if _isDebugAssertConfiguration() {
      FileHandle.standardError.write(Data((line + "\n").utf8))
    }
  }

  /// Starts keeping every report, for tests that check one was made.
  package static func startRecording() {
    recording.withLock { recorded in
      if recorded == nil { recorded = [] }
    }
  }

  /// The reports made since `startRecording()`.
  package static var recorded: [String] {
    recording.withLock { $0 ?? [] }
  }
}
