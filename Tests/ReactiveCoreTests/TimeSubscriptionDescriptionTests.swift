import ReactiveCore
import Testing
import TraitsTesting

/// How the time operators (receive(on:), subscribe(on:), delay, timeout,
/// debounce, throttle, measureInterval, collect by time, buffer) describe
/// their subscription: Combine's name for the operator.
@Suite struct TimeSubscriptionDescriptionTests {
  /// An operator built on a `TimeUpstream`, and the name Combine gives its
  /// subscription.
  struct Row: Sendable, CustomTestStringConvertible {
    let name: String
    let describe: @Sendable () throws -> String

    init<P: Publisher & SendableMetatype>(_ name: String, _ make: @escaping @Sendable (TimeUpstream) -> P) {
      self.name = name
      describe = { try subscriptionDescription(of: make(TimeUpstream())) }
    }

    var testDescription: String { name }
  }

  static let rows: [Row] = [
    Row("Buffer") { $0.buffer(size: 1, prefetch: .keepFull, whenFull: .dropOldest) },
    Row("CollectByTime") { $0.collect(.byTime(VirtualTimeScheduler(), .seconds(1))) },
    Row("Debounce") { $0.debounce(for: .seconds(1), scheduler: VirtualTimeScheduler()) },
    Row("Delay") { $0.delay(for: .seconds(1), scheduler: VirtualTimeScheduler()) },
    Row("MeasureInterval") { $0.measureInterval(using: VirtualTimeScheduler()) },
    Row("ReceiveOn") { $0.receive(on: VirtualTimeScheduler()) },
    Row("SubscribeOn") { $0.subscribe(on: ImmediateScheduler.shared) },
    Row("Throttle") { $0.throttle(for: .seconds(1), scheduler: VirtualTimeScheduler(), latest: false) },
    Row("Timeout") { $0.timeout(.seconds(1), scheduler: VirtualTimeScheduler()) },
  ]

  @Test(arguments: rows)
  func describesItsSubscriptionAsCombineDoes(_ row: Row) throws {
    #expect(try row.describe() == row.name)
  }
}
