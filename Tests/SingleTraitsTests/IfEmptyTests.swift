import MaybeTraits
import ReactiveCore
import SingleTraits
import Testing
import TraitsTesting

@Suite struct IfEmptyTests {
  @Test func ifEmptyDefaultPublishesTheDefaultWhenTheUpstreamIsEmpty() {
    let recording = Empty<Int, TestError>().ifEmpty(default: 7).record()
    #expect(recording.events == [.subscription, .value(7), .finished])
  }

  @Test func ifEmptyDefaultIsReplaceEmptyAndASingle() {
    let publisher: Publishers.ReplaceEmpty<Optional<Int>.Publisher> = Optional<Int>.none.publisher.ifEmpty(default: 1)
    let outcome = Shared<Result<Int, Never>?>(nil)
    let cancellable = publisher.sinkSingle { outcome.value = $0 }
    #expect(outcome.value == .success(1))
    withExtendedLifetime(cancellable) {}
  }

  @Test func switchesToTheReplacementWhenTheUpstreamFinishesEmpty() {
    let upstream = TestPublisher<Int, TestError>()
    let replacement = TestPublisher<Int, TestError>()
    let recording = ForwardMaybe(upstream: upstream).ifEmpty(switchTo: ForwardSingle(upstream: replacement)).record()
    #expect(replacement.subscriptionCount == 0)

    upstream.send(completion: .finished)
    #expect(replacement.subscriptionCount == 1)
    _ = replacement.send(2)
    replacement.send(completion: .finished)

    #expect(recording.events == [.subscription, .value(2), .finished])
  }

  @Test func aValueOfTheUpstreamPassesAndTheReplacementIsNeverSubscribed() {
    let upstream = TestPublisher<Int, TestError>()
    let replacement = TestPublisher<Int, TestError>()
    let recording = ForwardMaybe(upstream: upstream).ifEmpty(switchTo: ForwardSingle(upstream: replacement)).record()

    _ = upstream.send(1)
    upstream.send(completion: .finished)

    #expect(recording.events == [.subscription, .value(1), .finished])
    #expect(replacement.subscriptionCount == 0)
  }

  @Test func aFailureOfTheUpstreamPassesAndTheReplacementIsNeverSubscribed() {
    let upstream = TestPublisher<Int, TestError>()
    let replacement = TestPublisher<Int, TestError>()
    let recording = ForwardMaybe(upstream: upstream).ifEmpty(switchTo: ForwardSingle(upstream: replacement)).record()

    upstream.send(completion: .failure(TestError(code: 1)))

    #expect(recording.events == [.subscription, .failure(TestError(code: 1))])
    #expect(replacement.subscriptionCount == 0)
  }

  @Test func aFailureOfTheReplacementFails() {
    let recording = Empty<Int, TestError>()
      .ifEmpty(switchTo: Fail<Int, TestError>(error: TestError(code: 2)))
      .record()
    #expect(recording.events == [.subscription, .failure(TestError(code: 2))])
  }

  @Test func theValueWaitsForDemand() {
    let recording = Empty<Int, Never>().ifEmpty(switchTo: Just(3)).record(demand: .none)
    #expect(recording.events == [.subscription])
    recording.request(.max(1))
    #expect(recording.events == [.subscription, .value(3), .finished])
  }

  @Test func cancellingReachesTheUpstreamThenTheReplacement() {
    let upstream = TestPublisher<Int, TestError>()
    let replacement = TestPublisher<Int, TestError>()
    let first = ForwardMaybe(upstream: upstream).ifEmpty(switchTo: ForwardSingle(upstream: replacement)).record()
    first.cancel()
    #expect(upstream.cancellations == 1)

    let second = ForwardMaybe(upstream: upstream).ifEmpty(switchTo: ForwardSingle(upstream: replacement)).record()
    upstream.send(completion: .finished)
    second.cancel()
    #expect(replacement.cancellations == 1)
  }

  @Test func theTraitIsTheReplacements() {
    let none = Empty<Int, Never>()
    // Each call compiles only because of a conditional conformance.
    let single: some SinglePublisher<Int, Never> = none.ifEmpty(switchTo: Just(1))
    let maybe: some MaybePublisher<Int, Never> = none.ifEmpty(switchTo: Optional(2).publisher)
    let outcomes = Shared<[MaybeResult<Int, Never>]>([])
    let cancellables = [
      single.sinkSingle { result in outcomes.value.append(result.maybeResult) },
      maybe.sinkMaybe { outcomes.value.append($0) },
    ]
    #expect(outcomes.value.map(\.value) == [1, 2])
    withExtendedLifetime(cancellables) {}
  }

  @Test func aManyValuedReplacementGivesAPlainPublisher() {
    let recording = Empty<Int, Never>().ifEmpty(switchTo: [1, 2].publisher).record()
    #expect(recording.events == [.subscription, .value(1), .value(2), .finished])
  }

  @Test func releasesTheReplacementAfterCompletion() {
    weak var weakToken: Token?
    let recording: RecordingSubscriber<Int, Never>
    do {
      let token = Token()
      weakToken = token
      recording = Empty<Int, Never>().ifEmpty(
        switchTo: Just(1).map { [token] value in withExtendedLifetime(token) { value } }
      )
      .record()
    }
    #expect(recording.events == [.subscription, .value(1), .finished])
    #expect(weakToken == nil)
  }
}

extension Result {
  /// The same outcome, as a maybe result.
  fileprivate var maybeResult: MaybeResult<Success, Failure> {
    switch self {
    case let .success(value): .success(value)
    case let .failure(error): .failure(error)
    }
  }
}

extension MaybeResult {
  /// The value, if any.
  fileprivate var value: Success? {
    if case let .success(value) = self { value } else { nil }
  }
}
