// The trait conformances of the operators added by CombineTraits for issue 10
// (Packages/SingleTraits: SwitchIfEmpty, DelayedRetry, Cache; AnySinglePublisher
// results of timeout(error:), raceSingle, TraitPublishers.zip), and their
// deliberate non-conformances: each line that must not type-check sits next
// to a control that must.
import ImmediateTraits
import MaybeTraits
import ReactiveCore
import SingleTraits

struct TestError: Error {}

let none = Empty<Int, TestError>()
let one = Just(1).setFailureType(to: TestError.self)
let many = Publishers.Sequence<[Int], TestError>(sequence: [1, 2])
let scheduler = ImmediateScheduler.shared

func single<P: SinglePublisher>(_ publisher: P) -> P { publisher }
func maybe<P: MaybePublisher>(_ publisher: P) -> P { publisher }
func immediate<P: ImmediatePublisher>(_ publisher: P) -> P { publisher }

// MARK: ifEmpty

let ifEmptyDefaultIsSingle = single(none.ifEmpty(default: 0))
let switchToSingleIsSingle = single(none.ifEmpty(switchTo: one))
let switchToMaybeIsMaybe = maybe(none.ifEmpty(switchTo: none))
// expected-error@+1 {{requires that 'Empty<Int, TestError>' conform to 'SinglePublisher'}}
let switchToMaybeIsNotSingle = single(none.ifEmpty(switchTo: none))
let switchToManyIsPublisher: any Publisher<Int, TestError> = none.ifEmpty(switchTo: many)
// expected-error@+1 {{requires that 'Publishers.Sequence<[Int], TestError>' conform to 'MaybePublisher'}}
let switchToManyIsNotMaybe = maybe(none.ifEmpty(switchTo: many))
// expected-error@+1 {{ifEmpty(switchTo:) requires a MaybePublisher, whose missing value the replacement stands for, and this publisher may publish several values: make it a maybe first with first() or last()}}
let ifEmptyOfManyDoesNotExist = many.ifEmpty(switchTo: one)
let switchIfEmptyOfJustIsPublisher: any Publisher<Int, TestError> = one.ifEmpty(switchTo: one)
// expected-error@+1 {{does not conform to specified type 'ImmediatePublisher'}}
let switchIfEmptyIsNotImmediate: any ImmediatePublisher<Int, TestError> = one.ifEmpty(switchTo: one)

// MARK: compactMap of a single: a maybe, not a single

let compactMapOfSingleIsMaybe: any MaybePublisher<Int, TestError> = one.compactMap { $0 }
// expected-error@+1 {{does not conform to specified type 'SinglePublisher'}}
let compactMapOfSingleIsNotSingle: any SinglePublisher<Int, TestError> = one.compactMap { $0 }

// MARK: retry with a delay

let delayedRetryOfSingleIsSingle = single(one.retry(1, delay: .zero, scheduler: scheduler))
let delayedRetryOfMaybeIsMaybe = maybe(none.retry(1, delay: .zero, scheduler: scheduler))
// expected-error@+1 {{requires that 'Empty<Int, TestError>' conform to 'SinglePublisher'}}
let delayedRetryOfMaybeIsNotSingle = single(none.retry(1, delay: .zero, scheduler: scheduler))
let delayedRetryOfManyIsPublisher: any Publisher<Int, TestError> = many.retry(1, delay: .zero, scheduler: scheduler)
// expected-error@+1 {{requires that 'Publishers.Sequence<[Int], TestError>' conform to 'MaybePublisher'}}
let delayedRetryOfManyIsNotMaybe = maybe(many.retry(1, delay: .zero, scheduler: scheduler))
let justIsImmediate = immediate(one)
// expected-error@+1 {{does not conform to specified type 'ImmediatePublisher'}}
let delayedRetryIsNotImmediate: any ImmediatePublisher<Int, TestError> = one.retry(1, delay: 0, scheduler: scheduler)

// MARK: cache

let cacheOfSingleIsSingle = single(one.cache())
let cacheOfMaybeIsMaybe = maybe(none.cache())
// expected-error@+1 {{requires that 'Empty<Int, TestError>' conform to 'SinglePublisher'}}
let cacheOfMaybeIsNotSingle = single(none.cache())
// expected-error@+1 {{cache() replays one outcome and requires a MaybePublisher, and this publisher may publish several values}}
let cacheOfManyDoesNotExist = many.cache()
// expected-error@+1 {{does not conform to specified type 'ImmediatePublisher'}}
let cacheIsNotImmediate: any ImmediatePublisher<Int, TestError> = one.cache()

// MARK: timeout with an error, race, zip: single publishers

let timeoutWithErrorIsSingle = single(one.timeout(.zero, scheduler: scheduler, error: { TestError() }))
let timeoutWithoutErrorIsMaybe: any MaybePublisher<Int, TestError> = one.timeout(.zero, scheduler: scheduler)
// expected-error@+1 {{does not conform to specified type 'SinglePublisher'}}
let timeoutWithoutErrorIsNotSingle: any SinglePublisher<Int, TestError> = one.timeout(.zero, scheduler: scheduler)
let raceIsSingle = single([one, one].raceSingle())
let zipIsSingle = single(TraitPublishers.zip(one.eraseToAnySinglePublisher(), one.eraseToAnySinglePublisher()))

// MARK: immediate reads

let immediateValueOfJust: Int = Just(1).immediateValue
let immediateResultOfSingle: Result<Int, TestError> = one.immediateResult
