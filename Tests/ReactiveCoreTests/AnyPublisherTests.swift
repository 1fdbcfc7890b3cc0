import Testing
import TraitsTesting

@testable import ReactiveCore

@Suite struct AnyPublisherTests {
  @Test func forwardsEveryEventOfTheWrappedPublisher() {
    let erased = [1, 2].publisher.eraseToAnyPublisher()
    #expect(erased.record().events == [.subscription, .value(1), .value(2), .finished])
  }

  @Test func forwardsDemandAndCancellation() {
    let recorder = [1, 2, 3].publisher.eraseToAnyPublisher().record(demand: .max(1))
    #expect(recorder.values == [1])
    recorder.cancel()
    recorder.request(.max(5))
    #expect(recorder.events == [.subscription, .value(1)])
  }

  @Test func forwardsAFailure() {
    let erased = AnyPublisher(Fail<Int, TestError>(error: TestError(code: 9)))
    #expect(erased.record().events == [.subscription, .failure(TestError(code: 9))])
  }

  @Test func erasingTwiceReusesTheBox() {
    let erased = Just(1).eraseToAnyPublisher()
    let again = AnyPublisher(erased)
    #expect(again.box === erased.box)
    #expect(erased.eraseToAnyPublisher().box === erased.box)
    #expect(erased.description == "AnyPublisher")
  }
}
