import ReactiveCore
import Testing
import TraitsTesting

/// How operators describe their subscription: Combine's name for the
/// operator, which is what a debugger or `print` shows. Here the reducing
/// and truncating operators (count, last, drop, collect, contains, output,
/// first, reduce, min/max, allSatisfy, prefix/drop while and their `try`
/// forms) and the time operators (receive(on:), subscribe(on:), timeout,
/// debounce, throttle, measureInterval, collect by time, buffer); `delay`,
/// as Combine's, has no name of its own.
@Suite struct OperatorSubscriptionNameTests {
  /// An operator built on a fresh `TestPublisher`, and the name Combine
  /// gives its subscription.
  struct Row: Sendable, CustomTestStringConvertible {
    let name: String
    let describe: @Sendable () throws -> String

    init<P: Publisher & SendableMetatype>(
      _ name: String,
      _ make: @escaping @Sendable (TestPublisher<Int, TestError>) -> P
    ) {
      self.name = name
      describe = { try subscriptionDescription(of: make(TestPublisher())) }
    }

    var testDescription: String { name }
  }

  static let reducingOperators: [Row] = [
    Row("AllSatisfy") { $0.allSatisfy { _ in true } },
    Row("TryAllSatisfy") { $0.tryAllSatisfy { _ in true } },
    Row("CollectByCount") { $0.collect(2) },
    Row("Collect") { $0.collect() },
    Row("Comparison") { $0.max() },
    Row("TryComparison") { $0.tryMin(by: <) },
    Row("Contains") { $0.contains(1) },
    Row("ContainsWhere") { $0.contains { _ in true } },
    Row("TryContainsWhere") { $0.tryContains { _ in true } },
    Row("Count") { $0.count() },
    Row("Drop") { $0.dropFirst() },
    Row("DropWhile") { $0.drop { _ in true } },
    Row("TryDropWhile") { $0.tryDrop { _ in true } },
    Row("First") { $0.first() },
    Row("TryFirst") { $0.first { _ in true } },  // first(where:): Combine names it so
    Row("TryFirstWhere") { $0.tryFirst { _ in true } },
    Row("Last") { $0.last() },
    Row("LastWhere") { $0.last { _ in true } },
    Row("TryLastWhere") { $0.tryLast { _ in true } },
    Row("Output") { $0.prefix(1) },
    Row("PrefixWhile") { $0.prefix { _ in true } },
    Row("TryPrefixWhile") { $0.tryPrefix { _ in true } },
    Row("Reduce") { $0.reduce(0, +) },
    Row("TryReduce") { $0.tryReduce(0, +) },
  ]

  static let timeOperators: [Row] = [
    Row("Buffer") { $0.buffer(size: 1, prefetch: .keepFull, whenFull: .dropOldest) },
    Row("CollectByTime") { $0.collect(.byTime(VirtualTimeScheduler(), .seconds(1))) },
    Row("Debounce") { $0.debounce(for: .seconds(1), scheduler: VirtualTimeScheduler()) },
    Row("MeasureInterval") { $0.measureInterval(using: VirtualTimeScheduler()) },
    Row("ReceiveOn") { $0.receive(on: VirtualTimeScheduler()) },
    Row("SubscribeOn") { $0.subscribe(on: ImmediateScheduler.shared) },
    Row("Throttle") { $0.throttle(for: .seconds(1), scheduler: VirtualTimeScheduler(), latest: false) },
    Row("Timeout") { $0.timeout(.seconds(1), scheduler: VirtualTimeScheduler()) },
  ]

  @Test(arguments: reducingOperators + timeOperators)
  func describesItsSubscriptionAsCombineDoes(_ row: Row) throws {
    #expect(try row.describe() == row.name)
  }

  @Test func delaysSubscriptionHasNoNameOfItsOwnAsCombines() throws {
    let probe = LifetimeProbe<Int, TestError>(demand: .none)
    TestPublisher<Int, TestError>().delay(for: .seconds(1), scheduler: VirtualTimeScheduler()).subscribe(probe)
    let subscription = try #require(probe.subscription)

    #expect(!(subscription is any CustomStringConvertible))
    #expect(!(subscription is any CustomPlaygroundDisplayConvertible))
    #expect(!(subscription is any CustomReflectable))
  }
}
