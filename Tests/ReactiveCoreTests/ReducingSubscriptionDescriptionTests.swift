import ReactiveCore
import Testing
import TraitsTesting

/// How the reducing and truncating operators (count, last, drop, collect,
/// contains, output, first, reduce, min/max, allSatisfy, prefix/drop while
/// and their `try` forms) describe their subscription: Combine's name for
/// the operator, which is what a debugger or `print` shows.
@Suite struct ReducingSubscriptionDescriptionTests {
  /// An operator built on a `ReducingUpstream`, and the name Combine gives
  /// its subscription.
  struct Row: Sendable, CustomTestStringConvertible {
    let name: String
    let describe: @Sendable () throws -> String

    init<P: Publisher & SendableMetatype>(_ name: String, _ make: @escaping @Sendable (ReducingUpstream) -> P) {
      self.name = name
      describe = { try subscriptionDescription(of: make(ReducingUpstream())) }
    }

    var testDescription: String { name }
  }

  static let rows: [Row] = [
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

  @Test(arguments: rows)
  func describesItsSubscriptionAsCombineDoes(_ row: Row) throws {
    #expect(try row.describe() == row.name)
  }
}
