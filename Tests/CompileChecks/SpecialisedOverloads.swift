// Combine's specialised operators on Just, Optional.Publisher, Result.Publisher
// and Publishers.Sequence (Packages/ReactiveCore/Publishers/*+Operators.swift):
// their exact result types, the stored properties readable on those results,
// and the traits that follow from the result types' rows in the conformance
// tables. Each must-not-compile line sits next to a control that compiles.
import CompletableTraits
import ImmediateTraits
import MaybeTraits
import ReactiveCore
import SingleTraits

struct TestError: Error {}

// MARK: Result types

let mapOfJust: Just<String> = Just(1).map(String.init)
let tryMapOfJust: Result<String, any Error>.Publisher = Just(1).tryMap(String.init)
let filterOfJust: Optional<Int>.Publisher = Just(1).filter { $0 > 0 }
let reduceOfJust: Result<Int, Never>.Publisher = Just(1).reduce(0, +)
let setFailureTypeOfJust: Result<Int, TestError>.Publisher = Just(1).setFailureType(to: TestError.self)
let appendToJust: Publishers.Sequence<[Int], Never> = Just(1).append(2)
let ignoreOutputOfJust: Empty<Int, Never> = Just(1).ignoreOutput()
let mapOfOptional: Optional<String>.Publisher = Optional(1).publisher.map(String.init)
let replaceEmptyOfOptional: Just<Int> = Optional<Int>.none.publisher.replaceEmpty(with: 0)
let mapOfResult: Result<String, TestError>.Publisher = Result<Int, TestError>.Publisher(1).map(String.init)
let replaceErrorOfResult: Result<Int, Never>.Publisher = Result<Int, TestError>.Publisher(1).replaceError(with: 0)
let mapOfSequence: Publishers.Sequence<[String], Never> = [1, 2].publisher.map(String.init)
let firstOfSequence: Optional<Int>.Publisher = [1, 2].publisher.first()
let countOfArray: Just<Int> = [1, 2].publisher.count()
let collectOfSequence: Result<[Int], Never>.Publisher = [1, 2].publisher.collect()
let dropFirstOfSequence: Publishers.Sequence<DropFirstSequence<[Int]>, Never> = [1, 2].publisher.dropFirst()

// The general operators remain where no specialisation applies.
let mapKeyPathOfJust: Publishers.MapKeyPath<Just<String>, Int> = Just("a").map(\.count)
let tryFilterOfJust: Publishers.TryFilter<Just<Int>> = Just(1).tryFilter { $0 > 0 }
let firstOfFailingSequence: Publishers.First<Publishers.Sequence<[Int], TestError>> = [1].publisher
  .setFailureType(to: TestError.self).first()
let appendToRange:
  Publishers.Concatenate<Publishers.Sequence<ClosedRange<Int>, Never>, Publishers.Sequence<[Int], Never>> =
    (1...2).publisher.append(3)

// MARK: Stored properties of the results

let outputOfMappedJust: Int = Just(1).map { $0 + 1 }.output
let outputOfFilteredJust: Int? = Just(1).filter { $0 > 0 }.output
let resultOfTriedJust: Result<Int, any Error> = Just(1).tryMap { $0 }.result
let sequenceOfFilteredSequence: [Int] = [1, 2].publisher.filter { $0 > 1 }.sequence

// MARK: Traits of the results

// The expected type of an expression takes part in choosing the overload: an
// `any SinglePublisher` context would pick a general operator if one fits. So
// each result is bound first, with no type annotation, to the overload Combine
// picks there, and its traits are checked on that binding.

// `Just(1).filter` is an Optional.Publisher: a maybe, neither single nor immediate.
let filteredJust = Just(1).filter { $0 > 0 }
let filterOfJustIsMaybe: any MaybePublisher<Int, Never> = filteredJust
// expected-error@+1 {{does not conform to specified type 'SinglePublisher'}}
let filterOfJustIsNotSingle: any SinglePublisher<Int, Never> = filteredJust
// expected-error@+1 {{does not conform to specified type 'ImmediatePublisher'}}
let filterOfJustIsNotImmediate: any ImmediatePublisher<Int, Never> = filteredJust
// No `filter` of a Just is single, whichever overload the context asks for.
// expected-error@+1 {{no 'filter' candidates produce the expected contextual result type 'any SinglePublisher<Int, Never>'}}
let noFilterOfJustIsSingle: any SinglePublisher<Int, Never> = Just(1).filter { $0 > 0 }

// `Just(1).tryMap` is a Result.Publisher: single and immediate.
let triedJust = Just(1).tryMap { $0 }
let tryMapOfJustIsSingle: any SinglePublisher<Int, any Error> = triedJust
let tryMapOfJustIsImmediate: any ImmediatePublisher<Int, any Error> = triedJust

// Reducers of a Just are a Just or a Result.Publisher: immediate, where the
// general Comparison, Count or Collect are not.
let minOfJust = Just(1).min()
let minOfJustIsImmediate: any ImmediatePublisher<Int, Never> = minOfJust
let collectOfJust = Just(1).collect()
let collectOfJustIsImmediate: any ImmediatePublisher<[Int], Never> = collectOfJust
let countOfArray2 = [1, 2].publisher.count()
let countOfArrayIsImmediate: any ImmediatePublisher<Int, Never> = countOfArray2

// `[1, 2].publisher.first()` is an Optional.Publisher: a maybe, not single.
let firstOfArray = [1, 2].publisher.first()
let firstOfSequenceIsMaybe: any MaybePublisher<Int, Never> = firstOfArray
// expected-error@+1 {{does not conform to specified type 'SinglePublisher'}}
let firstOfSequenceIsNotSingle: any SinglePublisher<Int, Never> = firstOfArray

// `collect()` of a sequence is a Result.Publisher: single.
let collectOfArray = [1, 2].publisher.collect()
let collectOfSequenceIsSingle: any SinglePublisher<[Int], Never> = collectOfArray

// `map` of a sequence is a sequence: not a maybe.
let mappedArray = [1].publisher.map { $0 }
let mapOfSequenceIsPublisher: any Publisher<Int, Never> = mappedArray
// expected-error@+1 {{does not conform to specified type 'MaybePublisher'}}
let mapOfSequenceIsNotMaybe: any MaybePublisher<Int, Never> = mappedArray

// `Just(1).append(2)` is a sequence: not immediate. In an immediate context,
// the general `append` applies, whose Concatenate of a Just is immediate.
let appendedJust = Just(1).append(2)
let appendToJustIsPublisher: any Publisher<Int, Never> = appendedJust
// expected-error@+1 {{does not conform to specified type 'ImmediatePublisher'}}
let appendToJustIsNotImmediate: any ImmediatePublisher<Int, Never> = appendedJust
let appendToJustInAnImmediateContext: any ImmediatePublisher<Int, Never> = Just(1).append(2)

// `ignoreOutput()` of a Just is an Empty<Int, Never>: a maybe, but not
// completable (its Output is Int); `asCompletable()` is.
let ignoredJust = Just(1).ignoreOutput()
let ignoreOutputOfJustIsMaybe: any MaybePublisher<Int, Never> = ignoredJust
let asCompletableOfJustIsCompletable: any CompletablePublisher<Never> = Just(1).asCompletable()
// expected-error@+1 {{protocol 'CompletablePublisher' requires the types 'Int' and 'Never' be equivalent}}
let ignoreOutputOfJustIsNotCompletable: any CompletablePublisher<Never> = ignoredJust
