import MaybeTraits
import ReactiveCore
import SingleTraits
import Testing
import TraitsTesting

@Suite struct TraitPublishersZipTests {
  @Test func publishesTheTupleOfValuesOfDifferentTypes() {
    let number = TestPublisher<Int, TestError>()
    let text = TestPublisher<String, TestError>()
    let recording = TraitPublishers.zip(
      ForwardSingle(upstream: number).eraseToAnySinglePublisher(),
      ForwardSingle(upstream: text).eraseToAnySinglePublisher(),
      AnySinglePublisher<Bool, TestError>.just(true)
    )
    .map { "\($0.0) \($0.1) \($0.2)" }
    .record()

    _ = text.send("x")
    text.send(completion: .finished)
    #expect(recording.events == [.subscription])
    _ = number.send(1)
    number.send(completion: .finished)

    #expect(recording.events == [.subscription, .value("1 x true"), .finished])
  }

  @Test func oneArgumentPublishesItsValue() {
    let zipped: AnySinglePublisher<Int, Never> = TraitPublishers.zip(AnySinglePublisher<Int, Never>.just(4))
    #expect(zipped.record().events == [.subscription, .value(4), .finished])
  }

  @Test func aFailureFailsAndCancelsTheOthers() {
    let number = TestPublisher<Int, TestError>()
    let recording = TraitPublishers.zip(
      ForwardSingle(upstream: number).eraseToAnySinglePublisher(),
      AnySinglePublisher<String, TestError>.fail(TestError(code: 2))
    )
    .map { "\($0.0) \($0.1)" }
    .record()

    #expect(recording.events == [.subscription, .failure(TestError(code: 2))])
    #expect(number.cancellations == 1)
  }

  @Test func theValueWaitsForDemandAndCancellingReachesEveryPublisher() {
    let first = TestPublisher<Int, TestError>()
    let second = TestPublisher<Int, TestError>()
    let recording = TraitPublishers.zip(
      ForwardSingle(upstream: first).eraseToAnySinglePublisher(),
      ForwardSingle(upstream: second).eraseToAnySinglePublisher()
    )
    .map { $0.0 + $0.1 }
    .record(demand: .none)
    #expect(first.subscriptionCount == 1)

    recording.cancel()

    #expect(first.cancellations == 1)
    #expect(second.cancellations == 1)
  }

  @Test func isSingle() {
    let zipped = TraitPublishers.zip(
      AnySinglePublisher<Int, Never>.just(1),
      AnySinglePublisher<String, Never>.just("a")
    )
    let outcome = Shared<String?>(nil)
    let cancellable = zipped.sinkSingle { result in
      if case let .success((number, text)) = result { outcome.value = "\(number)\(text)" }
    }
    #expect(outcome.value == "1a")
    withExtendedLifetime(cancellable) {}
  }
}
