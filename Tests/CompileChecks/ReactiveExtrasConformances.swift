// The trait rows of Packages/ReactiveExtras/ReactiveExtras+TraitPublishers.swift:
// each line that must not type-check sits next to a control that must.
import MaybeTraits
import ReactiveCore
import ReactiveExtras
import SingleTraits

/// Compiles only for a single publisher.
func single<P: SinglePublisher>(_ publisher: P) -> P { publisher }
/// Compiles only for a maybe publisher.
func maybe<P: MaybePublisher>(_ publisher: P) -> P { publisher }

let one = Deferred { Just(1) }
let many = Record<Int, Never>(output: [1, 2], completion: .finished)

// MARK: share(replay:)

let shareReplayOfSingleIsSingle = single(one.share(replay: 1))
let shareReplayOfMaybeIsMaybe = maybe(Empty<Int, Never>().share(replay: 1))
// A plain publisher may publish many values: so does its share(replay:).
// expected-error@+1 {{requires that 'Record<Int, Never>' conform to 'SinglePublisher'}}
let shareReplayOfPublisherIsNotSingle = single(many.share(replay: 1))
// expected-error@+1 {{requires that 'Record<Int, Never>' conform to 'MaybePublisher'}}
let shareReplayOfPublisherIsNotMaybe = maybe(many.share(replay: 1))

// MARK: withLatestFrom

let withLatestFromOfMaybeIsMaybe = maybe(Empty<Int, Never>().withLatestFrom(one))
let withLatestFromOfSingleIsMaybe = maybe(one.withLatestFrom(one))
// A single's value is dropped if `other` has not published yet: maybe, not single.
// expected-error@+1 {{does not conform to specified type 'SinglePublisher'}}
let withLatestFromOfSingleIsNotSingle: any SinglePublisher<Int, Never> = one.withLatestFrom(one)

// MARK: materialize

let materializeIsPublisher: any Publisher<Signal<Int, Never>, Never> = one.materialize()
// After a single: a value signal, then the finished signal — two values.
// expected-error@+1 {{does not conform to specified type 'MaybePublisher'}}
let materializeOfSingleIsNotMaybe: any MaybePublisher<Signal<Int, Never>, Never> = one.materialize()
