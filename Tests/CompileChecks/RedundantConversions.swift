// A conversion to a trait the publisher already has compiles, with a
// deprecation warning that says so; on a publisher without the trait, it
// compiles silently. The old name of TraitPublishers is deprecated too.
import ImmediateTraits
import MaybeTraits
import ReactiveCore
import SingleTraits

let subject = PassthroughSubject<Int, Never>()

// Maybe
let assertMaybe = subject.assertMaybe()
// expected-warning@+1 {{This publisher is already a MaybePublisher: assertMaybe() is useless}}
let redundantAssertMaybe = Empty<Int, Never>().assertMaybe()
let uncheckedMaybe = subject.uncheckedMaybe()
// expected-warning@+1 {{This publisher is already a MaybePublisher: uncheckedMaybe() is useless}}
let redundantUncheckedMaybe = Empty<Int, Never>().uncheckedMaybe()

// Single
let assertSingle = subject.assertSingle()
// expected-warning@+1 {{This publisher is already a SinglePublisher: assertSingle() is useless}}
let redundantAssertSingle = Just(1).assertSingle()
let uncheckedSingle = subject.uncheckedSingle()
// expected-warning@+1 {{This publisher is already a SinglePublisher: uncheckedSingle() is useless}}
let redundantUncheckedSingle = Just(1).uncheckedSingle()

// Immediate
let assertImmediate = subject.assertImmediate()
// expected-warning@+1 {{This publisher is already an ImmediatePublisher: assertImmediate() is useless}}
let redundantAssertImmediate = Just(1).assertImmediate()
let uncheckedImmediate = subject.uncheckedImmediate()
// expected-warning@+1 {{This publisher is already an ImmediatePublisher: uncheckedImmediate() is useless}}
let redundantUncheckedImmediate = Just(1).uncheckedImmediate()

// The older docs' name.
let current = TraitPublishers.Maybe<Int, Never> { promise in
  promise(.finished)
  return AnyCancellable {}
}
// expected-warning@+2 {{PublisherTraits was renamed TraitPublishers}}
// expected-note@+1 {{use 'TraitPublishers' instead}}
let old = PublisherTraits.Maybe<Int, Never> { promise in
  promise(.finished)
  return AnyCancellable {}
}
