// The example of Docs/TraitSubscriptions.md, byte for byte (Scripts/check-doc-examples.pl checks it);
// TraitSubscriptionsGuideTests.swift runs it.
import ReactiveCore
import SingleTraits
import TraitSubscriptions

/// A callback API: it looks up a city's population, and can be cancelled.
final class Census {
  private(set) var pending: [String: (Result<Int, CensusError>) -> Void] = [:]

  func population(of city: String, completion: @escaping (Result<Int, CensusError>) -> Void) {
    pending[city] = completion
  }

  func cancelLookup(of city: String) { pending[city] = nil }

  /// What the server answers (called by the tests).
  func answer(_ city: String, with result: Result<Int, CensusError>) {
    pending.removeValue(forKey: city)?(result)
  }
}

struct CensusError: Error, Equatable {}

/// A single publisher of a city's population.
struct PopulationPublisher: SinglePublisher {
  typealias Output = Int
  typealias Failure = CensusError

  let census: Census
  let city: String

  func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
    let subscription = Subscription(downstream: subscriber, context: (census, city))
    subscriber.receive(subscription: subscription)
  }

  private final class Subscription<Downstream: Subscriber>:
    TraitSubscriptions.Single<Downstream, (census: Census, city: String)>
  where Downstream.Input == Output, Downstream.Failure == Failure {
    override func start(with context: (census: Census, city: String)) {
      context.census.population(of: context.city) { result in
        self.receive(result)
      }
    }

    override func didCancel(with context: (census: Census, city: String)) {
      context.census.cancelLookup(of: context.city)
    }
  }
}
