// The deliberate non-conformances of Packages/SingleTraits/ReactiveCore+SinglePublisher.swift:
// each line that must not type-check sits next to a control that must (a
// maybe publisher where the row is a maybe, a plain publisher otherwise).
import MaybeTraits
import ReactiveCore
import SingleTraits

// `Deferred` and `Record` have no specialised operators (`Just` and
// `Publishers.Sequence` have Combine's: `Just(1).map` is a `Just`), so that
// `one.map` is a `Publishers.Map` and each row checks the operator's own type.
let one = Deferred { Just(1) }
let many = Record<Int, Never>(output: [1, 2], completion: .finished)
let none = Empty<Int, Never>()
let two: Publishers.Sequence<[Int], Never> = [1, 2].publisher

/// Compiles only for a single publisher: checks conditional conformances.
func single<P: SinglePublisher>(_ publisher: P) -> P { publisher }

// MARK: Publishers and subjects

let anyPublisherIsPublisher: any Publisher<Int, Never> = one.eraseToAnyPublisher()
// expected-error@+1 {{does not conform to specified type 'SinglePublisher'}}
let anyPublisherIsNotSingle: any SinglePublisher<Int, Never> = one.eraseToAnyPublisher()

let currentValueSubjectIsPublisher: any Publisher<Int, Never> = CurrentValueSubject<Int, Never>(1)
// expected-error@+1 {{does not conform to specified type 'SinglePublisher'}}
let currentValueSubjectIsNotSingle: any SinglePublisher<Int, Never> = CurrentValueSubject<Int, Never>(1)

let emptyIsMaybe: any MaybePublisher<Int, Never> = none
// expected-error@+1 {{does not conform to specified type 'SinglePublisher'}}
let emptyIsNotSingle: any SinglePublisher<Int, Never> = none

let optionalIsMaybe: any MaybePublisher<Int, Never> = Optional(1).publisher
// expected-error@+1 {{does not conform to specified type 'SinglePublisher'}}
let optionalIsNotSingle: any SinglePublisher<Int, Never> = Optional(1).publisher

let passthroughSubjectIsPublisher: any Publisher<Int, Never> = PassthroughSubject<Int, Never>()
// expected-error@+1 {{does not conform to specified type 'SinglePublisher'}}
let passthroughSubjectIsNotSingle: any SinglePublisher<Int, Never> = PassthroughSubject<Int, Never>()

let sequenceIsPublisher: any Publisher<Int, Never> = [1].publisher
// expected-error@+1 {{does not conform to specified type 'SinglePublisher'}}
let sequenceIsNotSingle: any SinglePublisher<Int, Never> = [1].publisher

let recordIsPublisher: any Publisher<Int, Never> = Record<Int, Never>(output: [1], completion: .finished)
// expected-error@+1 {{does not conform to specified type 'SinglePublisher'}}
let recordIsNotSingle: any SinglePublisher<Int, Never> = Record<Int, Never>(output: [1], completion: .finished)

let deferredOfJustIsSingle = single(Deferred { one })
// expected-error@+1 {{requires that 'Empty<Int, Never>' conform to 'SinglePublisher'}}
let deferredOfEmptyIsNotSingle = single(Deferred { none })

// MARK: Mapping

let compactMapOfSingleIsMaybe: any MaybePublisher<Int, Never> = one.compactMap { $0 }
// expected-error@+1 {{does not conform to specified type 'SinglePublisher'}}
let compactMapOfSingleIsNotSingle: any SinglePublisher<Int, Never> = one.compactMap { $0 }

let filterOfSingleIsMaybe: any MaybePublisher<Int, Never> = one.filter { _ in true }
// expected-error@+1 {{does not conform to specified type 'SinglePublisher'}}
let filterOfSingleIsNotSingle: any SinglePublisher<Int, Never> = one.filter { _ in true }

let ignoreOutputIsMaybe: any MaybePublisher<Never, Never> = one.ignoreOutput()
// expected-error@+1 {{does not conform to specified type 'SinglePublisher'}}
let ignoreOutputIsNotSingle: any SinglePublisher<Never, Never> = one.ignoreOutput()

let tryCompactMapOfSingleIsMaybe: any MaybePublisher<Int, any Error> = one.tryCompactMap { $0 }
// expected-error@+1 {{does not conform to specified type 'SinglePublisher'}}
let tryCompactMapOfSingleIsNotSingle: any SinglePublisher<Int, any Error> = one.tryCompactMap { $0 }

let tryFilterOfSingleIsMaybe: any MaybePublisher<Int, any Error> = one.tryFilter { _ in true }
// expected-error@+1 {{does not conform to specified type 'SinglePublisher'}}
let tryFilterOfSingleIsNotSingle: any SinglePublisher<Int, any Error> = one.tryFilter { _ in true }

let mapOfSingleIsSingle = single(one.map { $0 })
// expected-error@+1 {{requires that 'Empty<Int, Never>' conform to 'SinglePublisher'}}
let mapOfEmptyIsNotSingle = single(none.map { $0 })

let replaceEmptyOfMaybeIsSingle = single(none.replaceEmpty(with: 1))
// expected-error@+1 {{requires that 'Publishers.Sequence<[Int], Never>' conform to 'MaybePublisher'}}
let replaceEmptyOfSequenceIsNotSingle = single(two.replaceEmpty(with: 1))

// MARK: Reducing

let dropOfSingleIsMaybe: any MaybePublisher<Int, Never> = one.dropFirst()
// expected-error@+1 {{does not conform to specified type 'SinglePublisher'}}
let dropOfSingleIsNotSingle: any SinglePublisher<Int, Never> = one.dropFirst()

let dropWhileOfSingleIsMaybe: any MaybePublisher<Int, Never> = one.drop { _ in false }
// expected-error@+1 {{does not conform to specified type 'SinglePublisher'}}
let dropWhileOfSingleIsNotSingle: any SinglePublisher<Int, Never> = one.drop { _ in false }

let firstWhereIsMaybe: any MaybePublisher<Int, Never> = one.first { _ in true }
// expected-error@+1 {{does not conform to specified type 'SinglePublisher'}}
let firstWhereIsNotSingle: any SinglePublisher<Int, Never> = one.first { _ in true }

let lastWhereIsMaybe: any MaybePublisher<Int, Never> = one.last { _ in true }
// expected-error@+1 {{does not conform to specified type 'SinglePublisher'}}
let lastWhereIsNotSingle: any SinglePublisher<Int, Never> = one.last { _ in true }

let outputOfSingleIsMaybe: any MaybePublisher<Int, Never> = one.output(at: 0)
// expected-error@+1 {{does not conform to specified type 'SinglePublisher'}}
let outputOfSingleIsNotSingle: any SinglePublisher<Int, Never> = one.output(at: 0)

let prefixWhileOfSingleIsMaybe: any MaybePublisher<Int, Never> = one.prefix { _ in true }
// expected-error@+1 {{does not conform to specified type 'SinglePublisher'}}
let prefixWhileOfSingleIsNotSingle: any SinglePublisher<Int, Never> = one.prefix { _ in true }

let tryDropWhileOfSingleIsMaybe: any MaybePublisher<Int, any Error> = one.tryDrop { _ in false }
// expected-error@+1 {{does not conform to specified type 'SinglePublisher'}}
let tryDropWhileOfSingleIsNotSingle: any SinglePublisher<Int, any Error> = one.tryDrop { _ in false }

let tryFirstWhereIsMaybe: any MaybePublisher<Int, any Error> = one.tryFirst { _ in true }
// expected-error@+1 {{does not conform to specified type 'SinglePublisher'}}
let tryFirstWhereIsNotSingle: any SinglePublisher<Int, any Error> = one.tryFirst { _ in true }

let tryLastWhereIsMaybe: any MaybePublisher<Int, any Error> = one.tryLast { _ in true }
// expected-error@+1 {{does not conform to specified type 'SinglePublisher'}}
let tryLastWhereIsNotSingle: any SinglePublisher<Int, any Error> = one.tryLast { _ in true }

let tryPrefixWhileOfSingleIsMaybe: any MaybePublisher<Int, any Error> = one.tryPrefix { _ in true }
// expected-error@+1 {{does not conform to specified type 'SinglePublisher'}}
let tryPrefixWhileOfSingleIsNotSingle: any SinglePublisher<Int, any Error> = one.tryPrefix { _ in true }

let firstOfSingleIsSingle = single(one.first())
// expected-error@+1 {{requires that 'Empty<Int, Never>' conform to 'SinglePublisher'}}
let firstOfEmptyIsNotSingle = single(none.first())
let countOfRecordIsSingle = single(many.count())

// MARK: Combining

let appendIsPublisher: any Publisher<Int, Never> = one.append(Just(2))
// expected-error@+1 {{does not conform to specified type 'SinglePublisher'}}
let appendIsNotSingle: any SinglePublisher<Int, Never> = one.append(Just(2))
// `prepend(_ elements: Output...)` builds a Concatenate with a Sequence prefix.
let prependIsPublisher: any Publisher<Int, Never> = one.prepend()
// expected-error@+1 {{does not conform to specified type 'SinglePublisher'}}
let emptyPrependIsNotSingle: any SinglePublisher<Int, Never> = one.prepend()

let dropUntilOutputOfSingleIsMaybe: any MaybePublisher<Int, Never> = one.drop(untilOutputFrom: one)
// expected-error@+1 {{does not conform to specified type 'SinglePublisher'}}
let dropUntilOutputOfSingleIsNotSingle: any SinglePublisher<Int, Never> = one.drop(untilOutputFrom: one)

let mergeIsPublisher: any Publisher<Int, Never> = one.merge(with: one)
// expected-error@+1 {{does not conform to specified type 'SinglePublisher'}}
let mergeIsNotSingle: any SinglePublisher<Int, Never> = one.merge(with: one)
let merge3IsPublisher: any Publisher<Int, Never> = one.merge(with: one, one)
// expected-error@+1 {{does not conform to specified type 'SinglePublisher'}}
let merge3IsNotSingle: any SinglePublisher<Int, Never> = one.merge(with: one, one)
let merge4IsPublisher: any Publisher<Int, Never> = one.merge(with: one, one, one)
// expected-error@+1 {{does not conform to specified type 'SinglePublisher'}}
let merge4IsNotSingle: any SinglePublisher<Int, Never> = one.merge(with: one, one, one)
let merge5IsPublisher: any Publisher<Int, Never> = one.merge(with: one, one, one, one)
// expected-error@+1 {{does not conform to specified type 'SinglePublisher'}}
let merge5IsNotSingle: any SinglePublisher<Int, Never> = one.merge(with: one, one, one, one)
let merge6IsPublisher: any Publisher<Int, Never> = one.merge(with: one, one, one, one, one)
// expected-error@+1 {{does not conform to specified type 'SinglePublisher'}}
let merge6IsNotSingle: any SinglePublisher<Int, Never> = one.merge(with: one, one, one, one, one)
let merge7IsPublisher: any Publisher<Int, Never> = one.merge(with: one, one, one, one, one, one)
// expected-error@+1 {{does not conform to specified type 'SinglePublisher'}}
let merge7IsNotSingle: any SinglePublisher<Int, Never> = one.merge(with: one, one, one, one, one, one)
let merge8IsPublisher: any Publisher<Int, Never> = one.merge(with: one, one, one, one, one, one, one)
// expected-error@+1 {{does not conform to specified type 'SinglePublisher'}}
let merge8IsNotSingle: any SinglePublisher<Int, Never> = one.merge(with: one, one, one, one, one, one, one)
let mergeManyIsPublisher: any Publisher<Int, Never> = Publishers.MergeMany(one)
// expected-error@+1 {{does not conform to specified type 'SinglePublisher'}}
let mergeManyIsNotSingle: any SinglePublisher<Int, Never> = Publishers.MergeMany(one)

let prefixUntilOutputOfSingleIsMaybe: any MaybePublisher<Int, Never> = one.prefix(untilOutputFrom: one)
// expected-error@+1 {{does not conform to specified type 'SinglePublisher'}}
let prefixUntilOutputOfSingleIsNotSingle: any SinglePublisher<Int, Never> = one.prefix(untilOutputFrom: one)

// Multi-upstream rows need every upstream involved to be a single.
let zipOfSinglesIsSingle = single(one.zip(one))
// expected-error@+1 {{requires that 'Empty<Int, Never>' conform to 'SinglePublisher'}}
let zipWithEmptyIsNotSingle = single(one.zip(none))
let zip4OfSinglesIsSingle = single(one.zip(one, one, one))
// expected-error@+1 {{requires that 'Empty<Int, Never>' conform to 'SinglePublisher'}}
let zip4WithEmptyIsNotSingle = single(one.zip(one, one, none))
let combineLatestOfSinglesIsSingle = single(one.combineLatest(one))
// expected-error@+1 {{requires that 'Empty<Int, Never>' conform to 'SinglePublisher'}}
let combineLatestWithEmptyIsNotSingle = single(none.combineLatest(one))
let flatMapOfSinglesIsSingle = single(one.flatMap { _ in one })
// expected-error@+1 {{requires that 'Empty<Int, Never>' conform to 'SinglePublisher'}}
let flatMapToEmptyIsNotSingle = single(one.flatMap { _ in none })
let switchToLatestOfSinglesIsSingle = single(one.map { _ in one }.switchToLatest())
// expected-error@+1 {{requires that 'Empty<Int, Never>' conform to 'SinglePublisher'}}
let switchToEmptyIsNotSingle = single(one.map { _ in none }.switchToLatest())

// MARK: Lifecycle

struct Failure: Error {}
let failing = Fail<Int, Failure>(error: Failure())
let catchOfSinglesIsSingle = single(failing.catch { _ in one })
// expected-error@+1 {{requires that 'Empty<Int, Never>' conform to 'SinglePublisher'}}
let catchWithEmptyIsNotSingle = single(failing.catch { _ in none })
let tryCatchOfSinglesIsSingle = single(failing.tryCatch { _ in one })
// expected-error@+1 {{requires that 'Empty<Int, Never>' conform to 'SinglePublisher'}}
let tryCatchWithEmptyIsNotSingle = single(failing.tryCatch { _ in none })

let autoconnectOfSingleIsMaybe: any MaybePublisher<Int, Never> = one.makeConnectable().autoconnect()
// expected-error@+1 {{does not conform to specified type 'SinglePublisher'}}
let autoconnectOfSingleIsNotSingle: any SinglePublisher<Int, Never> = one.makeConnectable().autoconnect()

let makeConnectableOfSingleIsMaybe: any MaybePublisher<Int, Never> = one.makeConnectable()
// expected-error@+1 {{does not conform to specified type 'SinglePublisher'}}
let makeConnectableOfSingleIsNotSingle: any SinglePublisher<Int, Never> = one.makeConnectable()

let multicastIsPublisher: any Publisher<Int, Never> = one.multicast(subject: PassthroughSubject<Int, Never>())
// expected-error@+1 {{does not conform to specified type 'SinglePublisher'}}
let multicastIsNotSingle: any SinglePublisher<Int, Never> = one.multicast(subject: PassthroughSubject<Int, Never>())

let shareOfSingleIsMaybe: any MaybePublisher<Int, Never> = one.share()
// expected-error@+1 {{does not conform to specified type 'SinglePublisher'}}
let shareOfSingleIsNotSingle: any SinglePublisher<Int, Never> = one.share()
