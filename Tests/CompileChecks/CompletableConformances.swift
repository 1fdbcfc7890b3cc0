// The deliberate non-conformances of Packages/CompletableTraits/ReactiveCore+CompletablePublisher.swift:
// each line that must not type-check sits next to a control that must.
import CompletableTraits
import MaybeTraits
import ReactiveCore
import SingleTraits

let done = Empty<Never, Never>()
let numbers = Empty<Int, Never>()

/// Compiles only for a completable publisher: checks conditional conformances.
func completable<P: CompletablePublisher>(_ publisher: P) -> P { publisher }

// MARK: A value type other than Never

let emptyOfNeverIsCompletable = completable(done)
// expected-error@+1 {{requires the types 'Int' and 'Never' be equivalent}}
let emptyOfIntIsNotCompletable = completable(numbers)

let ignoreOutputIsCompletable = completable(Record<Int, Never>(output: [1, 2], completion: .finished).ignoreOutput())
// Combine's specialised `ignoreOutput()` of a sequence, a `Just`, an optional
// or a result is an `Empty` that keeps the `Output` type: not completable.
// `asCompletable()` is, whatever the maybe publisher.
// (A completable context picks the general `ignoreOutput()`, hence the bindings.)
let ignoredSequence = [1, 2].publisher.ignoreOutput()
let ignoreOutputOfSequenceIsEmpty: Empty<Int, Never> = ignoredSequence
// expected-error@+1 {{requires the types 'Int' and 'Never' be equivalent}}
let ignoreOutputOfSequenceIsNotCompletable = completable(ignoredSequence)
let ignoreOutputOfSequenceInACompletableContext = completable([1, 2].publisher.ignoreOutput())
let asCompletableIsCompletable = completable(Just(1).asCompletable())
// expected-error@+1 {{does not conform to specified type 'CompletablePublisher'}}
let justIsNotCompletable: any CompletablePublisher<Never> = Just(1)

let countIsMaybe: any MaybePublisher<Int, Never> = done.count()
// expected-error@+1 {{does not conform to specified type 'CompletablePublisher'}}
let countIsNotCompletable: any CompletablePublisher<Never> = done.count()

// MARK: Not a maybe publisher

let subjectIsPublisher: any Publisher<Never, Never> = PassthroughSubject<Never, Never>()
// expected-error@+1 {{does not conform to specified type 'CompletablePublisher'}}
let subjectIsNotCompletable: any CompletablePublisher<Never> = PassthroughSubject<Never, Never>()

let anyCompletableIsCompletable: any CompletablePublisher<Never> = done.eraseToAnyCompletablePublisher()
// An AnyPublisher whose Output is Never can only complete: it is completable.
let anyPublisherOfNeverIsCompletable: any CompletablePublisher<Never> = done.eraseToAnyPublisher()
let erasedIgnoreOutputIsCompletable: any CompletablePublisher<Never> = Just(1).ignoreOutput().eraseToAnyPublisher()
let anyPublisherOfIntIsPublisher: any Publisher<Int, Never> = Just(1).eraseToAnyPublisher()
// expected-error@+1 {{cannot convert value of type 'Int' to expected argument type 'Never'}}
let anyPublisherOfIntIsNotCompletable = completable(Just(1).eraseToAnyPublisher())

let andThenIsCompletable = completable(done.andThen(done))
// expected-error@+1 {{does not conform to specified type 'CompletablePublisher'}}
let appendIsNotCompletable: any CompletablePublisher<Never> = done.append(done)

let mergeIsPublisher: any Publisher<Never, Never> = done.merge(with: done)
// expected-error@+1 {{does not conform to specified type 'CompletablePublisher'}}
let mergeIsNotCompletable: any CompletablePublisher<Never> = done.merge(with: done)

// MARK: andThen keeps the trait of the second publisher, and only that

func single<P: SinglePublisher>(_ publisher: P) -> P { publisher }

let completableThenSingleIsSingle = single(done.andThen(Just(1)))
// expected-error@+1 {{requires that 'Empty<Int, Never>' conform to 'SinglePublisher'}}
let completableThenMaybeIsNotSingle = single(done.andThen(numbers))
// expected-error@+1 {{requires that 'Just<Int>' conform to 'CompletablePublisher'}}
let completableThenSingleIsNotCompletable: any CompletablePublisher<Never> = done.andThen(Just(1))
// expected-error@+1 {{andThen requires a CompletablePublisher, which publishes no value and only finishes or fails}}
let singleHasNoAndThen = Just(1).andThen(Just(2))
