import Foundation  // SIGTRAP
import ReactiveCore
import Testing
import TraitsTesting

@Suite struct BreakpointTests {
  @Test func asksEachClosureAndPassesEveryEventOn() {
    var asked: [String] = []
    let recorder = Record<Int, TestError>(output: [1, 2], completion: .finished)
      .breakpoint(
        receiveSubscription: {
          asked.append("subscription \($0)")
          return false
        },
        receiveOutput: {
          asked.append("output \($0)")
          return false
        },
        receiveCompletion: {
          asked.append("completion \($0)")
          return false
        }
      )
      .record()

    #expect(recorder.events == [.subscription, .value(1), .value(2), .finished])
    #expect(asked == ["subscription [1, 2]", "output 1", "output 2", "completion finished"])
  }

  @Test func forwardsTheUpstreamSubscriptionItselfWithItsDemand() {
    let upstream = TestPublisher<Int, TestError>()
    var description = ""
    upstream.breakpoint().subscribe(
      AnySubscriber(receiveSubscription: {
        description = "\($0)"
        $0.request(.max(3))
      })
    )
    #expect(description == "TestPublisher")
    #expect(upstream.requests == [.max(3)])
  }

  @Test func cancelReachesTheUpstream() {
    expectCancelReachesTheUpstream { (upstream: TestPublisher<Int, TestError>) in upstream.breakpointOnError() }
  }

  @Test func toleratesACancelFromInsideReceive() {
    let recorder = expectToleratesACancelFromInsideReceive(
      { (upstream: TestPublisher<Int, TestError>) in upstream.breakpointOnError() },
      sending: [1, 2]
    )
    #expect(recorder.events == [.subscription, .value(1)])
  }

  @Test func breakpointOnErrorLetsValuesAndFinishedThrough() {
    let recorder = Record<Int, TestError>(output: [1], completion: .finished).breakpointOnError().record()
    #expect(recorder.events == [.subscription, .value(1), .finished])
  }

  @Test func raisesSIGTRAPWhenAClosureReturnsTrue() async {
    await #expect(processExitsWith: .signal(SIGTRAP)) {
      _ = Just(1).breakpoint(receiveOutput: { $0 == 1 }).record()
    }
  }

  @Test func breakpointOnErrorRaisesSIGTRAPOnAFailure() async {
    await #expect(processExitsWith: .signal(SIGTRAP)) {
      _ = Fail<Int, TestError>(error: TestError()).breakpointOnError().record()
    }
  }
}
