import ImmediateTraits
import ReactiveCore
import Testing
import TraitsTesting

@Suite struct PrependValueTests {
  @Test func publishesTheValueThenTheUpstreamLikeTheVariadicForm() {
    let subject = PassthroughSubject<Int, TestError>()
    let recorder = subject.prepend(0).record()
    subject.send(1)
    subject.send(completion: .finished)
    #expect(recorder.events == [.subscription, .value(0), .value(1), .finished])
  }

  @Test func isImmediateWhateverTheUpstream() {
    let subject = PassthroughSubject<Int, Never>()
    let immediate: some ImmediatePublisher<Int, Never> = subject.prepend(0)
    // The value is there before subscribe returns.
    #expect(immediate.record().values == [0])
  }

  @Test func waitsForDemandThenPublishesTheValue() {
    let recorder = Empty<Int, Never>(completeImmediately: false).prepend(0).record(demand: .none)
    #expect(recorder.events == [.subscription])
    recorder.request(.max(1))
    #expect(recorder.events == [.subscription, .value(0)])
  }

  @Test func severalValuesStillUseCombinesVariadicForm() {
    let publisher: Publishers.Concatenate<Publishers.Sequence<[Int], Never>, Just<Int>> = Just(2).prepend(0, 1)
    #expect(publisher.record().values == [0, 1, 2])
  }
}
