import CompletableTraits
import ReactiveCore
import Testing
import TraitsTesting

@Suite struct SinkCompletableTests {
  @Test func receivesSuccessWhenThePublisherFinishes() {
    var results: [Result<Void, TestError>] = []
    let cancellable = Empty<Never, TestError>().sinkCompletable { results.append($0) }
    #expect(results.count == 1)
    if case .success = results.first {} else { Issue.record("expected success, got \(results)") }
    withExtendedLifetime(cancellable) {}
  }

  @Test func receivesTheFailure() {
    var errors: [TestError] = []
    let cancellable = Fail<Never, TestError>(error: TestError(code: 3)).sinkCompletable { result in
      if case let .failure(error) = result { errors.append(error) }
    }
    #expect(errors == [TestError(code: 3)])
    withExtendedLifetime(cancellable) {}
  }

  @Test func requestsFromTheUpstreamAndCancelsIt() {
    let upstream = TestPublisher<Never, TestError>()
    var calls = 0
    let cancellable = ForwardCompletable(upstream: upstream).sinkCompletable { _ in calls += 1 }
    #expect(upstream.requests == [.unlimited])
    cancellable.cancel()
    upstream.send(completion: .finished)
    #expect(upstream.cancellations == 1)
    #expect(calls == 0)  // never after cancel
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
