// What a subscriber saw, with the wall-clock time of each event, drawn as a
// marble diagram by TraitsTesting once the pipeline is over.

import CombineTraits
import Foundation
import Synchronization

/// Records a publisher's events with their times, and waits for its end.
final class Timeline<Output, Failure: Error>: @unchecked Sendable {
  // @unchecked Sendable: the events are guarded by `lock`.
  private let lock = NSLock()
  private let start = DispatchTime.now()
  private let end = DispatchSemaphore(value: 0)
  private var marbles: [MarbleDiagram<Output, Failure>.Marble] = []
  private var cancellable: AnyCancellable?
  private var cancelFrame: Int?

  /// Milliseconds per frame of the drawn diagram.
  let frame: Int

  init(frame milliseconds: Int = 25) {
    frame = milliseconds
  }

  /// Subscribes to `publisher` with unlimited demand.
  func record<P: Publisher>(_ publisher: P) where P.Output == Output, P.Failure == Failure {
    cancellable = publisher.sink(
      receiveCompletion: { completion in
        switch completion {
        case .finished: self.append(.finished)
        case let .failure(error): self.append(.failure(error))
        }
        self.end.signal()
      },
      receiveValue: { self.append(.value($0)) }
    )
  }

  /// Cancels the subscription, as a screen that goes away would.
  func cancel() {
    cancellable?.cancel()
    let frame = elapsedFrames()
    lock.withLock { cancelFrame = frame }
    end.signal()
  }

  /// Waits until the publisher completes (or the timeline is cancelled), at most `seconds`.
  @discardableResult
  func wait(seconds: Double = 5) -> Bool {
    end.wait(timeout: .now() + seconds) == .success
  }

  var events: [MarbleDiagram<Output, Failure>.Event] {
    lock.withLock { marbles.map(\.event) }
  }

  /// The diagram: one character per `frame` milliseconds since the timeline
  /// started; a cancelled timeline ends with `^` at the time of the cancel.
  var diagram: String {
    let (marbles, cancelFrame) = lock.withLock { (self.marbles, self.cancelFrame) }
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
    lock.withLock { marbles.append(.init(frame: frame, event: event)) }
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
