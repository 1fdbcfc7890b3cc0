// `import SingleTraits` alone gives everything the SingleTraits docs use: the
// module re-exports what its public API is written in (MaybeTraits and
// ReactiveCore), and nothing else (ImmediateTraits, a module it does not
// depend on, stays out).
import SingleTraits

let bag = CancelBag()  // MaybeTraits
let maybe = TraitPublishers.Maybe<Int, Never> { promise in  // MaybeTraits
  promise(MaybeResult.success(1))
  return AnyCancellable {}  // ReactiveCore
}
let single = TraitPublishers.Single<Int, Never> { promise in
  promise(.success(1))
  return AnyCancellable {}
}
let subject = PassthroughSubject<Int, Never>()  // ReactiveCore
let erased: AnyMaybePublisher<Int, Never> = maybe.eraseToAnyMaybePublisher()
func requiresMaybe<P: MaybePublisher>(_ p: P) {}
let checked: Void = requiresMaybe(subject.first().checkSingle())  // SingleTraits

// expected-error@+1 {{cannot find type 'ImmediatePublisher' in scope}}
func requiresImmediate<P: ImmediatePublisher>(_ p: P) {}
