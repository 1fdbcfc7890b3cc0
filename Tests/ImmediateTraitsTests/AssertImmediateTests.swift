import ImmediateTraits
import ReactiveCore
import Testing
import TraitsTesting

@Suite struct AssertImmediateTests {
  // MARK: Honoured contract

  @Test func republishesAValueAndTheCompletionAtSubscription() {
    let recorder = Just(1).eraseToAnyPublisher().assertImmediate().record()
    #expect(recorder.events == [.subscription, .value(1), .finished])
  }

  @Test func republishesAFailureAtSubscription() {
    let recorder = Fail<Int, TestError>(error: TestError(code: 1)).eraseToAnyPublisher().assertImmediate().record()
    #expect(recorder.events == [.subscription, .failure(TestError(code: 1))])
  }

  @Test func letsMoreValuesAndTheCompletionComeLater() {
    let subject = CurrentValueSubject<Int, Never>(1)
    let recorder = subject.assertImmediate().record()

    subject.send(2)
    subject.send(completion: .finished)

    #expect(recorder.events == [.subscription, .value(1), .value(2), .finished])
  }

  // MARK: Demand

  @Test func withoutDemandWaitsAndChecksNothing() {
    let upstream = TestPublisher<Int, Never>()
    let recorder = upstream.assertImmediate().record(demand: .none)

    #expect(recorder.events == [.subscription])
    #expect(upstream.requests == [])
  }

  @Test func theFirstDemandGetsItsValueInsideTheRequest() {
    let recorder = Just(1).eraseToAnyPublisher().assertImmediate().record(demand: .none)

    recorder.request(.max(1))

    #expect(recorder.events == [.subscription, .value(1), .finished])
  }

  @Test func stepByStepDemandGetsOneValueAtATime() {
    let recorder = [1, 2, 3].publisher.assertImmediate().record(demand: .none)

    recorder.request(.max(1))
    #expect(recorder.events == [.subscription, .value(1)])

    recorder.request(.max(1))
    #expect(recorder.events == [.subscription, .value(1), .value(2)])

    recorder.request(.max(1))
    #expect(recorder.events == [.subscription, .value(1), .value(2), .value(3), .finished])
  }

  @Test func sendsTheDownstreamDemandUpstreamUnchanged() {
    let upstream = TestPublisher<Int, Never>()
    let recorder = upstream.assertImmediate().record(demand: .none)
    upstream.send(1)  // a value before demand: TestPublisher ignores demand

    recorder.request(.max(2))
    recorder.request(.unlimited)

    #expect(upstream.requests == [.max(2), .unlimited])
  }

  @Test func reentrantRequestFromReceiveIsForwarded() {
    let recorder = [1, 2, 3].publisher.assertImmediate().record(demand: .max(1)) { _, _ in .max(1) }
    #expect(recorder.events == [.subscription, .value(1), .value(2), .value(3), .finished])
  }

  // MARK: Cancellation

  @Test func cancelReachesTheUpstream() {
    let upstream = TestPublisher<Int, Never>()
    let recorder = upstream.assertImmediate().record(demand: .none)

    recorder.cancel()
    recorder.cancel()

    #expect(upstream.cancellations == 1)
    #expect(!upstream.hasSubscribers)
  }

  @Test func cancelStopsTheChecks() {
    let upstream = TestPublisher<Int, Never>()
    let recorder = upstream.assertImmediate().record(demand: .none)

    recorder.cancel()
    upstream.send(completion: .finished)  // would trap before cancel: no value yet

    #expect(recorder.events == [.subscription])
  }

  @Test func reentrantCancelFromReceiveStopsTheValues() {
    let recorder = [1, 2, 3].publisher.assertImmediate().record { value, recorder in
      if value == 1 { recorder.cancel() }
      return .none
    }
    #expect(recorder.events == [.subscription, .value(1)])
  }

  // MARK: Lifetimes

  @Test func completionReleasesTheDownstream() {
    weak var weakHolder: LifetimeProbe<Int, Never>?
    do {
      let holder = LifetimeProbe<Int, Never>(demand: .unlimited)
      weakHolder = holder
      Just(1).eraseToAnyPublisher().assertImmediate().subscribe(holder)
    }
    // The holder keeps the subscription: only its release breaks the cycle.
    #expect(weakHolder == nil)
  }

  @Test func cancelReleasesTheDownstream() {
    let upstream = TestPublisher<Int, Never>()
    weak var weakHolder: LifetimeProbe<Int, Never>?
    do {
      let holder = LifetimeProbe<Int, Never>(demand: .none)
      weakHolder = holder
      upstream.assertImmediate().subscribe(holder)
      holder.subscription?.cancel()
    }
    #expect(weakHolder == nil)
    #expect(upstream.cancellations == 1)
  }

  // MARK: Traps

  @Test func thePrefixBeginsTheTrapMessage() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      _ = Empty<Int, Never>().assertImmediate("Feed:", line: 8).record()
    }
    #expect(
      result.standardErrorText.contains(
        "Feed: Immediate violation: finished without a value (AssertImmediateTests.swift:8)"
      )
    )
  }

  @Test func trapsWhenNothingComesAtSubscriptionDespiteDemand() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      _ = Empty<Int, Never>(completeImmediately: false).assertImmediate(line: 42).record()
    }
    #expect(
      result.standardErrorText.contains(
        "Immediate violation: no value or failure at subscription (AssertImmediateTests.swift:42)"
      )
    )
  }

  @Test func trapsWhenAValueComesOnlyAfterSubscription() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      let subject = PassthroughSubject<Int, Never>()
      _ = subject.assertImmediate(line: 7).record()
      subject.send(1)
    }
    #expect(
      result.standardErrorText.contains(
        "Immediate violation: no value or failure at subscription (AssertImmediateTests.swift:7)"
      )
    )
  }

  @Test func trapsWhenNothingComesAtTheFirstDemand() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      let recorder = Empty<Int, Never>(completeImmediately: false).assertImmediate(line: 42).record(demand: .none)
      recorder.request(.max(1))
    }
    #expect(
      result.standardErrorText.contains(
        "Immediate violation: no value or failure at first demand (AssertImmediateTests.swift:42)"
      )
    )
  }

  @Test func trapsWhenTheUpstreamFinishesWithoutAValueEvenWithoutDemand() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      _ = Empty<Int, Never>().assertImmediate(line: 42).record(demand: .none)
    }
    #expect(
      result.standardErrorText.contains(
        "Immediate violation: finished without a value (AssertImmediateTests.swift:42)"
      )
    )
  }

  @Test func trapsOnARequestForNoDemand() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      let holder = LifetimeProbe<Int, Never>(demand: .none)
      Just(1).eraseToAnyPublisher().assertImmediate().subscribe(holder)
      holder.subscription?.request(.none)
    }
    #expect(result.standardErrorText.contains("API violation: demand must be greater than zero"))
  }

  @Test func theDefaultLocationIsTheCallersFile() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      _ = Empty<Int, Never>().assertImmediate().record()
    }
    #expect(result.standardErrorText.contains("(AssertImmediateTests.swift:"))
  }
}
