import ReactiveCore
import Testing
import TraitsTesting

@Suite struct EmptyTests {
  @Test func finishesAtSubscriptionWithoutDemand() {
    let recorder = Empty<Int, TestError>().record(demand: .none)
    #expect(recorder.events == [.subscription, .finished])
  }

  @Test func neverCompletesWhenToldNotToCompleteImmediately() {
    let recorder = Empty<Int, TestError>(completeImmediately: false).record()
    #expect(recorder.events == [.subscription])
  }

  @Test func canNameItsTypes() {
    let empty = Empty(completeImmediately: true, outputType: String.self, failureType: TestError.self)
    #expect(empty.record().events == [.subscription, .finished])
    #expect(empty == Empty<String, TestError>())
    #expect(empty != Empty<String, TestError>(completeImmediately: false))
  }

  @Test func requestingNoDemandIsANoOp() {
    let recorder = Empty<Int, TestError>(completeImmediately: false).record(demand: .none)
    recorder.request(.none)
    #expect(recorder.events == [.subscription])
  }
}

@Suite struct FailTests {
  @Test func failsAtSubscriptionWithoutDemand() {
    let recorder = Fail<Int, TestError>(error: TestError(code: 1)).record(demand: .none)
    #expect(recorder.events == [.subscription, .failure(TestError(code: 1))])
  }

  @Test func canNameItsOutputType() {
    let fail = Fail(outputType: Int.self, failure: TestError(code: 2))
    #expect(fail.record().events == [.subscription, .failure(TestError(code: 2))])
    #expect(fail == Fail<Int, TestError>(error: TestError(code: 2)))
    #expect(fail.error == TestError(code: 2))
  }
}
