import ReactiveCore
import Testing
import TraitsTesting

// Helpers for the suites of `replaceEmpty` and `replaceError`: each publishes
// a replacement value once its upstream ends in one way (`ending`: finishing
// for `replaceEmpty`, failing for `replaceError`) and the downstream asks.

/// Checks that a replacing operator that `make` builds on a fresh upstream
/// (with a `Token` as the replacement) keeps the replacement while it waits
/// for demand after `ending`, then releases it and the downstream once it is
/// delivered; and that a cancel reaches the upstream and releases both.
func expectReleasesTheDownstreamAndTheReplacement<UpstreamFailure: Error, P: Publisher>(
  ending: Subscribers.Completion<UpstreamFailure>,
  _ make: (TestPublisher<Token, UpstreamFailure>, Token) -> P,
  sourceLocation: SourceLocation = #_sourceLocation
) throws {
  try expectReleases(
    demand: .none,
    make,
    holding: { upstream, _ in upstream.send(completion: ending) },
    end: { _, subscription in subscription.request(.max(1)) },
    sourceLocation: sourceLocation
  )
  try expectReleases(demand: .none, make, end: cancelReachingTheUpstream, sourceLocation: sourceLocation)
}

/// Checks that two cancels of a replacing operator reach its upstream once,
/// and that the upstream `ending` afterwards publishes nothing.
func expectCancellationReachesTheUpstreamOnce<UpstreamFailure: Error, P: Publisher>(
  ending: Subscribers.Completion<UpstreamFailure>,
  _ make: (TestPublisher<Int, UpstreamFailure>) -> P,
  sourceLocation: SourceLocation = #_sourceLocation
) where P.Output == Int, P.Failure == Never {
  let upstream = TestPublisher<Int, UpstreamFailure>()
  let recorder = make(upstream).record()

  recorder.cancel()
  recorder.cancel()
  upstream.send(completion: ending)

  #expect(upstream.cancellations == 1, sourceLocation: sourceLocation)
  #expect(recorder.events == [.subscription], sourceLocation: sourceLocation)
}

/// Checks that a replacing operator whose replacement is 0 publishes it once
/// its upstream (one that breaks the contract) ends with `ending`, then
/// forwards nothing of what the upstream still sends.
func expectForwardsNothingAfterCompletion<UpstreamFailure: Error, P: Publisher>(
  ending: Subscribers.Completion<UpstreamFailure>,
  _ make: (UnrulyPublisher<Int, UpstreamFailure>) -> P,
  sourceLocation: SourceLocation = #_sourceLocation
) where P.Output == Int, P.Failure == Never {
  let upstream = UnrulyPublisher<Int, UpstreamFailure>()
  let recorder = make(upstream).record()

  upstream.send(completion: ending)
  upstream.send(1)
  upstream.send(completion: .finished)

  #expect(recorder.events == [.subscription, .value(0), .finished], sourceLocation: sourceLocation)
}

/// Checks, 300 times, that a replacing operator whose replacement is 9
/// publishes it exactly once when a request races the upstream's `ending`.
func expectPublishesTheReplacementOnceWhenARequestRaces<UpstreamFailure: Error, P: Publisher>(
  ending: Subscribers.Completion<UpstreamFailure>,
  _ make: (TestPublisher<Int, UpstreamFailure>) -> P,
  sourceLocation: SourceLocation = #_sourceLocation
) where P.Output == Int, P.Failure == Never {
  for _ in 0..<300 {
    let upstream = TestPublisher<Int, UpstreamFailure>()
    let recorder = make(upstream).record(demand: .none)
    Race(threads: 2).run { thread, _ in
      if thread == 0 {
        upstream.send(completion: ending)
      } else {
        recorder.request(.max(1))
      }
    }
    #expect(recorder.events == [.subscription, .value(9), .finished], sourceLocation: sourceLocation)
  }
}
