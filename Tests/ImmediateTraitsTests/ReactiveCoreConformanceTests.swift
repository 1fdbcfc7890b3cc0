import Foundation
import ImmediateTraits
import ReactiveCore
import Testing

/// A subscriber that keeps the first value, or the failure, it receives.
private final class FirstEvent<Input, Failure: Error>: Subscriber {
  private let demandAtSubscription: Subscribers.Demand
  private(set) var subscription: (any Subscription)?
  private(set) var event: Result<Input, Failure>?
  private(set) var finishedFirst = false

  init(demandAtSubscription: Subscribers.Demand) {
    self.demandAtSubscription = demandAtSubscription
  }

  func receive(subscription: any Subscription) {
    self.subscription = subscription
    if demandAtSubscription > .none { subscription.request(demandAtSubscription) }
  }

  func receive(_ input: Input) -> Subscribers.Demand {
    if event == nil, !finishedFirst { event = .success(input) }
    return .none
  }

  func receive(completion: Subscribers.Completion<Failure>) {
    switch completion {
    case .finished:
      if event == nil { finishedFirst = true }
    case let .failure(error):
      if event == nil, !finishedFirst { event = .failure(error) }
    }
  }
}

/// `Just(value)` behind `Deferred`: immediate and single like `Just`, but
/// without Combine's specialised operators (`Just(1).map` is a `Just`), so
/// that `deferredJust(1).map` exercises the `Publishers.Map` row.
private func deferredJust<T>(_ value: T) -> Deferred<Just<T>> {
  Deferred { Just(value) }
}

/// Subscribes to `publisher` with `demand` at subscription, or with none and
/// then `request(.max(1))`, and returns its first value or its failure if it
/// arrived before that demand returned. Nil if nothing, or only `.finished`,
/// arrived by then.
private func event<P: Publisher>(of publisher: P, demandLater: Bool) -> Result<P.Output, P.Failure>? {
  let subscriber = FirstEvent<P.Output, P.Failure>(demandAtSubscription: demandLater ? .none : .max(1))
  publisher.subscribe(subscriber)
  if demandLater, subscriber.event == nil, !subscriber.finishedFirst, let subscription = subscriber.subscription {
    subscription.request(.max(1))
  }
  return subscriber.event
}

/// The first value or failure of an immediate publisher, demanded at
/// subscription; also checks that a second subscriber, which demands only
/// after its subscription, gets the same kind of event inside its first
/// request (or a failure at subscription).
///
/// Constrained to `ImmediatePublisher`: each call uses a conformance.
private func immediateEvent<P: ImmediatePublisher>(
  of publisher: P,
  sourceLocation: SourceLocation = #_sourceLocation
) -> Result<P.Output, P.Failure>? {
  let now = event(of: publisher, demandLater: false)
  let later = event(of: publisher, demandLater: true)
  switch (now, later) {
  case (.success, .success), (.failure, .failure):
    break
  default:
    Issue.record(
      "at subscription: \(String(describing: now)); at first demand: \(String(describing: later))",
      sourceLocation: sourceLocation
    )
  }
  return now
}

private struct Point: Codable, Equatable {
  var x = 1
  var y = 2
  var z = 3
}

private struct Discard: TextOutputStream {
  mutating func write(_: String) {}
}

private let failure = TestError(code: 1)

@Suite struct ReactiveCoreConformanceTests {
  // MARK: Publishers

  @Test func deferred() {
    #expect(immediateEvent(of: Deferred { Just(1) }) == .success(1))
  }

  @Test func fail() {
    #expect(immediateEvent(of: Fail<Int, TestError>(error: failure)) == .failure(failure))
  }

  @Test func just() {
    #expect(immediateEvent(of: Just(1)) == .success(1))
  }

  @Test func resultPublisher() {
    #expect(immediateEvent(of: Result<Int, TestError>.success(1).publisher) == .success(1))
    #expect(immediateEvent(of: Result<Int, TestError>.failure(failure).publisher) == .failure(failure))
  }

  // MARK: Mapping

  @Test func map() {
    #expect(immediateEvent(of: deferredJust(1).map { $0 + 1 }) == .success(2))
  }

  @Test func mapError() {
    let publisher = Fail<Int, TestError>(error: failure).mapError { TestError(code: $0.code + 1) }
    #expect(immediateEvent(of: publisher) == .failure(TestError(code: 2)))
  }

  @Test func mapKeyPath() {
    #expect(immediateEvent(of: Just(Point()).map(\.x)) == .success(1))
    #expect(immediateEvent(of: Just(Point()).map(\.x, \.y))?.map { [$0.0, $0.1] } == .success([1, 2]))
    #expect(immediateEvent(of: Just(Point()).map(\.x, \.y, \.z))?.map { [$0.0, $0.1, $0.2] } == .success([1, 2, 3]))
  }

  @Test func removeDuplicates() {
    #expect(immediateEvent(of: deferredJust(1).removeDuplicates()) == .success(1))
  }

  @Test func replaceEmpty() {
    #expect(immediateEvent(of: deferredJust(1).replaceEmpty(with: 0)) == .success(1))
  }

  @Test func replaceError() {
    #expect(immediateEvent(of: Fail<Int, TestError>(error: failure).replaceError(with: 0)) == .success(0))
  }

  @Test func scan() {
    #expect(immediateEvent(of: deferredJust(1).scan(10, +)) == .success(11))
  }

  @Test func setFailureType() {
    #expect(immediateEvent(of: deferredJust(1).setFailureType(to: TestError.self)) == .success(1))
  }

  @Test func tryMap() throws {
    #expect(try immediateEvent(of: deferredJust(1).tryMap { $0 + 1 })?.get() == 2)
    let thrown = immediateEvent(of: deferredJust(1).tryMap { _ -> Int in throw failure })
    #expect(throws: TestError.self) { try thrown?.get() }
  }

  @Test func tryRemoveDuplicates() throws {
    #expect(try immediateEvent(of: deferredJust(1).tryRemoveDuplicates { $0 == $1 })?.get() == 1)
  }

  @Test func tryScan() throws {
    #expect(try immediateEvent(of: deferredJust(1).tryScan(10) { $0 + $1 })?.get() == 11)
  }

  // MARK: Reducing

  @Test func first() {
    #expect(immediateEvent(of: deferredJust(1).append(2, 3).first()) == .success(1))
  }

  // MARK: Combining

  #if !REACTIVECORE_IS_OPENCOMBINE  // OpenCombine has no combineLatest
  @Test func combineLatest() {
    #expect(immediateEvent(of: Just(1).combineLatest(Just(2)))?.map { [$0.0, $0.1] } == .success([1, 2]))
    #expect(
      immediateEvent(of: Just(1).combineLatest(Just(2), Just(3)))?.map { [$0.0, $0.1, $0.2] } == .success([1, 2, 3])
    )
    let four = Just(1).combineLatest(Just(2), Just(3), Just(4))
    #expect(immediateEvent(of: four)?.map { [$0.0, $0.1, $0.2, $0.3] } == .success([1, 2, 3, 4]))
  }
  #endif

  @Test func concatenate() {
    #expect(immediateEvent(of: deferredJust(1).append(2, 3)) == .success(1))
    #expect(immediateEvent(of: [2, 3].publisher.prepend(Just(1))) == .success(1))
  }

  @Test func dropUntilOutput() {
    #expect(immediateEvent(of: Just(1).drop(untilOutputFrom: Just("go"))) == .success(1))
    let failing = Just(1).setFailureType(to: TestError.self).drop(
      untilOutputFrom: Fail<String, TestError>(error: failure)
    )
    #expect(immediateEvent(of: failing) == .failure(failure))
  }

  #if !REACTIVECORE_IS_OPENCOMBINE  // OpenCombine has no merge
  @Test func merge() {
    // Only the first upstream needs to be immediate.
    let never = PassthroughSubject<Int, Never>()
    #expect(immediateEvent(of: Just(1).merge(with: never)) == .success(1))
    #expect(immediateEvent(of: Just(1).merge(with: never, never)) == .success(1))
    #expect(immediateEvent(of: Just(1).merge(with: never, never, never)) == .success(1))
    #expect(immediateEvent(of: Just(1).merge(with: never, never, never, never)) == .success(1))
    #expect(immediateEvent(of: Just(1).merge(with: never, never, never, never, never)) == .success(1))
    #expect(immediateEvent(of: Just(1).merge(with: never, never, never, never, never, never)) == .success(1))
    #expect(immediateEvent(of: Just(1).merge(with: never, never, never, never, never, never, never)) == .success(1))
  }
  #endif

  @Test func switchToLatest() {
    #expect(immediateEvent(of: Just(Just(1)).switchToLatest()) == .success(1))
    // Several inner publishers at subscription: the first demand reaches the latest.
    #expect(immediateEvent(of: deferredJust(Just(1)).append(Just(2)).switchToLatest()) == .success(1))
  }

  @Test func zip() {
    #expect(immediateEvent(of: Just(1).zip(Just(2)))?.map { [$0.0, $0.1] } == .success([1, 2]))
    #expect(immediateEvent(of: Just(1).zip(Just(2), Just(3)))?.map { [$0.0, $0.1, $0.2] } == .success([1, 2, 3]))
    let four = Just(1).zip(Just(2), Just(3), Just(4))
    #expect(immediateEvent(of: four)?.map { [$0.0, $0.1, $0.2, $0.3] } == .success([1, 2, 3, 4]))
    let failing = Just(1).setFailureType(to: TestError.self).zip(Fail<Int, TestError>(error: failure))
    #expect(immediateEvent(of: failing)?.map { [$0.0, $0.1] } == .failure(failure))
  }

  // MARK: Lifecycle

  @Test func assertNoFailure() {
    #expect(immediateEvent(of: Just(1).setFailureType(to: TestError.self).assertNoFailure()) == .success(1))
  }

  @Test func breakpoint() {
    #expect(immediateEvent(of: Just(1).breakpoint()) == .success(1))
  }

  @Test func `catch`() {
    #expect(immediateEvent(of: Fail<Int, TestError>(error: failure).catch { _ in Just(2) }) == .success(2))
  }

  @Test func decode() throws {
    let data = try JSONEncoder().encode(Point())
    #expect(try immediateEvent(of: Just(data).decode(type: Point.self, decoder: JSONDecoder()))?.get() == Point())
  }

  @Test func encode() throws {
    let data = try immediateEvent(of: Just(Point()).encode(encoder: JSONEncoder()))?.get()
    #expect(try data.map { try JSONDecoder().decode(Point.self, from: $0) } == Point())
  }

  @Test func handleEvents() {
    #expect(immediateEvent(of: Just(1).handleEvents()) == .success(1))
  }

  @Test func print() {
    #expect(immediateEvent(of: Just(1).print(to: Discard())) == .success(1))
  }

  @Test func tryCatch() throws {
    #expect(try immediateEvent(of: Fail<Int, TestError>(error: failure).tryCatch { _ in Just(2) })?.get() == 2)
  }
}
