// What a subscriber saw, with the wall-clock time of each event, drawn as a
// marble diagram by TraitsTesting once the pipeline is over.

import CombineTraits
import Foundation
import Synchronization

/// Records a publisher's events with their times, and waits for its end.
///
/// Checked `Sendable`: its mutable state is one `Mutex`, and what it records
/// (values and failures) is `Sendable` too.
final class Timeline<Output: Sendable, Failure: Error>: Sendable {
  private struct State {
    var marbles: [MarbleDiagram<Output, Failure>.Marble] = []
    var cancellable: AnyCancellable?
    var cancelFrame: Int?
  }

  private let state = Mutex(State())
  private let start = DispatchTime.now()
  private let end = DispatchSemaphore(value: 0)

  /// Milliseconds per frame of the drawn diagram.
  let frame: Int

  init(frame milliseconds: Int = 25) {
    frame = milliseconds
  }

  /// Subscribes to `publisher` with unlimited demand.
  func record<P: Publisher>(_ publisher: P) where P.Output == Output, P.Failure == Failure {
    let cancellable = publisher.sink(
      receiveCompletion: { completion in
        switch completion {
        case .finished: self.append(.finished)
        case let .failure(error): self.append(.failure(error))
        }
        self.end.signal()
      },
      receiveValue: { self.append(.value($0)) }
    )
    state.withLock { $0.cancellable = cancellable }
  }

  /// Cancels the subscription, as a screen that goes away would.
  func cancel() {
    let frame = elapsedFrames()
    let cancellable = state.withLock { state -> AnyCancellable? in
      state.cancelFrame = frame
      defer { state.cancellable = nil }
      return state.cancellable
    }
    cancellable?.cancel()  // after the lock: a cancel may call out
    end.signal()
  }

  /// Waits until the publisher completes (or the timeline is cancelled), at most `seconds`.
  @discardableResult
  func wait(seconds: Double = 5) -> Bool {
    end.wait(timeout: .now() + seconds) == .success
  }

  var events: [MarbleDiagram<Output, Failure>.Event] {
    state.withLock { $0.marbles.map(\.event) }
  }

  /// The diagram: one character per `frame` milliseconds since the timeline
  /// started; a cancelled timeline ends with `^` at the time of the cancel.
  var diagram: String {
    let (marbles, cancelFrame) = state.withLock { ($0.marbles, $0.cancelFrame) }
    guard let cancelFrame else {
      let length = (marbles.map(\.frame).max() ?? 0) + 1
      return MarbleDiagram(marbles: marbles, length: length).render()
    }
    return MarbleDiagram(marbles: marbles, length: cancelFrame).render() + "^"
  }

  private func elapsedFrames() -> Int {
    Int((DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1_000_000) / frame
  }

  private func append(_ event: MarbleDiagram<Output, Failure>.Event) {
    let frame = elapsedFrames()
    state.withLock { $0.marbles.append(.init(frame: frame, event: event)) }
  }
}

/// Prints a scenario's title.
func scenario(_ number: Int, _ title: String) {
  print("\n\(number). \(title)")
  print(String(repeating: "─", count: title.count + 3))
}

/// Prints one line of explanation, or a labelled diagram.
func say(_ text: String) {
  print("   " + text)
}

/// Prints a diagram under a label, aligned with the others.
func draw(_ label: String, _ diagram: String, _ note: String = "") {
  let padded = label.padding(toLength: 14, withPad: " ", startingAt: 0)
  print("   \(padded) \(diagram)\(note.isEmpty ? "" : "   " + note)")
}

/// Counts what the demo checked, so that it exits non-zero if one scenario
/// did not do what it says.
enum Checks {
  private static let failed = Mutex<[String]>([])
  static var failures: [String] { failed.withLock { $0 } }

  static func expect(_ condition: Bool, _ what: String) {
    if !condition {
      failed.withLock { $0.append(what) }
      print("   ✗ unexpected: \(what)")
    }
  }
}

/// A text that `@Sendable` closures (sinkSingle, sinkMaybe) may write.
final class SharedText: Sendable {
  private let text = Mutex("")
  var value: String {
    get { text.withLock { $0 } }
    set { text.withLock { $0 = newValue } }
  }
}

/// A value that `@Sendable` closures and tasks may share.
final class Shared<Value: Sendable>: Sendable {
  private let storage: Mutex<Value>
  init(_ value: Value) { storage = Mutex(value) }
  var value: Value {
    get { storage.withLock { $0 } }
    set { storage.withLock { $0 = newValue } }
  }
}
