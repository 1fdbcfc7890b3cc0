import ReactiveCore
import Testing
import TraitSubscriptions
import TraitsTesting

@Suite struct LifetimeTests {
  typealias Subscription = PlainSingle<RecordingSubscriber<Int, Never>, Token>

  /// A started subscription the test holds, with weak references to its
  /// downstream and context, which only the subscription retains.
  struct Fixture {
    let subscription: Subscription
    weak var downstream: RecordingSubscriber<Int, Never>?
    weak var context: Token?

    init(demand: Subscribers.Demand = .unlimited) {
      let downstream = RecordingSubscriber<Int, Never>(demand: demand)
      let context = Token()
      subscription = Subscription(downstream: downstream, context: context)
      downstream.receive(subscription: subscription)
      self.downstream = downstream
      self.context = context
    }
  }

  @Test func theSubscriptionRetainsItsDownstreamAndContextUntilItEnds() {
    let fixture = Fixture()
    #expect(fixture.downstream != nil)
    #expect(fixture.context != nil)
  }

  @Test func completionReleasesTheDownstreamAndTheContext() {
    let fixture = Fixture()
    fixture.subscription.receive(.success(1))
    #expect(fixture.downstream == nil)
    #expect(fixture.context == nil)
  }

  @Test func cancelReleasesTheDownstreamAndTheContext() {
    let fixture = Fixture()
    fixture.subscription.cancel()
    #expect(fixture.downstream == nil)
    #expect(fixture.context == nil)
  }

  @Test func aKeptResultRetainsThemUntilTheFirstDemand() {
    let fixture = Fixture(demand: .none)
    fixture.subscription.receive(.success(1))
    #expect(fixture.downstream != nil)
    fixture.subscription.request(.max(1))
    #expect(fixture.downstream == nil)
    #expect(fixture.context == nil)
  }

  @Test func theSubscriptionIsReleasedAfterCompletionThroughSinkSingle() {
    weak var weakProbe: Probe?
    let results = Collector<Result<Int, TestError>>()
    let cancellable: AnyCancellable
    do {
      let probe = Probe(resultInStart: .success(1))
      weakProbe = probe
      cancellable = ProbeSinglePublisher(probe: probe).sinkSingle { results.append($0) }
    }
    #expect(results.all == [.success(1)])
    #expect(weakProbe == nil)
    _ = cancellable
  }

  @Test func theContextIsReleasedAfterCancelThroughSinkMaybe() {
    weak var weakProbe: Probe?
    let cancellable: AnyCancellable
    do {
      let probe = Probe()
      weakProbe = probe
      cancellable = ProbeMaybePublisher(probe: probe).sinkMaybe { _ in }
    }
    #expect(weakProbe != nil)
    cancellable.cancel()
    #expect(weakProbe == nil)
  }
}
