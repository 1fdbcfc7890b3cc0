import ReactiveCore
import Testing
import TraitsTesting

@Suite struct ResultPublisherTests {
  @Test func aSuccessPublishesOnDemandThenFinishes() {
    expectPublishesOnDemand(Result<Int, TestError>.success(1).publisher, 1)
  }

  @Test func aFailureFailsAtSubscriptionWithoutDemand() {
    expectFailsWithoutDemand(Result<Int, TestError>.failure(TestError(code: 3)).publisher, TestError(code: 3))
  }

  @Test func hasAnInitializerForEachCase() {
    #expect(Result<Int, TestError>.Publisher(5).result == .success(5))
    #expect(Result<Int, TestError>.Publisher(TestError(code: 4)).result == .failure(TestError(code: 4)))
    #expect(Result<Int, TestError>.Publisher(.success(5)) == Result.success(5).publisher)
  }

  @Test func publishesNothingWhenCancelledBeforeDemand() {
    let recorder = Result<Int, TestError>.success(1).publisher.record(demand: .none)
    recorder.cancel()
    recorder.request(.max(1))
    #expect(recorder.events == [.subscription])
  }
}

@Suite struct OptionalPublisherTests {
  @Test func aValuePublishesOnDemandThenFinishes() {
    let recorder = Optional(1).publisher.record(demand: .none)
    #expect(recorder.events == [.subscription])

    recorder.request(.max(1))

    #expect(recorder.events == [.subscription, .value(1), .finished])
  }

  @Test func nilFinishesAtSubscription() {
    let recorder = Optional<Int>.none.publisher.record(demand: .none)
    #expect(recorder.events == [.subscription, .finished])
  }

  @Test func exposesItsOutput() {
    #expect(Optional<Int>.Publisher(2).output == 2)
    #expect(Optional<Int>.Publisher(nil) == Optional<Int>.none.publisher)
  }
}
