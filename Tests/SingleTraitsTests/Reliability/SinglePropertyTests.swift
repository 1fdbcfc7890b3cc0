import MaybeTraits
import ReactiveCore
import SingleTraits
import Testing
import TraitsTesting

/// Property-based checks of the single trait, with seeded random cases (see
/// `Reliability.forEachCase`): a failing case prints its seed, and
/// `RELIABILITY_SEED=<seed>` replays it alone.
@Suite(.tags(.reliability)) struct SinglePropertyTests {
  typealias Output = RecordingSubscriber<Int, SingleError<TestError>>.Event

  /// What `checkSingle()` publishes for `events`, once there is demand.
  static func expected(_ events: [UpstreamEvent]) -> [Output] {
    expectedOneValueEvents(
      for: events,
      whenEmpty: [.subscription, .failure(.missingElement)],
      tooManyElements: .tooManyElements,
      bothElementAndError: { .bothElementAndError($0) },
      upstream: { .upstream($0) }
    )
  }

  @Test func checkSingleTurnsAnyEventSequenceIntoASingleOutput() {
    let cases = checkOneValueCheckAgainstAnyEvents(
      "checkSingle",
      { $0.checkSingle() },
      expected: Self.expected,
      tooManyElements: .tooManyElements,
      also: { isSingleShaped($0) ? [] : ["not a single: \($0)"] }
    )
    #expect(cases > 0)
  }

  @Test func chainsOfSinglePreservingOperatorsPublishExactlyOneValueOrAnError() {
    let cases = Reliability.forEachCase("singleChains", cases: Reliability.cases(light: 400, heavy: 50_000)) {
      generator in
      let scheduler = VirtualTimeScheduler()
      var chain = SingleChain.base(using: &generator, scheduler: scheduler)
      for _ in 0..<Int.random(in: 1...5, using: &generator) {
        chain = chain.appending(using: &generator, scheduler: scheduler)
      }
      let demand = generator.demand()
      let recorder = chain.publisher.record(demand: demand)
      scheduler.run()
      if demand == .none {
        recorder.request(.max(1))
        scheduler.run()
      }
      let expected: [RecordingSubscriber<Int, TestError>.Event] =
        switch chain.model {
        case let .success(value): [.subscription, .value(value), .finished]
        case let .failure(error): [.subscription, .failure(error)]
        }
      guard recorder.events == expected else {
        return ["\(chain.recipe.joined(separator: "."))): got \(recorder.events), expected \(expected)"]
      }
      return []
    }
    #expect(cases > 0)
  }
}

/// Whether `events` is what a single publisher may publish: one value then
/// finished, or a failure alone.
func isSingleShaped<Input, Failure>(_ events: [RecordingSubscriber<Input, Failure>.Event]) -> Bool {
  let events = Array(events.dropFirst())
  switch events.count {
  case 0: return true  // not complete yet
  case 1:
    if case .failure = events[0] { return true }
    return false
  case 2:
    if case .value = events[0], case .finished = events[1] { return true }
    return false
  default: return false
  }
}

/// A random single publisher, built from single-preserving operators only,
/// with what it must publish (`model`) and how it was built (`recipe`).
struct SingleChain {
  var publisher: AnySinglePublisher<Int, TestError>
  var model: Result<Int, TestError>
  var recipe: [String]

  static func base(using generator: inout SplitMix64, scheduler: VirtualTimeScheduler) -> SingleChain {
    let value = Int.random(in: 0..<100, using: &generator)
    switch Int.random(in: 0..<5, using: &generator) {
    case 0:
      return SingleChain(
        publisher: Just(value).setFailureType(to: TestError.self).eraseToAnySinglePublisher(),
        model: .success(value),
        recipe: ["Just(\(value))"]
      )
    case 1:
      return SingleChain(
        publisher: Fail(error: TestError(code: value)).eraseToAnySinglePublisher(),
        model: .failure(TestError(code: value)),
        recipe: ["Fail(\(value))"]
      )
    case 2:
      let result: Result<Int, TestError> = value.isMultiple(of: 4) ? .failure(TestError(code: value)) : .success(value)
      return SingleChain(
        publisher: TraitPublishers.Single { promise in
          promise(result)
          return AnyCancellable {}
        }.eraseToAnySinglePublisher(),
        model: result,
        recipe: ["Single(\(result))"]
      )
    case 3:
      let result: Result<Int, TestError> = value.isMultiple(of: 4) ? .failure(TestError(code: value)) : .success(value)
      return SingleChain(
        publisher: TraitPublishers.Single { promise in
          scheduler.schedule(after: scheduler.now.advanced(by: .seconds(2))) { promise(result) }
          return AnyCancellable {}
        }.eraseToAnySinglePublisher(),
        model: result,
        recipe: ["Single(later \(result))"]
      )
    default:
      return SingleChain(
        publisher: Just(value).setFailureType(to: TestError.self).delay(for: .seconds(1), scheduler: scheduler)
          .eraseToAnySinglePublisher(),
        model: .success(value),
        recipe: ["Just(\(value)).delay"]
      )
    }
  }

  func appending(using generator: inout SplitMix64, scheduler: VirtualTimeScheduler) -> SingleChain {
    let k = Int.random(in: 1..<10, using: &generator)
    var next = self
    switch Int.random(in: 0..<11, using: &generator) {
    case 0:
      next.publisher = publisher.map { $0 + k }.eraseToAnySinglePublisher()
      next.model = model.map { $0 + k }
      next.recipe.append("map(+\(k))")
    case 1:
      next.publisher = publisher.tryMap { value in
        if value.isMultiple(of: k) { throw TestError(code: 1_000 + k) }
        return value * 2
      }
      .mapError { $0 as? TestError ?? TestError(code: -1) }
      .eraseToAnySinglePublisher()
      next.model = model.flatMap { $0.isMultiple(of: k) ? .failure(TestError(code: 1_000 + k)) : .success($0 * 2) }
      next.recipe.append("tryMap(throws if multiple of \(k))")
    case 2:
      let inner = SingleChain.base(using: &generator, scheduler: scheduler)
      next.publisher = publisher.flatMap { value in inner.publisher.map { $0 + value } }.eraseToAnySinglePublisher()
      next.model = model.flatMap { value in inner.model.map { $0 + value } }
      next.recipe.append("flatMap(\(inner.recipe.joined(separator: ".")))")
    case 3:
      let other = SingleChain.base(using: &generator, scheduler: scheduler)
      guard case let .success(otherValue) = other.model else { return self }
      next.publisher = publisher.zip(other.publisher) { $0 + $1 }.eraseToAnySinglePublisher()
      next.model = model.map { $0 + otherValue }
      next.recipe.append("zip(\(other.recipe.joined(separator: ".")))")
    case 4:
      next.publisher = publisher.catch { _ in Just(k).setFailureType(to: TestError.self) }.eraseToAnySinglePublisher()
      next.model = model.flatMapError { _ in .success(k) }
      next.recipe.append("catch(Just(\(k)))")
    case 5:
      next.publisher = publisher.replaceError(with: k).setFailureType(to: TestError.self).eraseToAnySinglePublisher()
      next.model = model.flatMapError { _ in .success(k) }
      next.recipe.append("replaceError(\(k))")
    case 6:
      next.publisher = publisher.handleEvents(receiveOutput: { _ in }).eraseToAnySinglePublisher()
      next.recipe.append("handleEvents")
    case 7:
      next.publisher = publisher.receive(on: ImmediateScheduler.shared).eraseToAnySinglePublisher()
      next.recipe.append("receive(on: immediate)")
    case 8:
      next.publisher = publisher.delay(for: .seconds(k), scheduler: scheduler).eraseToAnySinglePublisher()
      next.recipe.append("delay(\(k))")
    case 9:
      next.publisher = publisher.mapError { TestError(code: $0.code + k) }.eraseToAnySinglePublisher()
      next.model = model.mapError { TestError(code: $0.code + k) }
      next.recipe.append("mapError(+\(k))")
    default:
      next.publisher = Publishers.CheckSingle(upstream: publisher).mapError { error -> TestError in
        if case let .upstream(error) = error { return error }
        return TestError(code: -2)
      }
      .eraseToAnySinglePublisher()
      next.recipe.append("checkSingle")
    }
    return next
  }
}
