// Swift 6 concurrency guarantees of the traits (Docs/Concurrency.md).
import CompletableTraits
import Dispatch
import MaybeTraits
import ReactiveCore
import SingleTraits

// A promise is @Sendable: a completion handler on another thread may call it.
let futureFromAQueue = Future<Int, Never> { promise in
  DispatchQueue.global().async { promise(.success(1)) }
}
let singleFromAQueue = TraitPublishers.Single<Int, Never> { promise in
  DispatchQueue.global().async { promise(.success(1)) }
  return AnyCancellable {}
}
let maybeFromAQueue = TraitPublishers.Maybe<Int, Never> { promise in
  DispatchQueue.global().async { promise(.finished) }
  return AnyCancellable {}
}
// Combine's spelling of the promise still compiles.
let futureInCombineSpelling = Future<Int, Never> { (promise: @escaping (Result<Int, Never>) -> Void) in
  promise(.success(1))
}

// A sink closure is @Sendable: main-actor state in it is an error...
@MainActor final class TitleModel {
  // expected-note@+1 2 {{mutation of this property is only permitted within the actor}}
  var title = ""
  let bag = CancelBag()

  func unsafeLoad(_ report: AnySinglePublisher<String, Never>) {
    report.sinkSingle(in: bag) { result in
      // expected-error@+1 {{main actor-isolated property 'title' can not be mutated from a Sendable closure}}
      self.title = result.map { $0 }.get()
    }
    _ = report.sinkMaybe { result in
      // expected-error@+1 {{main actor-isolated property 'title' can not be mutated from a Sendable closure}}
      self.title = "\(result)"
    }
  }

  // ... and a main-actor sink is how to reach it.
  func load(_ report: AnySinglePublisher<String, Never>) {
    report.sinkSingle(
      in: bag,
      onMainActor: { result in
        self.title = result.map { $0 }.get()
      }
    )
  }
}

// The same rule for an actor: its state is reached through `on: self`.
actor Ledger {
  // expected-note@+1 {{mutation of this property is only permitted within the actor}}
  var total = 0
  let bag = CancelBag()

  func unsafeAdd(_ price: AnySinglePublisher<Int, Never>) {
    price.sinkSingle(in: bag) { result in
      // expected-error@+1 {{actor-isolated property 'total' can not be mutated from a Sendable closure}}
      self.total += result.get()
    }
  }

  func add(_ price: AnySinglePublisher<Int, Never>) {
    price.sinkSingle(in: bag, on: self) { ledger, result in
      ledger.total += result.get()
    }
  }
}

// Erased trait publishers of Sendable values are Sendable.
struct Prices: Sendable {
  let single: AnySinglePublisher<Int, Never>
  let maybe: AnyMaybePublisher<Int, Never>
  let completable: AnyCompletablePublisher<Never>
}
// expected-note@+1 {{class 'NotSendable' does not conform to the 'Sendable' protocol}}
final class NotSendable {}
struct Holder: Sendable {
  // expected-error@+1 {{stored property 'single' of 'Sendable'-conforming struct 'Holder' contains non-Sendable type 'NotSendable'}}
  let single: AnySinglePublisher<NotSendable, Never>
}
