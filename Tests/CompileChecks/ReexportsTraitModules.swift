// Each trait module re-exports the modules its public API is written in, so
// that one import gives a module's whole API: here CompletableTraits alone
// (it re-exports SingleTraits, MaybeTraits and ReactiveCore).
import CompletableTraits

let done = Just(1).asCompletable().andThen(Just(2))  // ReactiveCore, CompletableTraits
let erased: AnySinglePublisher<Int, Never> = done.eraseToAnySinglePublisher()  // SingleTraits
let maybe: AnyMaybePublisher<Int, Never> = Optional(1).publisher.eraseToAnyMaybePublisher()  // MaybeTraits
let bag = CancelBag()

// expected-error@+1 {{cannot find 'TestPublisher' in scope}}
let notTesting = TestPublisher<Int, Never>()
