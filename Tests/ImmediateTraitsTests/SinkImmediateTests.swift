import ImmediateTraits
import ReactiveCore
import Testing
import TraitsTesting

@Suite struct SinkImmediateTests {
  @Test func theFirstValueHasArrivedWhenItReturns() {
    let subject = PassthroughSubject<String, Never>()
    var values: [String] = []
    let cancellable = subject.prepend("connecting…").sinkImmediate { values.append($0) }
    #expect(values == ["connecting…"])

    subject.send("online")

    #expect(values == ["connecting…", "online"])
    withExtendedLifetime(cancellable) {}
  }

  @Test func aFailureAtSubscriptionCounts() {
    var completions: [Subscribers.Completion<TestError>] = []
    let cancellable = Fail<Int, TestError>(error: TestError(code: 1)).sinkImmediate(
      receiveCompletion: { completions.append($0) },
      receiveValue: { _ in }
    )
    #expect(completions == [.failure(TestError(code: 1))])
    withExtendedLifetime(cancellable) {}
  }

  @Test func cancellingReachesTheUpstream() {
    let subject = PassthroughSubject<Int, Never>()
    var values: [Int] = []
    let cancellable = subject.prepend(1).sinkImmediate { values.append($0) }
    cancellable.cancel()
    subject.send(2)
    #expect(values == [1])
  }

  @Test func immediateResultReadsTheOutcome() {
    #expect(Just(1).map { $0 + 1 }.immediateResult == .success(2))
    #expect(Fail<Int, TestError>(error: TestError(code: 3)).immediateResult == .failure(TestError(code: 3)))
  }

  @Test func immediateValueReadsTheFirstValue() {
    let subject = PassthroughSubject<Int, Never>()
    #expect(subject.prepend(5).immediateValue == 5)
    #expect(Just("a").immediateValue == "a")
  }

  @Test func immediateValueCancelsAfterTheFirstValue() {
    var cancels = 0
    let value = PassthroughSubject<Int, Never>().prepend(5).handleEvents(receiveCancel: { cancels += 1 }).immediateValue
    #expect(value == 5)
    #expect(cancels == 1)
  }

  @Test func sinkImmediateTrapsWithoutAValueAtSubscription() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      _ = PassthroughSubject<Int, Never>().uncheckedImmediate().sinkImmediate { _ in }
    }
    #expect(result.standardErrorText.contains("Immediate violation: no value at subscription (sinkImmediate)"))
  }

  @Test func immediateResultTrapsWhenFinishedEmpty() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      _ = Empty<Int, Never>().uncheckedImmediate().immediateResult
    }
    #expect(result.standardErrorText.contains("Immediate violation: no value at subscription (immediateResult)"))
  }

  @Test func immediateValueTrapsWithoutAValue() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      _ = PassthroughSubject<Int, Never>().uncheckedImmediate().immediateValue
    }
    #expect(result.standardErrorText.contains("Immediate violation: no value at subscription (immediateValue)"))
  }
}
