#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// How the library tells its user of a misuse it ignores (a second result
/// from a promise, a main-actor sink waiting for a main actor that does not
/// run, a second concurrent iteration of a one-pass sequence): a line on
/// standard error, in debug builds only, beginning with "CombineTraits
/// misuse:". Undefined behaviour traps instead (``APIViolation``);
/// Docs/Reliability.md lists every case.
///
/// It lives here, in the internal toolbox, so that every module reports the
/// same way: the core, the traits, TraitSubscriptions and ReactiveExtras.
package enum MisuseDiagnostics {
  /// The reports made since `startRecording()`, for tests; nil until then,
  /// so that a production process keeps nothing.
  private static let recording = Lock<[String]?>(nil)

  /// Reports `message`: recorded when recording (a test process, which
  /// asserts what it records, so nothing is printed), and otherwise written
  /// to standard error in a debug build.
  package static func report(_ message: String) {
    let line = "CombineTraits misuse: \(message)"
    let isRecording = recording.withLock { recorded -> Bool in
      recorded?.append(line)
      return recorded != nil
    }
    if !isRecording && _isDebugAssertConfiguration() {
      // Standard error's descriptor, written to directly: no Foundation,
      // and no `stderr` global (shared mutable state to Swift 6).
      let bytes = Array((line + "\n").utf8)
      _ = bytes.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
    }
  }

  /// The report of a promise called again after its first result, which is
  /// ignored: one message for every one-result subscription (the trait
  /// publishers' jobs and the TraitSubscriptions classes), so that a user
  /// learns of each the same way.
  ///
  /// - Parameters:
  ///   - subscription: What received the result: its description, such as
  ///     "TraitPublishers.Single".
  ///   - calls: What the user calls once per subscription, such as "the promise".
  /// - Returns: The message to ``report(_:)``.
  package static func secondResult(receivedBy subscription: String, calls: String) -> String {
    "\(subscription) received a second result, which is ignored: call \(calls) once per subscription"
  }

  /// Starts keeping every report instead of printing it, for tests that
  /// check one was made, and for tests that misuse on purpose (a stress
  /// test that calls promises twice), so that a passing run prints nothing.
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
