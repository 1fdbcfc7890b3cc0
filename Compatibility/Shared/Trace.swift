// The trace of one scenario, and how each of its events is spelled. This file
// and every file beside it are written once and compiled twice: into
// ReactiveCoreScenarios (against ReactiveCore) and into OpenCombineScenarios
// (against OpenCombine, with OPENCOMBINE defined). Only the import differs, so
// the two traces of a scenario can be compared line by line.

#if OPENCOMBINE
import OpenCombine
#else
import ReactiveCore
#endif

/// The failure every scripted upstream may send.
enum TestError: Error, Equatable, CustomStringConvertible {
  case failure
  case other

  var description: String {
    switch self {
    case .failure: "failure"
    case .other: "other"
    }
  }
}

/// The events of one scenario, in the order they happened.
///
/// One log is shared by the upstreams, the subscriber and the script of a
/// scenario, and used on one thread: a plain array suffices.
final class Log {
  private let emit: (String) -> Void

  /// A log that hands each line to `emit` as it happens (so that a trap
  /// loses nothing logged before it).
  init(emit: @escaping (String) -> Void) {
    self.emit = emit
  }

  func append(_ line: String) {
    emit(line)
  }
}

/// A demand as both sides spell it, independently of either library's own
/// description.
func show(_ demand: Subscribers.Demand) -> String {
  if let count = demand.max { return "max(\(count))" }
  return "unlimited"
}

/// A completion, spelled the same way on both sides.
func show<Failure: Error>(_ completion: Subscribers.Completion<Failure>) -> String {
  switch completion {
  case .finished: "finished"
  case let .failure(error): "failure(\(error))"
  }
}

/// What a value, a subscription or a subscriber says of itself, with the
/// names of the modules removed: `OpenCombine.Foo` and `ReactiveCore.Foo` both
/// read `Foo`.
func describe(_ thing: Any) -> String {
  var text = String(describing: thing)
  for module in ["ReactiveCoreScenarios.", "OpenCombineScenarios.", "ReactiveCore.", "OpenCombine.", "Swift."] {
    text = text.replacing(module, with: "")
  }
  // A private type prints as `(unknown context at $55ca27d68098).Inner`: the
  // address changes from run to run, so it goes.
  while let start = text.firstRange(of: "(unknown context at $"),
    let end = text[start.upperBound...].firstRange(of: ").")
  {
    text.removeSubrange(start.lowerBound..<end.upperBound)
  }
  return text
}
