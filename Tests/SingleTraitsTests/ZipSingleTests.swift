import ReactiveCore
import SingleTraits
import Testing
import TraitsTesting

@Suite struct ZipSingleTests {
  @Test func isAPublicSinglePublisherTypeThatResubscribesEachTime() {
    let first = TestPublisher<Int, TestError>()
    let second = TestPublisher<Int, TestError>()
    let zipped: TraitPublishers.ZipSingle<[ForwardSingle<TestPublisher<Int, TestError>>]> =
      TraitPublishers.ZipSingle(collection: [first, second].map { ForwardSingle(upstream: $0) })
    let erased: AnySinglePublisher<[Int], TestError> = zipped.eraseToAnySinglePublisher()  // compiles: a single
    _ = erased
    #expect(zipped.collection.count == 2)

    let early = zipped.record()
    let late = zipped.record()
    #expect(first.subscriptionCount == 2 && second.subscriptionCount == 2)
    _ = first.send(1)
    first.send(completion: .finished)
    _ = second.send(2)
    second.send(completion: .finished)

    #expect(early.events == [.subscription, .value([1, 2]), .finished])
    #expect(late.events == [.subscription, .value([1, 2]), .finished])
  }

  @Test func anEmptyCollectionPublishesAnEmptyArray() {
    let singles: [AnySinglePublisher<Int, TestError>] = []
    #expect(singles.zipSingle().record().events == [.subscription, .value([]), .finished])
  }

  @Test func publishesTheValuesInTheOrderOfTheCollection() {
    let first = TestPublisher<Int, TestError>()
    let second = TestPublisher<Int, TestError>()
    let third = TestPublisher<Int, TestError>()
    let recording = [first, second, third].map { ForwardSingle(upstream: $0) }.zipSingle().record()

    _ = third.send(3)
    third.send(completion: .finished)
    _ = first.send(1)
    first.send(completion: .finished)
    #expect(recording.events == [.subscription])
    _ = second.send(2)
    second.send(completion: .finished)

    #expect(recording.events == [.subscription, .value([1, 2, 3]), .finished])
  }

  @Test func theValueWaitsForDemand() {
    let singles = [AnySinglePublisher<Int, TestError>.just(1), .just(2)]
    let recording = singles.zipSingle().record(demand: .none)
    #expect(recording.events == [.subscription])

    recording.request(.max(1))

    #expect(recording.events == [.subscription, .value([1, 2]), .finished])
  }

  @Test func aFailureFailsAndCancelsTheOthers() {
    let first = TestPublisher<Int, TestError>()
    let second = TestPublisher<Int, TestError>()
    let third = TestPublisher<Int, TestError>()
    let recording = [first, second, third].map { ForwardSingle(upstream: $0) }.zipSingle().record()

    second.send(completion: .failure(TestError(code: 2)))

    #expect(recording.events == [.subscription, .failure(TestError(code: 2))])
    #expect(first.cancellations == 1)
    #expect(third.cancellations == 1)
  }

  @Test func cancellingReachesEveryPublisher() {
    let first = TestPublisher<Int, TestError>()
    let second = TestPublisher<Int, TestError>()
    let recording = [first, second].map { ForwardSingle(upstream: $0) }.zipSingle().record()

    recording.cancel()

    #expect(first.cancellations == 1)
    #expect(second.cancellations == 1)
  }
}
