import ReactiveCore
import SingleTraits
import Testing
import TraitsTesting

@Suite struct SinkSingleTests {
  typealias Outcome = Result<Int, TestError>

  @Test func aValueThenFinishedIsASuccess() {
    let outcomes = Collector<Outcome>()
    let upstream = TestPublisher<Int, TestError>()
    let cancellable = ForwardSingle(upstream: upstream).sinkSingle(receive: outcomes.append)

    _ = upstream.send(1)
    #expect(outcomes.all.isEmpty)  // the outcome is known at completion
    upstream.send(completion: .finished)

    #expect(outcomes.all == [.success(1)])
    withExtendedLifetime(cancellable) {}
  }

  @Test func aFailureIsAFailure() {
    let outcomes = Collector<Outcome>()
    let cancellable = AnySinglePublisher<Int, TestError>.fail(TestError(code: 1)).sinkSingle(receive: outcomes.append)
    #expect(outcomes.all == [.failure(TestError(code: 1))])
    withExtendedLifetime(cancellable) {}
  }

  @Test func requestsUnlimitedDemand() {
    let upstream = TestPublisher<Int, TestError>()
    let cancellable = ForwardSingle(upstream: upstream).sinkSingle { _ in }
    #expect(upstream.requests == [.unlimited])
    withExtendedLifetime(cancellable) {}
  }

  @Test func theClosureNeverRunsAfterCancel() {
    let outcomes = Collector<Outcome>()
    let upstream = TestPublisher<Int, TestError>()
    let cancellable = ForwardSingle(upstream: upstream).sinkSingle(receive: outcomes.append)

    cancellable.cancel()
    _ = upstream.send(1)
    upstream.send(completion: .finished)

    #expect(outcomes.all.isEmpty)
    #expect(upstream.cancellations == 1)
  }

  @Test func theClosureRunsOnceEvenIfTheUpstreamCompletesTwice() {
    let outcomes = Collector<Outcome>()
    let upstream = TestPublisher<Int, TestError>()
    let cancellable = ForwardSingle(upstream: upstream).sinkSingle(receive: outcomes.append)

    upstream.send(completion: .failure(TestError(code: 1)))
    upstream.send(completion: .failure(TestError(code: 2)))

    #expect(outcomes.all == [.failure(TestError(code: 1))])
    withExtendedLifetime(cancellable) {}
  }

  @Test func theClosureIsReleasedAfterCompletion() {
    let upstream = TestPublisher<Int, TestError>()
    let finish = { (_: AnyCancellable) in
      _ = upstream.send(1)
      upstream.send(completion: .finished)
    }
    expectReleasesTheSinkClosure(end: finish) { token in
      ForwardSingle(upstream: upstream).sinkSingle { _ in withExtendedLifetime(token) {} }
    }
  }

  @Test func theClosureIsReleasedAfterCancel() {
    let upstream = TestPublisher<Int, TestError>()
    expectReleasesTheSinkClosure(end: { $0.cancel() }) { token in
      ForwardSingle(upstream: upstream).sinkSingle { _ in withExtendedLifetime(token) {} }
    }
  }

  @Test func finishingWithoutAValueTrapsNamingTheLineOfTheCall() async {
    // Inside an exit test, #line names the line of the #expect macro, which
    // moves its body into a function of its own: the line below.
    let callLine = #line + 1
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      let cancellable = Empty<Int, Never>().uncheckedSingle().sinkSingle { _ in }
      withExtendedLifetime(cancellable) {}
    }
    // The user's line, not the library's: the line of the sinkSingle call above.
    #expect(
      result.standardErrorText.contains(
        "SinkSingleTests.swift:\(callLine): Fatal error: Single violation: missing element "
          + "(sinkSingle at SingleTraitsTests/SinkSingleTests.swift:\(callLine))"
      )
    )
  }
}
