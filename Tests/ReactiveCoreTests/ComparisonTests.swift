import ReactiveCore
import Testing
import TraitsTesting

private struct Ranked: Equatable, CustomStringConvertible {
  var rank: Int
  var name: String
  var description: String { name }
}

@Suite struct ComparisonTests {
  @Test func minAndMaxPublishTheExtremesWhenTheUpstreamFinishes() {
    #expect([3, 1, 2].unspecialisedPublisher.min().record().events == [.subscription, .value(1), .finished])
    #expect([1, 3, 2].unspecialisedPublisher.max().record().events == [.subscription, .value(3), .finished])
    #expect(Empty<Int, Never>().max().record().events == [.subscription, .finished])
  }

  @Test func keepsTheFirstOfEqualExtremes() {
    let values = [Ranked(rank: 1, name: "a"), Ranked(rank: 1, name: "b")]
    let byRank = { (lhs: Ranked, rhs: Ranked) in lhs.rank < rhs.rank }
    #expect(values.publisher.max(by: byRank).record().values.map(\.name) == ["a"])
    #expect(values.publisher.min(by: byRank).record().values.map(\.name) == ["a"])
  }

  @Test func requestsUnlimitedWaitsForDemandAndForwardsCancel() {
    expectRequestsUnlimitedAndWaitsForDemand(sending: [1, 4], events: [.subscription, .value(4), .finished]) {
      $0.max()
    }

    let other = ReducingUpstream()
    other.min().record().cancel()
    #expect(other.cancellations == 1)
  }

  @Test func releasesTheClosureAndTheDownstream() throws {
    try expectReleasesOnEveryEnd { (upstream: ReducingUpstream, token: Token) in
      upstream.max { lhs, rhs in withExtendedLifetime(token) { lhs < rhs } }
    }
  }
}

@Suite struct TryComparisonTests {
  @Test func tryMinAndTryMaxPublishTheExtremes() {
    let min = [3, 1, 2].unspecialisedPublisher.tryMin(by: <).record()
    let max = [3, 1, 2].unspecialisedPublisher.tryMax(by: <).record()
    #expect(min.events.map(\.description) == ["subscription", "value(1)", "finished"])
    #expect(max.events.map(\.description) == ["subscription", "value(3)", "finished"])
  }

  @Test func aThrownErrorCancelsTheUpstreamAndFailsWithoutDemand() {
    let (recorder, _) = expectAThrownErrorCancelsTheUpstream { upstream, throwsFor2 in
      upstream.tryMax { lhs, rhs in try throwsFor2(rhs) && lhs < rhs }
    }
    #expect(recorder.events.map(\.description) == ["subscription", "failure(TestError(code: 2))"])
  }

  @Test func releasesTheClosureAndTheDownstream() throws {
    let make = { (upstream: ReducingUpstream, token: Token) in
      upstream.tryMax { lhs, rhs in
        try withExtendedLifetime(token) {
          if rhs == 3 { throw TestError(code: 3) }
          return lhs < rhs
        }
      }
    }
    try expectReleasesOnEveryEnd(make)
    try expectReleases(
      make,
      end: { upstream, _ in
        upstream.send(1)
        upstream.send(3)
      }
    )
  }
}
