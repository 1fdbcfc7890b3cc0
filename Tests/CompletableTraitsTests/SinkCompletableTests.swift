import CompletableTraits
import ReactiveCore
import Testing
import TraitsTesting

@Suite struct SinkCompletableTests {
  @Test func receivesSuccessWhenThePublisherFinishes() {
    let results = Shared<[Result<Void, TestError>]>([])
    let cancellable = Empty<Never, TestError>().sinkCompletable { results.value.append($0) }
    #expect(results.value.count == 1)
    if case .success = results.value.first {} else { Issue.record("expected success, got \(results.value)") }
    withExtendedLifetime(cancellable) {}
  }

  @Test func receivesTheFailure() {
    let errors = Shared<[TestError]>([])
    let cancellable = Fail<Never, TestError>(error: TestError(code: 3)).sinkCompletable { result in
      if case let .failure(error) = result { errors.value.append(error) }
    }
    #expect(errors.value == [TestError(code: 3)])
    withExtendedLifetime(cancellable) {}
  }

  @Test func requestsFromTheUpstreamAndCancelsIt() {
    let upstream = TestPublisher<Never, TestError>()
    let calls = Shared<Int>(0)
    let cancellable = ForwardCompletable(upstream: upstream).sinkCompletable { _ in calls.value += 1 }
    #expect(upstream.requests == [.unlimited])
    cancellable.cancel()
    upstream.send(completion: .finished)
    #expect(upstream.cancellations == 1)
    #expect(calls.value == 0)  // never after cancel
  }

  @Test func releasesTheClosureAfterCompletion() {
    let upstream = PassthroughSubject<Never, TestError>()
    weak var weakToken: Token?
    var cancellable: AnyCancellable?
    do {
      let token = Token()
      weakToken = token
      cancellable = ForwardCompletable(upstream: upstream).sinkCompletable { _ in withExtendedLifetime(token) {} }
    }
    #expect(weakToken != nil)
    upstream.send(completion: .finished)
    #expect(weakToken == nil)
    withExtendedLifetime(cancellable) {}
  }
}
