import Foundation
import ReactiveCore
import Testing

/// An operator whose subscriber is also the subscription it hands
/// downstream, cancelled through it before its upstream subscribed: the
/// subscription that comes is cancelled, and the subscriber hears nothing.
/// (Combine's `prefix(while:)` does the same; its `reduce` family and
/// `buffer` request from that subscription, and the others leave it
/// running: see Docs/ReactiveCore.md.)
@Suite struct EarlyCancelTests {
  struct Row: @unchecked Sendable, CustomTestStringConvertible {
    // @unchecked Sendable: a row is built once and only read; each run makes its own objects.
    let name: String
    /// The calls on the subscription that came, and how many events the
    /// operator's subscriber received besides a subscription (`dropFirst`
    /// gives its own before subscribing upstream).
    let run: () throws -> (calls: [SubscriptionProbe.Call], events: Int)

    init<P: Publisher>(_ name: String, _ make: @escaping (HeldSubscriber<Int>) -> P) {
      self.name = name
      run = {
        let (calls, events) = try callsOnASubscriptionAfterAnEarlyCancel(make)
        let delivered = events.filter {
          if case .subscription = $0 { return false }
          return true
        }
        return (calls, delivered.count)
      }
    }

    var testDescription: String { name }
  }

  static let rows: [Row] = [
    Row("tryMap") { $0.tryMap { $0 } },
    Row("tryFilter") { $0.tryFilter { _ in true } },
    Row("tryScan") { $0.tryScan(0, +) },
    Row("removeDuplicates") { $0.removeDuplicates() },
    Row("replaceError") { $0.replaceError(with: 0) },
    Row("replaceEmpty") { $0.replaceEmpty(with: 0) },
    Row("drop(while:)") { $0.drop { $0 > 0 } },
    Row("tryDrop(while:)") { $0.tryDrop { $0 > 0 } },
    Row("dropFirst") { $0.dropFirst() },
    Row("prefix(while:)") { $0.prefix { _ in true } },
    Row("output(in:)") { $0.output(in: 0..<3) },
    Row("collect(2)") { $0.collect(2) },
    Row("collect()") { $0.collect() },
    Row("reduce") { $0.reduce(0, +) },
    Row("tryReduce") { $0.tryReduce(0, +) },
    Row("count") { $0.count() },
    Row("first") { $0.first() },
    Row("last") { $0.last() },
    Row("min") { $0.min() },
    Row("contains") { $0.contains(1) },
    Row("allSatisfy") { $0.allSatisfy { $0 > 0 } },
    Row("buffer") { $0.buffer(size: 2, prefetch: .byRequest, whenFull: .dropOldest) },
    Row("handleEvents") { $0.handleEvents() },
    Row("print") { $0.print("", to: nil) },
    Row("encode") { $0.encode(encoder: JSONEncoder()) },
    Row("subscribe(on:)") { $0.subscribe(on: ImmediateScheduler.shared) },
    Row("receive(on:)") { $0.receive(on: ImmediateScheduler.shared) },
    Row("measureInterval") { $0.measureInterval(using: ImmediateScheduler.shared) },
  ]

  @Test(arguments: rows)
  func theSubscriptionThatComesIsCancelled(_ row: Row) throws {
    let (calls, events) = try row.run()
    #expect(calls == [.cancel])
    #expect(events == 0)
  }
}
