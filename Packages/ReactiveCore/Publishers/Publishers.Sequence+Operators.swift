// Combine's specialised operators on `Publishers.Sequence`: the values are
// all known in advance, so each operator works on the sequence itself, at
// once, when it is called, and returns a publisher of the result: another
// `Publishers.Sequence`, or a `Just` / `Optional.Publisher` /
// `Result.Publisher` when the answer is one value. The closures are not
// escaping: they run before the operator returns, once per element, whatever
// the number of subscribers. As in Combine, this walks the whole sequence:
// on an endless sequence, such an operator never returns.
//
// `dropFirst`, `drop(while:)` and `prefix(_:)` keep the standard library's
// lazy sequence wrappers, as Combine does; the others build arrays.

extension Publishers.Sequence where Failure == Never {
  /// The smallest element by `areInIncreasingOrder`, or nothing for an empty sequence.
  ///
  /// - Parameter areInIncreasingOrder: `true` when its first argument comes first.
  /// - Returns: An `Optional.Publisher` of the smallest element.
  @_alwaysEmitIntoClient
  public func min(
    by areInIncreasingOrder: (Elements.Element, Elements.Element) -> Bool
  ) -> Optional<Elements.Element>.Publisher {
    Optional<Elements.Element>.Publisher(sequence.min(by: areInIncreasingOrder))
  }

  /// The largest element by `areInIncreasingOrder`, or nothing for an empty sequence.
  ///
  /// - Parameter areInIncreasingOrder: `true` when its first argument comes first.
  /// - Returns: An `Optional.Publisher` of the largest element.
  @_alwaysEmitIntoClient
  public func max(
    by areInIncreasingOrder: (Elements.Element, Elements.Element) -> Bool
  ) -> Optional<Elements.Element>.Publisher {
    Optional<Elements.Element>.Publisher(sequence.max(by: areInIncreasingOrder))
  }

  /// The first element that satisfies `predicate`, or nothing.
  ///
  /// - Parameter predicate: The test an element must pass.
  /// - Returns: An `Optional.Publisher` of the element found.
  @_alwaysEmitIntoClient
  public func first(where predicate: (Elements.Element) -> Bool) -> Optional<Elements.Element>.Publisher {
    Optional<Elements.Element>.Publisher(sequence.first(where: predicate))
  }
}

extension Publishers.Sequence {
  /// Whether every element satisfies `predicate` (`true` for an empty sequence).
  ///
  /// - Parameter predicate: The test every element must pass.
  /// - Returns: A `Result.Publisher` of the answer.
  @_alwaysEmitIntoClient
  public func allSatisfy(_ predicate: (Elements.Element) -> Bool) -> Result<Bool, Failure>.Publisher {
    Result<Bool, Failure>.Publisher(.success(sequence.allSatisfy(predicate)))
  }

  /// Whether every element satisfies `predicate`; an error it throws
  /// becomes the publisher's failure.
  ///
  /// - Parameter predicate: The test every element must pass; it may throw.
  /// - Returns: A publisher of the answer, or of the error.
  @_alwaysEmitIntoClient
  public func tryAllSatisfy(_ predicate: (Elements.Element) throws -> Bool) -> Result<Bool, any Error>.Publisher {
    Result<Bool, any Error>.Publisher(Result { try sequence.allSatisfy(predicate) })
  }

  /// Every element, in one array.
  ///
  /// - Returns: A `Result.Publisher` of the array.
  @_alwaysEmitIntoClient
  public func collect() -> Result<[Elements.Element], Failure>.Publisher {
    Result<[Elements.Element], Failure>.Publisher(.success(Array(sequence)))
  }

  /// The elements transformed by `transform`, without the `nil` results.
  ///
  /// - Parameter transform: Maps an element to a new value, or to `nil`.
  /// - Returns: A sequence publisher of the non-`nil` results.
  @_alwaysEmitIntoClient
  public func compactMap<T>(_ transform: (Elements.Element) -> T?) -> Publishers.Sequence<[T], Failure> {
    Publishers.Sequence<[T], Failure>(sequence: sequence.compactMap(transform))
  }

  /// Whether an element satisfies `predicate`.
  ///
  /// - Parameter predicate: The test an element must pass.
  /// - Returns: A `Result.Publisher` of the answer.
  @_alwaysEmitIntoClient
  public func contains(where predicate: (Elements.Element) -> Bool) -> Result<Bool, Failure>.Publisher {
    Result<Bool, Failure>.Publisher(.success(sequence.contains(where: predicate)))
  }

  /// Whether an element satisfies `predicate`; an error it throws becomes
  /// the publisher's failure.
  ///
  /// - Parameter predicate: The test an element must pass; it may throw.
  /// - Returns: A publisher of the answer, or of the error.
  @_alwaysEmitIntoClient
  public func tryContains(where predicate: (Elements.Element) throws -> Bool) -> Result<Bool, any Error>.Publisher {
    Result<Bool, any Error>.Publisher(Result { try sequence.contains(where: predicate) })
  }

  /// The elements after the leading ones that satisfy `predicate`.
  ///
  /// - Parameter predicate: `true` drops the element and asks about the next.
  /// - Returns: A sequence publisher of the remaining elements.
  @_alwaysEmitIntoClient
  public func drop(
    while predicate: (Elements.Element) -> Bool
  ) -> Publishers.Sequence<DropWhileSequence<Elements>, Failure> {
    Publishers.Sequence<DropWhileSequence<Elements>, Failure>(sequence: sequence.drop(while: predicate))
  }

  /// The elements after the first `count`.
  ///
  /// - Parameter count: How many elements to drop; must not be negative.
  /// - Returns: A sequence publisher of the remaining elements.
  @_alwaysEmitIntoClient
  public func dropFirst(_ count: Int = 1) -> Publishers.Sequence<DropFirstSequence<Elements>, Failure> {
    Publishers.Sequence<DropFirstSequence<Elements>, Failure>(sequence: sequence.dropFirst(count))
  }

  /// The elements that `isIncluded` keeps.
  ///
  /// - Parameter isIncluded: `true` keeps the element.
  /// - Returns: A sequence publisher of the kept elements.
  @_alwaysEmitIntoClient
  public func filter(
    _ isIncluded: (Elements.Element) -> Bool
  ) -> Publishers.Sequence<[Elements.Element], Failure> {
    Publishers.Sequence<[Elements.Element], Failure>(sequence: sequence.filter(isIncluded))
  }

  /// No value, only the finish. The sequence is not walked.
  ///
  /// - Returns: An `Empty` that finishes at once.
  @_alwaysEmitIntoClient
  public func ignoreOutput() -> Empty<Elements.Element, Failure> {
    Empty()
  }

  /// The elements transformed by `transform`.
  ///
  /// - Parameter transform: Maps an element to a new value.
  /// - Returns: A sequence publisher of the transformed elements.
  @_alwaysEmitIntoClient
  public func map<T>(_ transform: (Elements.Element) -> T) -> Publishers.Sequence<[T], Failure> {
    Publishers.Sequence<[T], Failure>(sequence: sequence.map(transform))
  }

  /// The first `maxLength` elements.
  ///
  /// - Parameter maxLength: How many elements to keep; must not be negative.
  /// - Returns: A sequence publisher of at most `maxLength` elements.
  @_alwaysEmitIntoClient
  public func prefix(_ maxLength: Int) -> Publishers.Sequence<PrefixSequence<Elements>, Failure> {
    Publishers.Sequence<PrefixSequence<Elements>, Failure>(sequence: sequence.prefix(maxLength))
  }

  /// The leading elements that satisfy `predicate`.
  ///
  /// - Parameter predicate: `true` keeps the element and asks about the next.
  /// - Returns: A sequence publisher of the leading elements.
  @_alwaysEmitIntoClient
  public func prefix(
    while predicate: (Elements.Element) -> Bool
  ) -> Publishers.Sequence<[Elements.Element], Failure> {
    Publishers.Sequence<[Elements.Element], Failure>(sequence: sequence.prefix(while: predicate))
  }

  /// The elements combined, from `initialResult`, by `nextPartialResult`.
  ///
  /// - Parameters:
  ///   - initialResult: The accumulator's starting value, published as is for an empty sequence.
  ///   - nextPartialResult: Combines the accumulator with the next element.
  /// - Returns: A `Result.Publisher` of the accumulated value.
  @_alwaysEmitIntoClient
  public func reduce<T>(
    _ initialResult: T,
    _ nextPartialResult: (T, Elements.Element) -> T
  ) -> Result<T, Failure>.Publisher {
    Result<T, Failure>.Publisher(.success(sequence.reduce(initialResult, nextPartialResult)))
  }

  /// The elements combined, from `initialResult`, by `nextPartialResult`; an
  /// error it throws becomes the publisher's failure.
  ///
  /// - Parameters:
  ///   - initialResult: The accumulator's starting value, published as is for an empty sequence.
  ///   - nextPartialResult: Combines the accumulator with the next element; it may throw.
  /// - Returns: A publisher of the accumulated value, or of the error.
  @_alwaysEmitIntoClient
  public func tryReduce<T>(
    _ initialResult: T,
    _ nextPartialResult: (T, Elements.Element) throws -> T
  ) -> Result<T, any Error>.Publisher {
    Result<T, any Error>.Publisher(Result { try sequence.reduce(initialResult, nextPartialResult) })
  }

  /// The elements, with `output` in place of each `nil`.
  ///
  /// - Parameter output: The value to put in place of `nil`.
  /// - Returns: A sequence publisher of the elements, still typed as optionals.
  @_alwaysEmitIntoClient
  public func replaceNil<T>(
    with output: T
  ) -> Publishers.Sequence<[Elements.Element], Failure> where Elements.Element == T? {
    Publishers.Sequence<[Elements.Element], Failure>(sequence: sequence.map { $0 ?? output })
  }

  /// Every intermediate result of combining the elements, from
  /// `initialResult`, by `nextPartialResult`.
  ///
  /// - Parameters:
  ///   - initialResult: The accumulator's starting value (not published itself).
  ///   - nextPartialResult: Combines the accumulator with the next element.
  /// - Returns: A sequence publisher of the accumulated values, one per element.
  @_alwaysEmitIntoClient
  public func scan<T>(
    _ initialResult: T,
    _ nextPartialResult: (T, Elements.Element) -> T
  ) -> Publishers.Sequence<[T], Failure> {
    var accumulator = initialResult
    var results: [T] = []
    results.reserveCapacity(sequence.underestimatedCount)
    for element in sequence {
      accumulator = nextPartialResult(accumulator, element)
      results.append(accumulator)
    }
    return Publishers.Sequence<[T], Failure>(sequence: results)
  }

  /// The same elements, with a failure type of your choice.
  ///
  /// - Parameter failureType: The failure type the result declares.
  /// - Returns: A sequence publisher of the same sequence.
  @_alwaysEmitIntoClient
  public func setFailureType<E: Error>(to failureType: E.Type) -> Publishers.Sequence<Elements, E> {
    Publishers.Sequence<Elements, E>(sequence: sequence)
  }
}

extension Publishers.Sequence where Elements.Element: Equatable {
  /// The elements without those equal to the element just before them.
  ///
  /// - Returns: A sequence publisher of the elements left.
  @_alwaysEmitIntoClient
  public func removeDuplicates() -> Publishers.Sequence<[Elements.Element], Failure> {
    var kept: [Elements.Element] = []
    for element in sequence where kept.last != element {
      kept.append(element)
    }
    return Publishers.Sequence<[Elements.Element], Failure>(sequence: kept)
  }

  /// Whether an element equals `output`.
  ///
  /// - Parameter output: The value to look for.
  /// - Returns: A `Result.Publisher` of the answer.
  @_alwaysEmitIntoClient
  public func contains(_ output: Elements.Element) -> Result<Bool, Failure>.Publisher {
    Result<Bool, Failure>.Publisher(.success(sequence.contains(output)))
  }
}

extension Publishers.Sequence where Failure == Never, Elements.Element: Comparable {
  /// The smallest element, or nothing for an empty sequence.
  ///
  /// - Returns: An `Optional.Publisher` of the smallest element.
  @_alwaysEmitIntoClient
  public func min() -> Optional<Elements.Element>.Publisher {
    Optional<Elements.Element>.Publisher(sequence.min())
  }

  /// The largest element, or nothing for an empty sequence.
  ///
  /// - Returns: An `Optional.Publisher` of the largest element.
  @_alwaysEmitIntoClient
  public func max() -> Optional<Elements.Element>.Publisher {
    Optional<Elements.Element>.Publisher(sequence.max())
  }
}

extension Publishers.Sequence where Elements: Collection, Failure == Never {
  /// The first element, or nothing for an empty collection.
  ///
  /// - Returns: An `Optional.Publisher` of the first element.
  @_alwaysEmitIntoClient
  public func first() -> Optional<Elements.Element>.Publisher {
    Optional<Elements.Element>.Publisher(sequence.first)
  }

  /// The element at `index`, or nothing when the collection has no such index.
  ///
  /// - Parameter index: The collection index of the element.
  /// - Returns: An `Optional.Publisher` of the element.
  @_alwaysEmitIntoClient
  public func output(at index: Elements.Index) -> Optional<Elements.Element>.Publisher {
    Optional<Elements.Element>.Publisher(sequence.indices.contains(index) ? sequence[index] : nil)
  }
}

extension Publishers.Sequence where Elements: Collection {
  /// The number of elements.
  ///
  /// - Returns: A `Result.Publisher` of the count.
  @_alwaysEmitIntoClient
  public func count() -> Result<Int, Failure>.Publisher {
    Result<Int, Failure>.Publisher(.success(sequence.count))
  }

  /// The elements at the indices in `range`.
  ///
  /// - Parameter range: Collection indices; they must be valid for the collection.
  /// - Returns: A sequence publisher of those elements.
  @_alwaysEmitIntoClient
  public func output(in range: Range<Elements.Index>) -> Publishers.Sequence<[Elements.Element], Failure> {
    Publishers.Sequence<[Elements.Element], Failure>(sequence: Array(sequence[range]))
  }
}

extension Publishers.Sequence where Elements: BidirectionalCollection, Failure == Never {
  /// The last element, or nothing for an empty collection.
  ///
  /// - Returns: An `Optional.Publisher` of the last element.
  @_alwaysEmitIntoClient
  public func last() -> Optional<Elements.Element>.Publisher {
    Optional<Elements.Element>.Publisher(sequence.last)
  }

  /// The last element that satisfies `predicate`, or nothing.
  ///
  /// - Parameter predicate: The test an element must pass.
  /// - Returns: An `Optional.Publisher` of the element found.
  @_alwaysEmitIntoClient
  public func last(where predicate: (Elements.Element) -> Bool) -> Optional<Elements.Element>.Publisher {
    Optional<Elements.Element>.Publisher(sequence.last(where: predicate))
  }
}

extension Publishers.Sequence where Elements: RandomAccessCollection, Failure == Never {
  /// The element at `index`, or nothing when the collection has no such index.
  ///
  /// - Parameter index: The collection index of the element.
  /// - Returns: An `Optional.Publisher` of the element.
  @_alwaysEmitIntoClient
  public func output(at index: Elements.Index) -> Optional<Elements.Element>.Publisher {
    Optional<Elements.Element>.Publisher(sequence.indices.contains(index) ? sequence[index] : nil)
  }

  /// The number of elements.
  ///
  /// - Returns: A `Just` of the count.
  @_alwaysEmitIntoClient
  public func count() -> Just<Int> {
    Just(sequence.count)
  }
}

extension Publishers.Sequence where Elements: RandomAccessCollection {
  /// The elements at the indices in `range`.
  ///
  /// - Parameter range: Collection indices; they must be valid for the collection.
  /// - Returns: A sequence publisher of those elements.
  @_alwaysEmitIntoClient
  public func output(in range: Range<Elements.Index>) -> Publishers.Sequence<[Elements.Element], Failure> {
    Publishers.Sequence<[Elements.Element], Failure>(sequence: Array(sequence[range]))
  }

  /// The number of elements.
  ///
  /// - Returns: A `Result.Publisher` of the count.
  @_alwaysEmitIntoClient
  public func count() -> Result<Int, Failure>.Publisher {
    Result<Int, Failure>.Publisher(.success(sequence.count))
  }
}

extension Publishers.Sequence where Elements: RangeReplaceableCollection {
  /// `elements`, then this publisher's elements, as one sequence publisher.
  ///
  /// - Parameter elements: The values to publish first.
  /// - Returns: A sequence publisher of the joined collection.
  @_alwaysEmitIntoClient
  public func prepend(_ elements: Elements.Element...) -> Publishers.Sequence<Elements, Failure> {
    prepend(elements)
  }

  /// The elements of `elements`, then this publisher's elements, as one
  /// sequence publisher.
  ///
  /// - Parameter elements: The values to publish first.
  /// - Returns: A sequence publisher of the joined collection.
  @_alwaysEmitIntoClient
  public func prepend<S: Swift.Sequence>(
    _ elements: S
  ) -> Publishers.Sequence<Elements, Failure> where S.Element == Elements.Element {
    var joined = Elements()
    joined.reserveCapacity(elements.underestimatedCount + sequence.count)
    joined.append(contentsOf: elements)
    joined.append(contentsOf: sequence)
    return Publishers.Sequence<Elements, Failure>(sequence: joined)
  }

  /// The elements of `publisher`, then this publisher's elements, as one
  /// sequence publisher.
  ///
  /// - Parameter publisher: The sequence publisher whose elements come first.
  /// - Returns: A sequence publisher of the joined collection.
  @_alwaysEmitIntoClient
  public func prepend(_ publisher: Publishers.Sequence<Elements, Failure>) -> Publishers.Sequence<Elements, Failure> {
    // As Combine: this sequence is appended to a copy of the other one.
    var joined = publisher.sequence
    joined.append(contentsOf: sequence)
    return Publishers.Sequence<Elements, Failure>(sequence: joined)
  }

  /// This publisher's elements, then `elements`, as one sequence publisher.
  ///
  /// - Parameter elements: The values to publish last.
  /// - Returns: A sequence publisher of the joined collection.
  @_alwaysEmitIntoClient
  public func append(_ elements: Elements.Element...) -> Publishers.Sequence<Elements, Failure> {
    append(elements)
  }

  /// This publisher's elements, then the elements of `elements`, as one
  /// sequence publisher.
  ///
  /// - Parameter elements: The values to publish last.
  /// - Returns: A sequence publisher of the joined collection.
  @_alwaysEmitIntoClient
  public func append<S: Swift.Sequence>(
    _ elements: S
  ) -> Publishers.Sequence<Elements, Failure> where S.Element == Elements.Element {
    var joined = sequence
    joined.append(contentsOf: elements)
    return Publishers.Sequence<Elements, Failure>(sequence: joined)
  }

  /// This publisher's elements, then the elements of `publisher`, as one
  /// sequence publisher.
  ///
  /// - Parameter publisher: The sequence publisher whose elements come last.
  /// - Returns: A sequence publisher of the joined collection.
  @_alwaysEmitIntoClient
  public func append(_ publisher: Publishers.Sequence<Elements, Failure>) -> Publishers.Sequence<Elements, Failure> {
    append(publisher.sequence)
  }
}
