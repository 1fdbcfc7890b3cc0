// The deliberate non-conformances of Packages/MaybeTraits/ReactiveCore+MaybePublisher.swift:
// each line that must not type-check sits next to a control that must.
import Foundation
import MaybeTraits
import ReactiveCore

// `Deferred` and `Record` have no specialised operators (`Just` and
// `Publishers.Sequence` have Combine's: `Just(1).map` is a `Just`), so that
// `one.map` is a `Publishers.Map` and each row checks the operator's own type.
let one = Deferred { Just(1) }
let many = Record<Int, Never>(output: [1, 2], completion: .finished)
let never = Empty<Int, Never>(completeImmediately: false)
let two: Publishers.Sequence<[Int], Never> = [1, 2].publisher

/// Compiles only for a maybe publisher: checks conditional conformances.
func maybe<P: MaybePublisher>(_ publisher: P) -> P { publisher }

// MARK: Publishers and subjects

let anyPublisherIsPublisher: any Publisher<Int, Never> = one.eraseToAnyPublisher()
let anyMaybePublisherIsMaybe: any MaybePublisher<Int, Never> = one.eraseToAnyMaybePublisher()
// An AnyPublisher that can publish a value is not a maybe: only AnyPublisher<Never, _> is.
// expected-error@+1 {{global function 'maybe' requires the types}}
let anyPublisherIsNotMaybe = maybe(one.eraseToAnyPublisher())
// An AnyPublisher whose Output is Never can only finish, fail or never end.
let anyPublisherOfNeverIsMaybe: any MaybePublisher<Never, Never> = one.ignoreOutput().eraseToAnyPublisher()

let currentValueSubjectIsPublisher: any Publisher<Int, Never> = CurrentValueSubject<Int, Never>(1)
// expected-error@+1 {{does not conform to specified type 'MaybePublisher'}}
let currentValueSubjectIsNotMaybe: any MaybePublisher<Int, Never> = CurrentValueSubject<Int, Never>(1)

let passthroughSubjectIsPublisher: any Publisher<Int, Never> = PassthroughSubject<Int, Never>()
// expected-error@+1 {{does not conform to specified type 'MaybePublisher'}}
let passthroughSubjectIsNotMaybe: any MaybePublisher<Int, Never> = PassthroughSubject<Int, Never>()

let sequenceIsPublisher: any Publisher<Int, Never> = [1, 2].publisher
// expected-error@+1 {{does not conform to specified type 'MaybePublisher'}}
let sequenceIsNotMaybe: any MaybePublisher<Int, Never> = [1, 2].publisher

let recordIsPublisher: any Publisher<Int, Never> = Record<Int, Never>(output: [1, 2], completion: .finished)
// expected-error@+1 {{does not conform to specified type 'MaybePublisher'}}
let recordIsNotMaybe: any MaybePublisher<Int, Never> = Record<Int, Never>(output: [1, 2], completion: .finished)

// A conditional conformance holds only for a maybe upstream.
let deferredOfJustIsMaybe = maybe(Deferred { one })
// expected-error@+1 {{requires that 'Publishers.Sequence<[Int], Never>' conform to 'MaybePublisher'}}
let deferredOfSequenceIsNotMaybe = maybe(Deferred { two })

// MARK: Mapping and reducing (a maybe upstream is required)

let mapOfJustIsMaybe = maybe(one.map { $0 })
// expected-error@+1 {{requires that 'Record<Int, Never>' conform to 'MaybePublisher'}}
let mapOfRecordIsNotMaybe = maybe(many.map { $0 })

let outputOfJustIsMaybe = maybe(one.prefix(2))
// expected-error@+1 {{requires that 'Record<Int, Never>' conform to 'MaybePublisher'}}
let outputOfRecordIsNotMaybe = maybe(many.prefix(2))

let firstOfRecordIsMaybe = maybe(many.first())
let collectOfRecordIsMaybe = maybe(many.collect())
// expected-error@+1 {{requires that 'Publishers.Sequence<[Int], Never>' conform to 'MaybePublisher'}}
let collectByCountOfSequenceIsNotMaybe = maybe(two.collect(1))

// MARK: Combining

let appendIsPublisher: any Publisher<Int, Never> = one.append(Just(2))
// expected-error@+1 {{does not conform to specified type 'MaybePublisher'}}
let appendIsNotMaybe: any MaybePublisher<Int, Never> = one.append(Just(2))
// `prepend(_ elements: Output...)` builds a Concatenate with a Sequence prefix.
let prependIsPublisher: any Publisher<Int, Never> = never.prepend()
// expected-error@+1 {{does not conform to specified type 'MaybePublisher'}}
let emptyPrependIsNotMaybe: any MaybePublisher<Int, Never> = never.prepend()

let mergeIsPublisher: any Publisher<Int, Never> = one.merge(with: one)
// expected-error@+1 {{does not conform to specified type 'MaybePublisher'}}
let mergeIsNotMaybe: any MaybePublisher<Int, Never> = one.merge(with: one)
let merge3IsPublisher: any Publisher<Int, Never> = one.merge(with: one, one)
// expected-error@+1 {{does not conform to specified type 'MaybePublisher'}}
let merge3IsNotMaybe: any MaybePublisher<Int, Never> = one.merge(with: one, one)
let merge4IsPublisher: any Publisher<Int, Never> = one.merge(with: one, one, one)
// expected-error@+1 {{does not conform to specified type 'MaybePublisher'}}
let merge4IsNotMaybe: any MaybePublisher<Int, Never> = one.merge(with: one, one, one)
let merge5IsPublisher: any Publisher<Int, Never> = one.merge(with: one, one, one, one)
// expected-error@+1 {{does not conform to specified type 'MaybePublisher'}}
let merge5IsNotMaybe: any MaybePublisher<Int, Never> = one.merge(with: one, one, one, one)
let merge6IsPublisher: any Publisher<Int, Never> = one.merge(with: one, one, one, one, one)
// expected-error@+1 {{does not conform to specified type 'MaybePublisher'}}
let merge6IsNotMaybe: any MaybePublisher<Int, Never> = one.merge(with: one, one, one, one, one)
let merge7IsPublisher: any Publisher<Int, Never> = one.merge(with: one, one, one, one, one, one)
// expected-error@+1 {{does not conform to specified type 'MaybePublisher'}}
let merge7IsNotMaybe: any MaybePublisher<Int, Never> = one.merge(with: one, one, one, one, one, one)
let merge8IsPublisher: any Publisher<Int, Never> = one.merge(with: one, one, one, one, one, one, one)
// expected-error@+1 {{does not conform to specified type 'MaybePublisher'}}
let merge8IsNotMaybe: any MaybePublisher<Int, Never> = one.merge(with: one, one, one, one, one, one, one)
let mergeManyIsPublisher: any Publisher<Int, Never> = Publishers.MergeMany(one, one)
// expected-error@+1 {{does not conform to specified type 'MaybePublisher'}}
let mergeManyIsNotMaybe: any MaybePublisher<Int, Never> = Publishers.MergeMany(one, one)

// Multi-upstream rows need every upstream involved to be a maybe.
let zipOfMaybesIsMaybe = maybe(one.zip(one))
// expected-error@+1 {{requires that 'Publishers.Sequence<[Int], Never>' conform to 'MaybePublisher'}}
let zipWithSequenceIsNotMaybe = maybe(one.zip(two))
let combineLatestOfMaybesIsMaybe = maybe(one.combineLatest(one))
// expected-error@+1 {{requires that 'Publishers.Sequence<[Int], Never>' conform to 'MaybePublisher'}}
let combineLatestWithSequenceIsNotMaybe = maybe(one.combineLatest(two))
let flatMapOfMaybesIsMaybe = maybe(one.flatMap { _ in one })
// expected-error@+1 {{requires that 'Publishers.Sequence<[Int], Never>' conform to 'MaybePublisher'}}
let flatMapToSequenceIsNotMaybe = maybe(one.flatMap { _ in two })
let switchToLatestOfMaybesIsMaybe = maybe(one.map { _ in one }.switchToLatest())
// expected-error@+1 {{requires that 'Publishers.Sequence<[Int], Never>' conform to 'MaybePublisher'}}
let switchToSequenceIsNotMaybe = maybe(one.map { _ in two }.switchToLatest())

// MARK: Lifecycle

struct Failure: Error {}
let failing = Fail<Int, Failure>(error: Failure())
let catchOfMaybesIsMaybe = maybe(failing.catch { _ in one })
// expected-error@+1 {{requires that 'Publishers.Sequence<[Int], Never>' conform to 'MaybePublisher'}}
let catchWithSequenceIsNotMaybe = maybe(failing.catch { _ in two })

let shareOfMaybeIsMaybe = maybe(one.share())
let multicastIsPublisher: any Publisher<Int, Never> = one.multicast(subject: PassthroughSubject<Int, Never>())
// expected-error@+1 {{does not conform to specified type 'MaybePublisher'}}
let multicastIsNotMaybe: any MaybePublisher<Int, Never> = one.multicast(subject: PassthroughSubject<Int, Never>())
