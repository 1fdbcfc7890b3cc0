// Every ReactiveCore publisher that is deliberately not immediate (see
// Packages/ImmediateTraits/ReactiveCore+ImmediatePublisher.swift): each must
// not type-check as an ImmediatePublisher, next to a control showing that the
// same publisher type-checks as a publisher. Conditional conformances also show
// the upstream that breaks them, named in the error (`…OfAMaybe`).
import ImmediateTraits
import ReactiveCore

struct TestError: Error {}

// An immediate publisher that has no specialised operators (`Just` has
// Combine's: `Just(1).map` is a `Just`), so that `one.map` is a
// `Publishers.Map` and each row below checks the operator's own type.
let one = Deferred { Just(1) }

// Controls: conforming rows type-check.
let justIsImmediate: any ImmediatePublisher<Int, Never> = Just(1)
let mapIsImmediate: any ImmediatePublisher<Int, Never> = one.map { $0 + 1 }
let firstIsImmediate: any ImmediatePublisher<Int, Never> = one.first()
let appendIsImmediate: any ImmediatePublisher<Int, Never> = one.append(2)
let prependJustIsImmediate: any ImmediatePublisher<Int, Never> = Just(2).prepend(Just(1))
let mergeIsImmediate: any ImmediatePublisher<Int, Never> = Just(1).merge(with: PassthroughSubject<Int, Never>())
let zipIsImmediate: any ImmediatePublisher<(Int, Int), Never> = Just(1).zip(Just(2))
let catchIsImmediate: any ImmediatePublisher<Int, Never> = Fail<Int, TestError>(error: TestError()).catch { _ in
  Just(1)
}

// MARK: Publishers

let empty = Empty<Int, Never>()
let emptyIsAPublisher: any Publisher<Int, Never> = empty
// expected-error@+1 {{does not conform to specified type 'ImmediatePublisher'}}
let emptyIsNotImmediate: any ImmediatePublisher<Int, Never> = empty

let future = Future<Int, Never> { $0(.success(1)) }
let futureIsAPublisher: any Publisher<Int, Never> = future
// expected-error@+1 {{does not conform to specified type 'ImmediatePublisher'}}
let futureIsNotImmediate: any ImmediatePublisher<Int, Never> = future

let optional = Optional(1).publisher
let optionalIsAPublisher: any Publisher<Int, Never> = optional
// expected-error@+1 {{does not conform to specified type 'ImmediatePublisher'}}
let optionalIsNotImmediate: any ImmediatePublisher<Int, Never> = optional

let sequence = [1].publisher
let sequenceIsAPublisher: any Publisher<Int, Never> = sequence
// expected-error@+1 {{does not conform to specified type 'ImmediatePublisher'}}
let sequenceIsNotImmediate: any ImmediatePublisher<Int, Never> = sequence

let record = Record<Int, Never>(output: [1], completion: .finished)
let recordIsAPublisher: any Publisher<Int, Never> = record
// expected-error@+1 {{does not conform to specified type 'ImmediatePublisher'}}
let recordIsNotImmediate: any ImmediatePublisher<Int, Never> = record

// MARK: Type erasure

let anyPublisher = Just(1).eraseToAnyPublisher()
let anyPublisherIsAPublisher: any Publisher<Int, Never> = anyPublisher
// expected-error@+1 {{does not conform to specified type 'ImmediatePublisher'}}
let anyPublisherIsNotImmediate: any ImmediatePublisher<Int, Never> = anyPublisher

// MARK: Subjects

let currentValueSubject = CurrentValueSubject<Int, Never>(1)
let currentValueSubjectIsAPublisher: any Publisher<Int, Never> = currentValueSubject
// expected-error@+1 {{does not conform to specified type 'ImmediatePublisher'}}
let currentValueSubjectIsNotImmediate: any ImmediatePublisher<Int, Never> = currentValueSubject

let passthroughSubject = PassthroughSubject<Int, Never>()
let passthroughSubjectIsAPublisher: any Publisher<Int, Never> = passthroughSubject
// expected-error@+1 {{does not conform to specified type 'ImmediatePublisher'}}
let passthroughSubjectIsNotImmediate: any ImmediatePublisher<Int, Never> = passthroughSubject

// MARK: Mapping

let compactMap = one.compactMap { Optional($0) }
let compactMapIsAPublisher: any Publisher<Int, Never> = compactMap
// expected-error@+1 {{does not conform to specified type 'ImmediatePublisher'}}
let compactMapIsNotImmediate: any ImmediatePublisher<Int, Never> = compactMap

let filter = one.filter { _ in true }
let filterIsAPublisher: any Publisher<Int, Never> = filter
// expected-error@+1 {{does not conform to specified type 'ImmediatePublisher'}}
let filterIsNotImmediate: any ImmediatePublisher<Int, Never> = filter

let ignoreOutput = one.ignoreOutput()
let ignoreOutputIsAPublisher: any Publisher<Never, Never> = ignoreOutput
// expected-error@+1 {{does not conform to specified type 'ImmediatePublisher'}}
let ignoreOutputIsNotImmediate: any ImmediatePublisher<Never, Never> = ignoreOutput

let tryCompactMap = one.tryCompactMap { Optional($0) }
let tryCompactMapIsAPublisher: any Publisher<Int, any Error> = tryCompactMap
// expected-error@+1 {{does not conform to specified type 'ImmediatePublisher'}}
let tryCompactMapIsNotImmediate: any ImmediatePublisher<Int, any Error> = tryCompactMap

let tryFilter = one.tryFilter { _ in true }
let tryFilterIsAPublisher: any Publisher<Int, any Error> = tryFilter
// expected-error@+1 {{does not conform to specified type 'ImmediatePublisher'}}
let tryFilterIsNotImmediate: any ImmediatePublisher<Int, any Error> = tryFilter

// MARK: Reducing

let allSatisfy = one.allSatisfy { _ in true }
let allSatisfyIsAPublisher: any Publisher<Bool, Never> = allSatisfy
// expected-error@+1 {{does not conform to specified type 'ImmediatePublisher'}}
let allSatisfyIsNotImmediate: any ImmediatePublisher<Bool, Never> = allSatisfy

let collect = one.collect()
let collectIsAPublisher: any Publisher<[Int], Never> = collect
// expected-error@+1 {{does not conform to specified type 'ImmediatePublisher'}}
let collectIsNotImmediate: any ImmediatePublisher<[Int], Never> = collect

let collectByCount = one.collect(1)
let collectByCountIsAPublisher: any Publisher<[Int], Never> = collectByCount
// expected-error@+1 {{does not conform to specified type 'ImmediatePublisher'}}
let collectByCountIsNotImmediate: any ImmediatePublisher<[Int], Never> = collectByCount

let comparison = one.min()
let comparisonIsAPublisher: any Publisher<Int, Never> = comparison
// expected-error@+1 {{does not conform to specified type 'ImmediatePublisher'}}
let comparisonIsNotImmediate: any ImmediatePublisher<Int, Never> = comparison

let contains = one.contains(1)
let containsIsAPublisher: any Publisher<Bool, Never> = contains
// expected-error@+1 {{does not conform to specified type 'ImmediatePublisher'}}
let containsIsNotImmediate: any ImmediatePublisher<Bool, Never> = contains

let containsWhere = one.contains { _ in true }
let containsWhereIsAPublisher: any Publisher<Bool, Never> = containsWhere
// expected-error@+1 {{does not conform to specified type 'ImmediatePublisher'}}
let containsWhereIsNotImmediate: any ImmediatePublisher<Bool, Never> = containsWhere

let count = one.count()
let countIsAPublisher: any Publisher<Int, Never> = count
// expected-error@+1 {{does not conform to specified type 'ImmediatePublisher'}}
let countIsNotImmediate: any ImmediatePublisher<Int, Never> = count

let drop = one.dropFirst(0)
let dropIsAPublisher: any Publisher<Int, Never> = drop
// expected-error@+1 {{does not conform to specified type 'ImmediatePublisher'}}
let dropIsNotImmediate: any ImmediatePublisher<Int, Never> = drop

let dropWhile = one.drop { _ in false }
let dropWhileIsAPublisher: any Publisher<Int, Never> = dropWhile
// expected-error@+1 {{does not conform to specified type 'ImmediatePublisher'}}
let dropWhileIsNotImmediate: any ImmediatePublisher<Int, Never> = dropWhile

let firstWhere = one.first { _ in true }
let firstWhereIsAPublisher: any Publisher<Int, Never> = firstWhere
// expected-error@+1 {{does not conform to specified type 'ImmediatePublisher'}}
let firstWhereIsNotImmediate: any ImmediatePublisher<Int, Never> = firstWhere

let last = one.last()
let lastIsAPublisher: any Publisher<Int, Never> = last
// expected-error@+1 {{does not conform to specified type 'ImmediatePublisher'}}
let lastIsNotImmediate: any ImmediatePublisher<Int, Never> = last

let lastWhere = one.last { _ in true }
let lastWhereIsAPublisher: any Publisher<Int, Never> = lastWhere
// expected-error@+1 {{does not conform to specified type 'ImmediatePublisher'}}
let lastWhereIsNotImmediate: any ImmediatePublisher<Int, Never> = lastWhere

let output = one.output(at: 0)
let outputIsAPublisher: any Publisher<Int, Never> = output
// expected-error@+1 {{does not conform to specified type 'ImmediatePublisher'}}
let outputIsNotImmediate: any ImmediatePublisher<Int, Never> = output

let prefix = one.prefix(1)
let prefixIsAPublisher: any Publisher<Int, Never> = prefix
// expected-error@+1 {{does not conform to specified type 'ImmediatePublisher'}}
let prefixIsNotImmediate: any ImmediatePublisher<Int, Never> = prefix

let prefixWhile = one.prefix { _ in true }
let prefixWhileIsAPublisher: any Publisher<Int, Never> = prefixWhile
// expected-error@+1 {{does not conform to specified type 'ImmediatePublisher'}}
let prefixWhileIsNotImmediate: any ImmediatePublisher<Int, Never> = prefixWhile

let reduce = one.reduce(0, +)
let reduceIsAPublisher: any Publisher<Int, Never> = reduce
// expected-error@+1 {{does not conform to specified type 'ImmediatePublisher'}}
let reduceIsNotImmediate: any ImmediatePublisher<Int, Never> = reduce

let tryAllSatisfy = one.tryAllSatisfy { _ in true }
let tryAllSatisfyIsAPublisher: any Publisher<Bool, any Error> = tryAllSatisfy
// expected-error@+1 {{does not conform to specified type 'ImmediatePublisher'}}
let tryAllSatisfyIsNotImmediate: any ImmediatePublisher<Bool, any Error> = tryAllSatisfy

let tryComparison = one.tryMin { $0 < $1 }
let tryComparisonIsAPublisher: any Publisher<Int, any Error> = tryComparison
// expected-error@+1 {{does not conform to specified type 'ImmediatePublisher'}}
let tryComparisonIsNotImmediate: any ImmediatePublisher<Int, any Error> = tryComparison

let tryContainsWhere = one.tryContains { _ in true }
let tryContainsWhereIsAPublisher: any Publisher<Bool, any Error> = tryContainsWhere
// expected-error@+1 {{does not conform to specified type 'ImmediatePublisher'}}
let tryContainsWhereIsNotImmediate: any ImmediatePublisher<Bool, any Error> = tryContainsWhere

let tryDropWhile = one.tryDrop { _ in false }
let tryDropWhileIsAPublisher: any Publisher<Int, any Error> = tryDropWhile
// expected-error@+1 {{does not conform to specified type 'ImmediatePublisher'}}
let tryDropWhileIsNotImmediate: any ImmediatePublisher<Int, any Error> = tryDropWhile

let tryFirstWhere = one.tryFirst { _ in true }
let tryFirstWhereIsAPublisher: any Publisher<Int, any Error> = tryFirstWhere
// expected-error@+1 {{does not conform to specified type 'ImmediatePublisher'}}
let tryFirstWhereIsNotImmediate: any ImmediatePublisher<Int, any Error> = tryFirstWhere

let tryLastWhere = one.tryLast { _ in true }
let tryLastWhereIsAPublisher: any Publisher<Int, any Error> = tryLastWhere
// expected-error@+1 {{does not conform to specified type 'ImmediatePublisher'}}
let tryLastWhereIsNotImmediate: any ImmediatePublisher<Int, any Error> = tryLastWhere

let tryPrefixWhile = one.tryPrefix { _ in true }
let tryPrefixWhileIsAPublisher: any Publisher<Int, any Error> = tryPrefixWhile
// expected-error@+1 {{does not conform to specified type 'ImmediatePublisher'}}
let tryPrefixWhileIsNotImmediate: any ImmediatePublisher<Int, any Error> = tryPrefixWhile

let tryReduce = one.tryReduce(0) { $0 + $1 }
let tryReduceIsAPublisher: any Publisher<Int, any Error> = tryReduce
// expected-error@+1 {{does not conform to specified type 'ImmediatePublisher'}}
let tryReduceIsNotImmediate: any ImmediatePublisher<Int, any Error> = tryReduce

// MARK: Combining

let combineLatestOfAMaybe = Just(1).combineLatest(Empty<Int, Never>())
let combineLatestOfAMaybeIsAPublisher: any Publisher<(Int, Int), Never> = combineLatestOfAMaybe
// expected-error@+1 {{requires that 'Empty<Int, Never>'}}
let combineLatestOfAMaybeIsNotImmediate: any ImmediatePublisher = combineLatestOfAMaybe

// One value: immediate, whatever the upstream.
let prependOneValueIsImmediate: any ImmediatePublisher<Int, Never> = PassthroughSubject<Int, Never>().prepend(0)
// Several values: the variadic form, whose prefix may be empty.
let prependValues = one.prepend(-1, 0)
let prependValuesIsAPublisher: any Publisher<Int, Never> = prependValues
// expected-error@+1 {{requires that 'Publishers.Sequence<[Deferred<Just<Int>>.Output], Deferred<Just<Int>>.Failure>'}}
let prependValuesIsNotImmediate: any ImmediatePublisher = prependValues

let dropUntilOutputOfAMaybe = Just(1).drop(untilOutputFrom: Empty<Int, Never>())
let dropUntilOutputOfAMaybeIsAPublisher: any Publisher<Int, Never> = dropUntilOutputOfAMaybe
// expected-error@+1 {{requires that 'Empty<Int, Never>'}}
let dropUntilOutputOfAMaybeIsNotImmediate: any ImmediatePublisher = dropUntilOutputOfAMaybe

let flatMap = Just(1).flatMap { Just($0) }
let flatMapIsAPublisher: any Publisher<Int, Never> = flatMap
// expected-error@+1 {{does not conform to specified type 'ImmediatePublisher'}}
let flatMapIsNotImmediate: any ImmediatePublisher<Int, Never> = flatMap

let mergeAfterASubject = PassthroughSubject<Int, Never>().merge(with: Just(1))
let mergeAfterASubjectIsAPublisher: any Publisher<Int, Never> = mergeAfterASubject
// expected-error@+1 {{requires that 'PassthroughSubject<Int, Never>'}}
let mergeAfterASubjectIsNotImmediate: any ImmediatePublisher = mergeAfterASubject

let mergeMany = Publishers.MergeMany(Just(1))
let mergeManyIsAPublisher: any Publisher<Int, Never> = mergeMany
// expected-error@+1 {{does not conform to specified type 'ImmediatePublisher'}}
let mergeManyIsNotImmediate: any ImmediatePublisher<Int, Never> = mergeMany

let prefixUntilOutput = Just(1).prefix(untilOutputFrom: Just(2))
let prefixUntilOutputIsAPublisher: any Publisher<Int, Never> = prefixUntilOutput
// expected-error@+1 {{does not conform to specified type 'ImmediatePublisher'}}
let prefixUntilOutputIsNotImmediate: any ImmediatePublisher<Int, Never> = prefixUntilOutput

let switchToLatestOfAMaybe = Just(Empty<Int, Never>()).switchToLatest()
let switchToLatestOfAMaybeIsAPublisher: any Publisher<Int, Never> = switchToLatestOfAMaybe
// expected-error@+1 {{requires that 'Empty<Int, Never>'}}
let switchToLatestOfAMaybeIsNotImmediate: any ImmediatePublisher = switchToLatestOfAMaybe

let zipOfAMaybe = Just(1).zip(Empty<Int, Never>())
let zipOfAMaybeIsAPublisher: any Publisher<(Int, Int), Never> = zipOfAMaybe
// expected-error@+1 {{requires that 'Empty<Int, Never>'}}
let zipOfAMaybeIsNotImmediate: any ImmediatePublisher = zipOfAMaybe

// MARK: Lifecycle

let autoconnect = Just(1).makeConnectable().autoconnect()
let autoconnectIsAPublisher: any Publisher<Int, Never> = autoconnect
// expected-error@+1 {{does not conform to specified type 'ImmediatePublisher'}}
let autoconnectIsNotImmediate: any ImmediatePublisher<Int, Never> = autoconnect

let catchIntoAMaybe = Fail<Int, TestError>(error: TestError()).catch { _ in Empty<Int, Never>() }
let catchIntoAMaybeIsAPublisher: any Publisher<Int, Never> = catchIntoAMaybe
// expected-error@+1 {{requires that 'Empty<Int, Never>'}}
let catchIntoAMaybeIsNotImmediate: any ImmediatePublisher = catchIntoAMaybe

let makeConnectable = Just(1).makeConnectable()
let makeConnectableIsAPublisher: any Publisher<Int, Never> = makeConnectable
// expected-error@+1 {{does not conform to specified type 'ImmediatePublisher'}}
let makeConnectableIsNotImmediate: any ImmediatePublisher<Int, Never> = makeConnectable

let multicast = Just(1).multicast { PassthroughSubject<Int, Never>() }
let multicastIsAPublisher: any Publisher<Int, Never> = multicast
// expected-error@+1 {{does not conform to specified type 'ImmediatePublisher'}}
let multicastIsNotImmediate: any ImmediatePublisher<Int, Never> = multicast

let retry = one.setFailureType(to: TestError.self).retry(1)
let retryIsAPublisher: any Publisher<Int, TestError> = retry
// expected-error@+1 {{does not conform to specified type 'ImmediatePublisher'}}
let retryIsNotImmediate: any ImmediatePublisher<Int, TestError> = retry

let share = Just(1).share()
let shareIsAPublisher: any Publisher<Int, Never> = share
// expected-error@+1 {{does not conform to specified type 'ImmediatePublisher'}}
let shareIsNotImmediate: any ImmediatePublisher<Int, Never> = share

let tryCatchIntoAMaybe = Fail<Int, TestError>(error: TestError()).tryCatch { _ in Empty<Int, Never>() }
let tryCatchIntoAMaybeIsAPublisher: any Publisher<Int, any Error> = tryCatchIntoAMaybe
// expected-error@+1 {{requires that 'Empty<Int, Never>'}}
let tryCatchIntoAMaybeIsNotImmediate: any ImmediatePublisher = tryCatchIntoAMaybe
