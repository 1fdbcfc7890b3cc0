import ReactiveCore
import Testing
import TraitsTesting

// Helpers of the subject and Future suites (the contract checker and the
// thread race they use are in Tests/TestSupport).

/// Subscribes a recorder through a subscriber that also hands back the
/// subscription, so that a test can use it after the recorder let go of it.
func recordKeepingSubscription<P: Publisher>(
  _ publisher: P,
  demand: Subscribers.Demand = .unlimited
) throws -> (RecordingSubscriber<P.Output, P.Failure>, any Subscription) {
  let recorder = RecordingSubscriber<P.Output, P.Failure>(demand: demand)
  var subscription: (any Subscription)?
  publisher.subscribe(
    AnySubscriber<P.Output, P.Failure>(
      receiveSubscription: {
        subscription = $0
        recorder.receive(subscription: $0)
      },
      receiveValue: { recorder.receive($0) },
      receiveCompletion: { recorder.receive(completion: $0) }
    )
  )
  return (recorder, try #require(subscription))
}
