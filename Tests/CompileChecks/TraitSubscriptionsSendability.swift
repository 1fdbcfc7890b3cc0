// A TraitSubscriptions subclass needs no Sendable annotation: the open base
// classes are not Sendable, so a subclass compiles without any diagnostic
// (Swift asks every subclass of an `@unchecked Sendable` class to restate
// it). `promise`, a `@Sendable` closure, goes to a `@Sendable` completion
// handler; `self` does not: the compiler refuses it, since the subscription
// is not Sendable.
import MaybeTraits
import ReactiveCore
import SingleTraits
import TraitSubscriptions

/// A Swift 6 callback API: its completion handlers are `@Sendable`.
final class Directory: Sendable {
  func find(_ id: Int, completion: @escaping @Sendable (Result<String, Never>) -> Void) {}
  func lookUp(_ id: Int, completion: @escaping @Sendable (MaybeResult<String, Never>) -> Void) {}
  func legacyFind(_ id: Int, completion: @escaping (Result<String, Never>) -> Void) {}
}

// expected-note@+1 2 {{generic class 'FindSubscription' does not conform to the 'Sendable' protocol}}
final class FindSubscription<Downstream: Subscriber>: TraitSubscriptions.Single<Downstream, Directory>
where Downstream.Input == String, Downstream.Failure == Never {
  override func start(with directory: Directory) {
    directory.find(1, completion: promise)
    let promise = promise
    directory.find(2) { result in promise(result) }
    // A handler that is not @Sendable may still capture self.
    directory.legacyFind(3) { result in self.receive(result) }
    // expected-error@+2 {{capture of 'self' with non-Sendable type 'FindSubscription<Downstream>' in a '@Sendable' closure}}
    // expected-warning@+1 {{capture of non-Sendable type 'Downstream.Type' in an isolated closure}}
    directory.find(4) { result in self.receive(result) }
  }
}

// expected-note@+1 {{generic class 'LookUpSubscription' does not conform to the 'Sendable' protocol}}
final class LookUpSubscription<Downstream: Subscriber>: TraitSubscriptions.Maybe<Downstream, Directory>
where Downstream.Input == String, Downstream.Failure == Never {
  override func start(with directory: Directory) {
    directory.lookUp(1, completion: promise)
    // expected-error@+2 {{capture of 'self' with non-Sendable type 'LookUpSubscription<Downstream>' in a '@Sendable' closure}}
    // expected-warning@+1 {{capture of non-Sendable type 'Downstream.Type' in an isolated closure}}
    directory.lookUp(2) { result in self.receive(result) }
  }
}

// The classes are not Sendable, their subclasses neither, unless restated.
func isSendable<T: Sendable>(_: T.Type) {}
func subclassesAreNotSendable() {
  typealias Downstream = Subscribers.Sink<String, Never>
  // expected-error@+1 {{type 'FindSubscription<Downstream>' (aka 'FindSubscription<Subscribers.Sink<String, Never>>') does not conform to the 'Sendable' protocol}}
  isSendable(FindSubscription<Downstream>.self)
  // expected-error@+1 {{does not conform to the 'Sendable' protocol}}
  isSendable(TraitSubscriptions.Single<Downstream, Directory>.self)
  isSendable(Directory.self)
}
