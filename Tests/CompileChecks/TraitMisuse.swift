// Trait-only API on a publisher without the trait does not compile, and the
// error names the missing trait and the ways to get it (the unavailable
// overloads of Packages/*/Publisher+*Misuse.swift). Each refused line sits next
// to controls where the same call compiles: on concrete, erased, generic and
// opaque publishers that have the trait, so that the unavailable overloads are
// never chosen for them. A check that is useless on a publisher that already
// has the trait compiles, with a warning that says so.
import CompletableTraits
import Foundation
import FoundationTraits
import ImmediateTraits
import MaybeTraits
import ReactiveCore
import SingleTraits

let many = [1, 2].publisher
let maybe = Optional(1).publisher
let single = Just(1)
let bag = CancelBag()

func genericSingle<P: SinglePublisher>(_ p: P) -> AnyCancellable {
  p.sinkSingle(in: bag) { _ in }
  _ = p.eraseToAnySinglePublisher()
  _ = p.eraseToAnyMaybePublisher()
  _ = p.sinkMaybe { _ in }
  return p.sinkSingle { _ in }
}
func genericMaybe<P: MaybePublisher>(_ p: P) -> AnyCancellable {
  p.sinkMaybe(in: bag) { _ in }
  _ = p.eraseToAnyMaybePublisher()
  return p.sinkMaybe { _ in }
}
func opaqueSingle() -> some SinglePublisher<Int, Never> { Just(1) }
func genericImmediate<P: ImmediatePublisher>(_ p: P) -> AnyCancellable where P.Failure == Never {
  _ = p.immediateResult
  _ = p.immediateValue
  _ = p.eraseToAnyImmediatePublisher()
  return p.sinkImmediate { _ in }
}
func genericCompletable<P: CompletablePublisher>(_ p: P) -> AnyCancellable {
  _ = p.eraseToAnyCompletablePublisher()
  _ = p.andThen(Just(1).setFailureType(to: P.Failure.self))
  return p.sinkCompletable { _ in }
}

// MARK: Single

let singleSink = single.sinkSingle { _ in }
let erasedSingleSink = single.eraseToAnySinglePublisher().sinkSingle { _ in }
let opaqueSingleSink = opaqueSingle().sinkSingle { _ in }
let genericSingleSink = genericSingle(single)
let collectedSink = many.collect().sinkSingle { _ in }
let existentialSingle: any SinglePublisher<Int, Never> = single
let existentialSingleSink = existentialSingle.sinkSingle { _ in }
let existentialMaybe: any MaybePublisher<Int, Never> = maybe
// expected-error@+1 {{sinkSingle requires a SinglePublisher, and this maybe may finish without a value}}
let existentialMaybeSingleSink = existentialMaybe.sinkSingle { _ in }
let existentialMaybeSink = existentialMaybe.sinkMaybe { _ in }
// expected-error@+1 {{sinkSingle requires a SinglePublisher, and this publisher may publish any number of values: make it a single with collect(), reduce(_:_:) or first().replaceEmpty(withError:), or check it at run time with checkSingle() or assertSingle()}}
let manySink = many.sinkSingle { _ in }
// expected-error@+1 {{sinkSingle requires a SinglePublisher, and this maybe may finish without a value: use sinkMaybe, or make it a single with replaceEmpty(with:), replaceEmpty(withError:) or ifEmpty(default:)}}
let maybeSingleSink = maybe.sinkSingle { _ in }
let replacedSink = maybe.replaceEmpty(with: 0).sinkSingle { _ in }

let singleErased = single.eraseToAnySinglePublisher()
let checkedErased = many.checkSingle().eraseToAnySinglePublisher()
// expected-error@+1 {{eraseToAnySinglePublisher requires a SinglePublisher, and this publisher may publish any number of values: make it a single with collect(), reduce(_:_:) or first().replaceEmpty(withError:), check it at run time with checkSingle() or assertSingle(), or declare it one with uncheckedSingle()}}
let manyErased = many.eraseToAnySinglePublisher()
// expected-error@+1 {{eraseToAnySinglePublisher requires a SinglePublisher, and this maybe may finish without a value: use eraseToAnyMaybePublisher(), or make it a single with replaceEmpty(with:), replaceEmpty(withError:) or ifEmpty(default:)}}
let maybeErasedAsSingle = maybe.eraseToAnySinglePublisher()

func singleInBag() {
  single.sinkSingle(in: bag) { _ in }
  // expected-error@+1 {{sinkSingle(in:receive:) requires a SinglePublisher, and this publisher may publish any number of values}}
  many.sinkSingle(in: bag) { _ in }
  // expected-error@+1 {{sinkSingle(in:receive:) requires a SinglePublisher, and this maybe may finish without a value: use sinkMaybe(in:receive:)}}
  maybe.sinkSingle(in: bag) { _ in }
}

// The other single-making and single-only operators.
let replacedWithError = maybe.setFailureType(to: SingleError<Never>.self).replaceEmpty(withError: .missingElement)
// expected-error@+1 {{replaceEmpty(withError:) makes a maybe a single, and this publisher may publish several values: make it a maybe first with first() or last(), or check it with checkSingle()}}
let manyReplacedWithError = many.setFailureType(to: SingleError<Never>.self).replaceEmpty(withError: .missingElement)
let defaulted = maybe.ifEmpty(default: 0).sinkSingle { _ in }
// expected-error@+1 {{ifEmpty(default:) requires a MaybePublisher, whose missing value the default stands for, and this publisher may publish several values: make it a maybe first with first() or last()}}
let manyDefaulted = many.ifEmpty(default: 0)
let cachedSingle = single.cache()
let cachedSingleSink = cachedSingle.sinkSingle { _ in }
let cachedMaybe = maybe.cache()
// expected-error@+1 {{cache() replays one outcome and requires a MaybePublisher, and this publisher may publish several values: make it a maybe with first() or last(), or share its values with share() or multicast(subject:)}}
let cachedMany = many.cache()
let operation = single.makeOperation()
// expected-error@+1 {{makeOperation() requires a SinglePublisher, whose one result the operation holds, and this publisher is not one: make it a single with collect(), reduce(_:_:) or first().replaceEmpty(withError:), or check it with checkSingle()}}
let maybeOperation = maybe.makeOperation()
let singleQueued = single.asOperation(in: OperationQueue())
// expected-error@+1 {{asOperation(in:queuePriority:) requires a SinglePublisher, and this publisher is not one}}
let manyOperation = many.asOperation(in: OperationQueue())

// Checking a single checks nothing: a warning, and the same single as before.
let checkedMany: Publishers.CheckSingle<Publishers.Sequence<[Int], Never>> = many.checkSingle()
// expected-warning@+1 {{This publisher is already a SinglePublisher: checkSingle() checks nothing}}
let checkedSingle: Publishers.CheckSingle<Just<Int>> = Just(1).checkSingle()
let checkedSingleIsSingle = checkedSingle.sinkSingle { _ in }
let checkedMaybe = maybe.checkSingle()  // a maybe is worth checking: no warning

// MARK: Maybe

let maybeSink = maybe.sinkMaybe { _ in }
let singleAsMaybeSink = single.sinkMaybe { _ in }
let erasedMaybeSink = maybe.eraseToAnyMaybePublisher().sinkMaybe { _ in }
let genericMaybeSink = genericMaybe(maybe)
let genericSingleAsMaybeSink = genericMaybe(single)
let firstSink = many.first().sinkMaybe { _ in }
// expected-error@+1 {{sinkMaybe requires a MaybePublisher, and this publisher may publish any number of values: make it a maybe with first() or last(), or check it at run time with checkMaybe() or assertMaybe()}}
let manyMaybeSink = many.sinkMaybe { _ in }

let maybeErased = maybe.eraseToAnyMaybePublisher()
// expected-error@+1 {{eraseToAnyMaybePublisher requires a MaybePublisher, and this publisher may publish any number of values: make it a maybe with first() or last(), check it at run time with checkMaybe() or assertMaybe(), or declare it one with uncheckedMaybe()}}
let manyMaybeErased = many.eraseToAnyMaybePublisher()

func maybeInBag() {
  maybe.sinkMaybe(in: bag) { _ in }
  // expected-error@+1 {{sinkMaybe(in:receive:) requires a MaybePublisher, and this publisher may publish any number of values}}
  many.sinkMaybe(in: bag) { _ in }
}

// MARK: Immediate

let subject = PassthroughSubject<Int, Never>()
let immediateSink = single.sinkImmediate { _ in }
let prependedSink = subject.prepend(0).sinkImmediate(receiveCompletion: { _ in }, receiveValue: { _ in })
let genericImmediateSink = genericImmediate(single)
// expected-error@+1 {{sinkImmediate requires an ImmediatePublisher, and this publisher may publish nothing at subscription: give it a first value with prepend(_:), or check it at run time with assertImmediate()}}
let subjectSink = subject.sinkImmediate { _ in }
// expected-error@+1 {{sinkImmediate requires an ImmediatePublisher, and this publisher may publish nothing at subscription}}
let subjectFullSink = subject.sinkImmediate(receiveCompletion: { _ in }, receiveValue: { _ in })
let immediateErased = single.eraseToAnyImmediatePublisher()
// expected-error@+1 {{eraseToAnyImmediatePublisher requires an ImmediatePublisher, and this publisher may publish nothing at subscription: give it a first value with prepend(_:), check it at run time with assertImmediate(), or declare it one with uncheckedImmediate()}}
let subjectErased = subject.eraseToAnyImmediatePublisher()
let immediateValue = single.immediateValue
// expected-error@+1 {{immediateValue requires an ImmediatePublisher, and this publisher may publish nothing at subscription: give it a first value with prepend(_:), or check it at run time with assertImmediate()}}
let subjectValue = subject.immediateValue
let immediateResult = single.immediateResult
// expected-error@+1 {{immediateResult requires an ImmediatePublisher, and this publisher may publish nothing at subscription}}
let subjectResult = subject.immediateResult

// MARK: Completable

let completable = single.asCompletable()
let completableSink = completable.sinkCompletable { _ in }
let ignoredSink = many.ignoreOutput().sinkCompletable { _ in }
let genericCompletableSink = genericCompletable(completable)
let completableErased = completable.eraseToAnyCompletablePublisher()
let completableThen = completable.andThen(Just(2))
// expected-error@+1 {{sinkCompletable requires a CompletablePublisher, which publishes no value and only finishes or fails: drop the values with ignoreOutput() (asCompletable() on a maybe or a single)}}
let singleCompletableSink = single.sinkCompletable { _ in }
// expected-error@+1 {{eraseToAnyCompletablePublisher requires a CompletablePublisher, which publishes no value and only finishes or fails: drop the values with ignoreOutput() (asCompletable() on a maybe or a single)}}
let manyCompletableErased = many.eraseToAnyCompletablePublisher()
// expected-error@+1 {{andThen requires a CompletablePublisher, which publishes no value and only finishes or fails: drop the values with ignoreOutput() first (asCompletable() on a maybe or a single)}}
let singleThen = single.andThen(Just(2))
