public import ReactiveCore
public import Testing
public import TraitsTesting

/// Subscribes a `LifetimeProbe` to the operator that `make` builds on a
/// fresh upstream, with a `Token` captured by the operator's closure (or
/// held as its value), then runs `end` (completing, failing or
/// cancelling); checks that neither the probe (the downstream) nor the
/// token survives, although the test still holds the subscription.
/// If `holding` is given, it runs before `end`, and both must still be
/// alive after it (a value waiting for demand, say; `justSubscribed` checks
/// them before anything happens).
public func expectReleases<Input, UpstreamFailure: Error, P: Publisher>(
  demand: Subscribers.Demand = .unlimited,
  _ make: (TestPublisher<Input, UpstreamFailure>, Token) -> P,
  holding: ((TestPublisher<Input, UpstreamFailure>, any Subscription) -> Void)? = nil,
  end: (TestPublisher<Input, UpstreamFailure>, any Subscription) -> Void,
  sourceLocation: SourceLocation = #_sourceLocation
) throws {
  weak var weakProbe: LifetimeProbe<P.Output, P.Failure>?
  weak var weakToken: Token?
  let upstream = TestPublisher<Input, UpstreamFailure>()
  let subscription: any Subscription = try {
    let token = Token()
    weakToken = token
    let probe = LifetimeProbe<P.Output, P.Failure>(demand: demand)
    make(upstream, token).subscribe(probe)
    weakProbe = probe
    return try #require(probe.subscription, sourceLocation: sourceLocation)
  }()
  if let holding {
    holding(upstream, subscription)
    #expect(weakProbe != nil, "the downstream was released early", sourceLocation: sourceLocation)
    #expect(weakToken != nil, "the token was released early", sourceLocation: sourceLocation)
  }
  end(upstream, subscription)
  #expect(weakProbe == nil, "the downstream is still alive", sourceLocation: sourceLocation)
  #expect(weakToken == nil, "the closure is still alive", sourceLocation: sourceLocation)
  _ = subscription
}

/// Does nothing: as `expectReleases`' `holding`, it has the downstream and
/// the token checked alive as soon as the operator is subscribed.
public func justSubscribed<Input, Failure>(_: TestPublisher<Input, Failure>, _: any Subscription) {}

/// Ends a subscription by finishing its upstream.
public func finishUpstream<Input, Failure>(_ upstream: TestPublisher<Input, Failure>, _: any Subscription) {
  upstream.send(completion: .finished)
}

/// Ends a subscription by cancelling it.
public func cancelSubscription<Input, Failure>(_: TestPublisher<Input, Failure>, _ subscription: any Subscription) {
  subscription.cancel()
}

extension RecordingSubscriber where Failure == any Error {
  /// The events, each failure read as a `TestError`, so that a whole event
  /// list of a `try` operator compares with `==`. A failure of another type
  /// reads as `TestError(code: -1)`.
  public var testEvents: [RecordingSubscriber<Input, TestError>.Event] {
    events.map { event in
      switch event {
      case .subscription: .subscription
      case let .value(value): .value(value)
      case .finished: .finished
      case let .failure(error): .failure(error as? TestError ?? TestError(code: -1))
      }
    }
  }
}

/// Ends a subscription by cancelling it, and checks that the cancel reached
/// the upstream (once).
public func cancelReachingTheUpstream<Input, Failure>(
  _ upstream: TestPublisher<Input, Failure>,
  _ subscription: any Subscription
) {
  subscription.cancel()
  #expect(upstream.cancellations == 1, "the cancel did not reach the upstream")
}

/// Runs `expectReleases` once for each way a subscription ends: the
/// upstream finishing, the subscription cancelled (which must reach the
/// upstream), and each value of
/// `sending` (a value that ends the operator, or makes its closure throw).
public func expectReleasesOnEveryEnd<Input, UpstreamFailure: Error, P: Publisher>(
  sending values: [Input] = [],
  _ make: (TestPublisher<Input, UpstreamFailure>, Token) -> P,
  sourceLocation: SourceLocation = #_sourceLocation
) throws {
  try expectReleases(make, end: finishUpstream, sourceLocation: sourceLocation)
  try expectReleases(make, end: cancelReachingTheUpstream, sourceLocation: sourceLocation)
  for value in values {
    try expectReleases(make, end: { upstream, _ in upstream.send(value) }, sourceLocation: sourceLocation)
  }
}

/// Subscribes a probe that requests nothing to `publisher`, then requests
/// a demand of zero through its subscription: the body of an exit test
/// checking that an operator traps on it, as Combine does.
public func requestNoDemand<P: Publisher>(from publisher: P) {
  let probe = LifetimeProbe<P.Output, P.Failure>(demand: .none)
  publisher.subscribe(probe)
  probe.subscription?.request(.none)
}

/// Subscribes a `LifetimeProbe` (unlimited demand) to `completing`, which
/// completes at once, and another to `cancelled`, which does not; checks
/// that the first probe is released on completion and the second only
/// once its subscription is cancelled, although the test still holds both
/// subscriptions.
public func expectReleasesAfterCompletionAndOnCancel<Completing: Publisher, Cancelled: Publisher>(
  completing: Completing,
  cancelled: Cancelled,
  sourceLocation: SourceLocation = #_sourceLocation
) throws {
  weak var completedProbe: LifetimeProbe<Completing.Output, Completing.Failure>?
  weak var cancelledProbe: LifetimeProbe<Cancelled.Output, Cancelled.Failure>?
  let subscriptions: [any Subscription] = try {
    let completed = LifetimeProbe<Completing.Output, Completing.Failure>(demand: .unlimited)
    completing.subscribe(completed)
    completedProbe = completed
    let cancelledOne = LifetimeProbe<Cancelled.Output, Cancelled.Failure>(demand: .unlimited)
    cancelled.subscribe(cancelledOne)
    cancelledProbe = cancelledOne
    return [
      try #require(completed.subscription, sourceLocation: sourceLocation),
      try #require(cancelledOne.subscription, sourceLocation: sourceLocation),
    ]
  }()
  #expect(completedProbe == nil, "the completed downstream is still alive", sourceLocation: sourceLocation)
  #expect(cancelledProbe != nil, "the live downstream was released early", sourceLocation: sourceLocation)

  subscriptions[1].cancel()

  #expect(cancelledProbe == nil, "the cancelled downstream is still alive", sourceLocation: sourceLocation)
}

/// Subscribes a `LifetimeProbe` asking for `demand` to `publisher`. With
/// `completingOn`, requests that much more while the probe is held, which
/// must complete it; without, checks that the probe is alive. Then runs
/// `end` (which completes the publisher, or cancels the subscription it is
/// given) and checks that the probe was released, although the test still
/// holds its subscription.
public func expectReleasesTheSubscriber<P: Publisher>(
  of publisher: P,
  demand: Subscribers.Demand = .unlimited,
  completingOn completingRequest: Subscribers.Demand? = nil,
  end: (any Subscription) -> Void = { _ in },
  sourceLocation: SourceLocation = #_sourceLocation
) throws {
  weak var weakProbe: LifetimeProbe<P.Output, P.Failure>?
  let subscription: any Subscription = try {
    let probe = LifetimeProbe<P.Output, P.Failure>(demand: demand)
    publisher.subscribe(probe)
    weakProbe = probe
    let subscription = try #require(probe.subscription, sourceLocation: sourceLocation)
    if let completingRequest {
      subscription.request(completingRequest)
      #expect(probe.isCompleted, "the publisher did not complete", sourceLocation: sourceLocation)
    }
    return subscription
  }()
  if completingRequest == nil {
    #expect(weakProbe != nil, "the downstream was released early", sourceLocation: sourceLocation)
  }

  end(subscription)

  #expect(weakProbe == nil, "the downstream is still alive", sourceLocation: sourceLocation)
  _ = subscription
}

/// Attaches the sink that `sink` builds, whose closure holds the token it
/// is given; checks that the token is alive, runs `end` (completing the
/// upstream, or cancelling the cancellable it is given), then checks that
/// the closure was released, although the test still holds the cancellable.
public func expectReleasesTheSinkClosure(
  end: (AnyCancellable) -> Void,
  sourceLocation: SourceLocation = #_sourceLocation,
  _ sink: (Token) -> AnyCancellable
) {
  weak var weakToken: Token?
  let cancellable: AnyCancellable = {
    let token = Token()
    weakToken = token
    return sink(token)
  }()
  #expect(weakToken != nil, "the closure was released early", sourceLocation: sourceLocation)

  end(cancellable)

  #expect(weakToken == nil, "the closure is still alive", sourceLocation: sourceLocation)
  withExtendedLifetime(cancellable) {}
}

/// Subscribes a `LifetimeProbe` to the operator that `make` builds on a
/// fresh upstream of tokens and sends it a token, which the operator keeps
/// (the value it compares or accumulates with): checks that the token is
/// alive, runs `end`, then checks that neither the probe (the downstream)
/// nor the token survives, although the test still holds the subscription.
public func expectReleasesTheValueItKeeps<P: Publisher>(
  _ make: (TestPublisher<Token, Never>) -> P,
  end: (TestPublisher<Token, Never>, any Subscription) -> Void,
  sourceLocation: SourceLocation = #_sourceLocation
) throws {
  let upstream = TestPublisher<Token, Never>()
  weak var weakProbe: LifetimeProbe<P.Output, P.Failure>?
  weak var weakToken: Token?
  let subscription: any Subscription = try {
    let probe = LifetimeProbe<P.Output, P.Failure>(demand: .unlimited)
    weakProbe = probe
    make(upstream).subscribe(probe)
    return try #require(probe.subscription, sourceLocation: sourceLocation)
  }()
  do {
    let token = Token()
    weakToken = token
    upstream.send(token)
  }
  #expect(weakToken != nil, "the kept value was released early", sourceLocation: sourceLocation)

  end(upstream, subscription)

  #expect(weakProbe == nil, "the downstream is still alive", sourceLocation: sourceLocation)
  #expect(weakToken == nil, "the kept value is still alive", sourceLocation: sourceLocation)
  _ = subscription
}
