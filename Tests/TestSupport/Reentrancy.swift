public import ReactiveCore
public import Testing
public import TraitsTesting

/// Checks that an operator tolerates its downstream calling back into the
/// subscription from inside `receive(_:)`: the recorder starts with a
/// demand of one, requests one more while it receives the first value and
/// cancels while it receives the second. Sends `values` (three) through a
/// fresh upstream, then checks the demands the upstream saw (`requests`)
/// and that it was cancelled once. Returns the recorder, whose events the
/// caller checks.
@discardableResult
public func expectToleratesARequestAndACancelFromInsideReceive<Input, UpstreamFailure: Error, P: Publisher>(
  _ make: (TestPublisher<Input, UpstreamFailure>) -> P,
  sending values: [Input],
  requests: [Subscribers.Demand] = [.max(1), .max(1)],
  sourceLocation: SourceLocation = #_sourceLocation
) -> RecordingSubscriber<P.Output, P.Failure> {
  let upstream = TestPublisher<Input, UpstreamFailure>()
  let received = Shared(0)
  let recorder = make(upstream).record(demand: .max(1)) { _, recorder in
    received.value += 1
    if received.value == 1 { recorder.request(.max(1)) } else { recorder.cancel() }
    return .none
  }
  for value in values {
    upstream.send(value)
  }
  #expect(upstream.requests == requests, sourceLocation: sourceLocation)
  #expect(upstream.cancellations == 1, sourceLocation: sourceLocation)
  return recorder
}

/// Checks that an operator tolerates its downstream cancelling from inside
/// `receive(_:)`: the recorder (unlimited demand) cancels on every value.
/// Sends `values` through a fresh upstream, then checks that the upstream
/// was cancelled once. Returns the recorder, whose events the caller checks.
@discardableResult
public func expectToleratesACancelFromInsideReceive<Input, UpstreamFailure: Error, P: Publisher>(
  _ make: (TestPublisher<Input, UpstreamFailure>) -> P,
  sending values: [Input],
  sourceLocation: SourceLocation = #_sourceLocation
) -> RecordingSubscriber<P.Output, P.Failure> {
  let upstream = TestPublisher<Input, UpstreamFailure>()
  let recorder = make(upstream).record { _, recorder in
    recorder.cancel()
    return .none
  }
  for value in values {
    upstream.send(value)
  }
  #expect(upstream.cancellations == 1, sourceLocation: sourceLocation)
  return recorder
}

/// Checks that cancelling a subscription to the operator that `make` builds
/// on a fresh upstream cancels that upstream (once).
public func expectCancelReachesTheUpstream<Input, UpstreamFailure: Error, P: Publisher>(
  _ make: (TestPublisher<Input, UpstreamFailure>) -> P,
  sourceLocation: SourceLocation = #_sourceLocation
) {
  let upstream = TestPublisher<Input, UpstreamFailure>()
  let recorder = make(upstream).record()
  recorder.cancel()
  #expect(upstream.cancellations == 1, sourceLocation: sourceLocation)
}

/// Checks that cancelling a subscription to the operator that `make` builds
/// on a fresh upstream, once that upstream has finished, does not reach the
/// upstream. Returns the recorder, whose events the caller may check.
@discardableResult
public func expectCancelAfterTheUpstreamFinishedDoesNotReachIt<Input, UpstreamFailure: Error, P: Publisher>(
  _ make: (TestPublisher<Input, UpstreamFailure>) -> P,
  sourceLocation: SourceLocation = #_sourceLocation
) -> RecordingSubscriber<P.Output, P.Failure> {
  let upstream = TestPublisher<Input, UpstreamFailure>()
  let recorder = make(upstream).record()
  upstream.send(completion: .finished)
  recorder.cancel()
  #expect(upstream.cancellations == 0, sourceLocation: sourceLocation)
  return recorder
}

/// How the subscription `publisher` gives a subscriber describes itself
/// (the subscriber requests nothing).
public func subscriptionDescription<P: Publisher>(
  of publisher: P,
  sourceLocation: SourceLocation = #_sourceLocation
) throws -> String {
  let probe = LifetimeProbe<P.Output, P.Failure>(demand: .none)
  publisher.subscribe(probe)
  return String(describing: try #require(probe.subscription, sourceLocation: sourceLocation))
}

/// Checks that an operator passes its downstream's demand to its upstream
/// as it is: the recorder asks for two on subscription and for `returning`
/// more on each value; the test sends `value`, then requests `request`.
/// The upstream must have seen `requests`, and be owed `pendingDemand`.
/// Returns the recorder, whose events the caller may check.
@discardableResult
public func expectDemandPassedThrough<Input, UpstreamFailure: Error, P: Publisher>(
  _ make: (TestPublisher<Input, UpstreamFailure>) -> P,
  sending value: Input,
  returning: Subscribers.Demand = .max(1),
  request: Subscribers.Demand = .max(3),
  requests: [Subscribers.Demand] = [.max(2), .max(3)],
  pendingDemand: Subscribers.Demand = .max(5),
  sourceLocation: SourceLocation = #_sourceLocation
) -> RecordingSubscriber<P.Output, P.Failure> {
  let upstream = TestPublisher<Input, UpstreamFailure>()
  let recorder = make(upstream).record(demand: .max(2)) { _, _ in returning }
  upstream.send(value)
  recorder.request(request)
  #expect(upstream.requests == requests, sourceLocation: sourceLocation)
  #expect(upstream.pendingDemand == pendingDemand, sourceLocation: sourceLocation)
  return recorder
}

/// Checks that an operator tolerates its downstream requesting from inside
/// `receive(_:)`: the recorder starts with a demand of one and requests one
/// more on every value. Sends `values` through a fresh upstream, then checks
/// the demands the upstream saw. Returns the recorder, whose events the
/// caller checks.
@discardableResult
public func expectToleratesARequestFromInsideReceive<Input, UpstreamFailure: Error, P: Publisher>(
  _ make: (TestPublisher<Input, UpstreamFailure>) -> P,
  sending values: [Input],
  requests: [Subscribers.Demand],
  sourceLocation: SourceLocation = #_sourceLocation
) -> RecordingSubscriber<P.Output, P.Failure> {
  let upstream = TestPublisher<Input, UpstreamFailure>()
  let recorder = make(upstream).record(demand: .max(1)) { _, recorder in
    recorder.request(.max(1))
    return .none
  }
  for value in values {
    upstream.send(value)
  }
  #expect(upstream.requests == requests, sourceLocation: sourceLocation)
  return recorder
}

/// Records `publisher` with a recorder that requests nothing and checks that
/// it got `withoutDemand`; with `afterARequest`, then requests one value and
/// checks that the recorder got those events.
public func expectEvents<P: Publisher>(
  of publisher: P,
  withoutDemand: [RecordingSubscriber<P.Output, P.Failure>.Event],
  afterARequest: [RecordingSubscriber<P.Output, P.Failure>.Event]? = nil,
  sourceLocation: SourceLocation = #_sourceLocation
) where P.Output: Equatable, P.Failure: Equatable {
  let recorder = publisher.record(demand: .none)
  #expect(recorder.events == withoutDemand, sourceLocation: sourceLocation)
  if let afterARequest {
    recorder.request(.max(1))
    #expect(recorder.events == afterARequest, sourceLocation: sourceLocation)
  }
}

/// Checks that `publisher` waits for demand: a recorder that requests
/// nothing gets only its subscription, and once it requests one value it
/// gets `value`, then the finish.
public func expectPublishesOnDemand<P: Publisher>(
  _ publisher: P,
  _ value: P.Output,
  sourceLocation: SourceLocation = #_sourceLocation
) where P.Output: Equatable, P.Failure: Equatable {
  expectEvents(
    of: publisher,
    withoutDemand: [.subscription],
    afterARequest: [.subscription, .value(value), .finished],
    sourceLocation: sourceLocation
  )
}

/// Checks that `publisher` fails with `failure` as soon as it is subscribed,
/// although its subscriber requests nothing.
public func expectFailsWithoutDemand<P: Publisher>(
  _ publisher: P,
  _ failure: P.Failure,
  sourceLocation: SourceLocation = #_sourceLocation
) where P.Output: Equatable, P.Failure: Equatable {
  expectEvents(of: publisher, withoutDemand: [.subscription, .failure(failure)], sourceLocation: sourceLocation)
}
