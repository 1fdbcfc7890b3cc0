import ReactiveCore
import Testing
import TraitsTesting

/// Requesting a demand of zero from the subscription of each of these
/// publishers and operators traps with Combine's API-violation message, as
/// Combine does. (The time operators do not trap: see
/// `TimeOperatorZeroDemandTests`.)
@Suite struct ZeroDemandTrapTests {
  /// A publisher whose subscription must trap on `request(.none)`: a plain
  /// name, so that the exit test's child process can be told which.
  enum Trapping: String, CaseIterable, Codable, Sendable {
    case allSatisfy
    case autoconnect
    case catching
    case collectByCount
    case collect
    case combineLatest
    case comparison
    case contains
    case count
    case currentValueSubject
    case drop
    case dropWhile
    case first
    case firstWhere
    case flatMap
    case future
    case resolvedFuture
    case just
    case last
    case merge
    case multicast
    case passthroughSubject
    case prefixWhile
    case reduce
    case removeDuplicates
    case tryRemoveDuplicates
    case replaceEmpty
    case replaceError
    case resultPublisher
    case optionalPublisher
    case share
    case switchToLatest
    case tryCatch
    case tryCompactMap
    case tryFilter
    case zip

    /// Subscribes to the publisher without demand, then requests `.none`.
    func requestZeroDemand() {
      switch self {
      case .allSatisfy: requestNoDemand(from: TestPublisher<Int, TestError>().allSatisfy { _ in true })
      case .autoconnect: requestNoDemand(from: TestPublisher<Int, Never>().makeConnectable().autoconnect())
      case .catching: requestNoDemand(from: Empty<Int, TestError>(completeImmediately: false).catch { _ in Just(0) })
      case .collectByCount: requestNoDemand(from: TestPublisher<Int, TestError>().collect(2))
      case .collect: requestNoDemand(from: TestPublisher<Int, TestError>().collect())
      case .combineLatest: requestNoDemand(from: Just(1).combineLatest(Just(2)))
      case .comparison: requestNoDemand(from: TestPublisher<Int, TestError>().max())
      case .contains: requestNoDemand(from: TestPublisher<Int, TestError>().contains(1))
      case .count: TestPublisher<Int, TestError>().count().record(demand: .none).request(.none)
      case .currentValueSubject: requestNoDemand(from: CurrentValueSubject<Int, Never>(0))
      case .drop: requestNoDemand(from: TestPublisher<Int, TestError>().dropFirst())
      case .dropWhile: requestNoDemand(from: TestPublisher<Int, TestError>().drop { _ in true })
      case .first: requestNoDemand(from: TestPublisher<Int, TestError>().first())
      case .firstWhere: requestNoDemand(from: TestPublisher<Int, TestError>().first { _ in true })
      case .flatMap: requestNoDemand(from: Just(1).flatMap { Just($0) })
      case .future: requestNoDemand(from: Future<Int, Never> { _ in })
      case .resolvedFuture: requestNoDemand(from: Future<Int, Never> { $0(.success(1)) })
      case .just: requestNoDemand(from: Just(1))
      case .last: requestNoDemand(from: TestPublisher<Int, TestError>().last())
      case .merge: requestNoDemand(from: Just(1).merge(with: Just(2)))
      case .multicast: requestNoDemand(from: TestPublisher<Int, TestError>().multicast { PassthroughSubject() })
      case .passthroughSubject: requestNoDemand(from: PassthroughSubject<Int, Never>())
      case .prefixWhile: requestNoDemand(from: TestPublisher<Int, TestError>().prefix { _ in true })
      case .reduce: requestNoDemand(from: TestPublisher<Int, TestError>().reduce(0, +))
      case .removeDuplicates: requestNoDemand(from: unspecialisedJust(1).removeDuplicates())
      case .tryRemoveDuplicates: requestNoDemand(from: unspecialisedJust(1).tryRemoveDuplicates(by: ==))
      case .replaceEmpty: requestNoDemand(from: Empty<Int, Never>().replaceEmpty(with: 0))
      case .replaceError: requestNoDemand(from: Fail<Int, TestError>(error: TestError()).replaceError(with: 0))
      case .resultPublisher: Result<Int, TestError>.success(1).publisher.record(demand: .none).request(.none)
      case .optionalPublisher: Optional(1).publisher.record(demand: .none).request(.none)
      case .share: requestNoDemand(from: TestPublisher<Int, Never>().share())
      case .switchToLatest: requestNoDemand(from: Just(Just(1)).switchToLatest())
      case .tryCatch: requestNoDemand(from: Empty<Int, TestError>(completeImmediately: false).tryCatch { _ in Just(0) })
      case .tryCompactMap: requestNoDemand(from: Just(1).tryCompactMap { $0 })
      case .tryFilter: requestNoDemand(from: Just(1).tryFilter { _ in true })
      case .zip: requestNoDemand(from: Just(1).zip(Just(2)))
      }
    }
  }

  @Test(arguments: Trapping.allCases)
  func requestingNoDemandTraps(_ publisher: Trapping) async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) { [publisher] in
      publisher.requestZeroDemand()
    }
    #expect(result.standardErrorText.contains("API violation: demand must be greater than zero"))
  }
}
