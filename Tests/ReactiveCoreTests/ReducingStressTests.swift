import Dispatch
import ReactiveCore
import Testing
import TraitsTesting

@Suite struct ReducingStressTests {
  @Test func aRequestRacingTheUpstreamDeliversTheResultExactlyOnce() {
    for _ in 0..<300 {
      let upstream = ReducingUpstream()
      let recorder = upstream.collect().record(demand: .none)
      DispatchQueue.concurrentPerform(iterations: 2) { index in
        if index == 0 {
          upstream.send(1)
          upstream.send(completion: .finished)
        } else {
          recorder.request(.max(1))
        }
      }
      #expect(recorder.events == [.subscription, .value([1]), .finished])
    }
  }

  @Test func aCancelRacingAnEarlyEndDeliversAtMostOneResult() {
    for _ in 0..<300 {
      let upstream = ReducingUpstream()
      let recorder = upstream.first().record()
      DispatchQueue.concurrentPerform(iterations: 2) { index in
        if index == 0 {
          upstream.send(1)
        } else {
          recorder.cancel()
        }
      }
      let events = recorder.events
      #expect(events == [.subscription] || events == [.subscription, .value(1), .finished])
      #expect(upstream.cancellations == 1)
    }
  }

  @Test func aCancelRacingValuesOfATruncatingOperatorStopsThem() {
    for _ in 0..<300 {
      let upstream = ReducingUpstream()
      let recorder = upstream.prefix(10).record()
      DispatchQueue.concurrentPerform(iterations: 2) { index in
        if index == 0 {
          for value in 0..<5 { upstream.send(value) }
        } else {
          recorder.cancel()
        }
      }
      #expect(recorder.values == Array(recorder.values.indices))
      #expect(recorder.completion == nil)
    }
  }
}
