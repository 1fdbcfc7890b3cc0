// Combine's specialised operators on `Just`: a `Just` always has its one
// value at hand, so each operator computes its answer at once, when it is
// called, and returns the simplest publisher that replays that answer (a
// `Just`, an `Optional.Publisher` when the answer may be "no value", a
// `Result.Publisher` when a closure may throw or the failure type changes).
// The closures are not escaping: they run before the operator returns, once,
// whatever the number of subscribers. The events each subscriber sees are
// those of the general operator.

extension Just where Output: Comparable {
  /// The smallest value of a `Just`: its own value.
  ///
  /// - Returns: This publisher.
  @_alwaysEmitIntoClient
  public func min() -> Just<Output> {
    self
  }

  /// The largest value of a `Just`: its own value.
  ///
  /// - Returns: This publisher.
  @_alwaysEmitIntoClient
  public func max() -> Just<Output> {
    self
  }
}

extension Just where Output: Equatable {
  /// Whether the value equals `output`, decided now.
  ///
  /// - Parameter output: The value to look for.
  /// - Returns: A `Just` of `true` when ``output`` equals `output`.
  @_alwaysEmitIntoClient
  public func contains(_ output: Output) -> Just<Bool> {
    Just<Bool>(self.output == output)
  }

  /// A single value has no duplicate to remove.
  ///
  /// - Returns: This publisher.
  @_alwaysEmitIntoClient
  public func removeDuplicates() -> Just<Output> {
    self
  }
}

extension Just {
  /// This `Just` as an `Optional.Publisher` of its value: the operators whose
  /// answer may be "no value" hand over to that publisher's, which decide
  /// (and trap) the same way for a present value.
  @inlinable
  var asOptionalPublisher: Optional<Output>.Publisher {
    Optional<Output>.Publisher(output)
  }

  /// This `Just` as a `Result.Publisher` of its value: the operators whose
  /// answer is a `Result.Publisher` (a closure may throw, or the failure type
  /// changes) hand over to that publisher's, which compute the same answer
  /// for a success.
  @inlinable
  var asResultPublisher: Result<Output, Never>.Publisher {
    Result<Output, Never>.Publisher(.success(output))
  }

  /// Whether the value satisfies `predicate`, decided now.
  ///
  /// - Parameter predicate: The test the value must pass.
  /// - Returns: A `Just` of the predicate's answer.
  @_alwaysEmitIntoClient
  public func allSatisfy(_ predicate: (Output) -> Bool) -> Just<Bool> {
    Just<Bool>(predicate(output))
  }

  /// Whether the value satisfies `predicate`, decided now; an error thrown
  /// by the predicate becomes the publisher's failure.
  ///
  /// - Parameter predicate: The test the value must pass; it may throw.
  /// - Returns: A publisher of the predicate's answer, or of its error.
  @_alwaysEmitIntoClient
  public func tryAllSatisfy(_ predicate: (Output) throws -> Bool) -> Result<Bool, any Error>.Publisher {
    asResultPublisher.tryAllSatisfy(predicate)
  }

  /// The value in a one-element array.
  ///
  /// - Returns: A `Just` of `[output]`.
  @_alwaysEmitIntoClient
  public func collect() -> Just<[Output]> {
    Just<[Output]>([output])
  }

  /// The value transformed now by `transform`; `nil` publishes nothing.
  ///
  /// - Parameter transform: Maps the value to a new value, or to `nil`.
  /// - Returns: An `Optional.Publisher` of the transformed value.
  @_alwaysEmitIntoClient
  public func compactMap<T>(_ transform: (Output) -> T?) -> Optional<T>.Publisher {
    Optional<T>.Publisher(transform(output))
  }

  /// The smallest value of a `Just`: its own value. The closure is never
  /// called, since there is nothing to compare.
  ///
  /// - Parameter areInIncreasingOrder: An ordering, unused.
  /// - Returns: This publisher.
  @_alwaysEmitIntoClient
  public func min(by areInIncreasingOrder: (Output, Output) -> Bool) -> Just<Output> {
    self
  }

  /// The largest value of a `Just`: its own value. The closure is never
  /// called, since there is nothing to compare.
  ///
  /// - Parameter areInIncreasingOrder: An ordering, unused.
  /// - Returns: This publisher.
  @_alwaysEmitIntoClient
  public func max(by areInIncreasingOrder: (Output, Output) -> Bool) -> Just<Output> {
    self
  }

  /// `elements`, then the value, as one sequence publisher.
  ///
  /// - Parameter elements: The values to publish first.
  /// - Returns: A publisher of `elements + [output]`.
  @_alwaysEmitIntoClient
  public func prepend(_ elements: Output...) -> Publishers.Sequence<[Output], Never> {
    prepend(elements)
  }

  /// The elements of `elements`, then the value, as one sequence publisher.
  ///
  /// - Parameter elements: The values to publish first.
  /// - Returns: A publisher of `elements` followed by ``output``.
  @_alwaysEmitIntoClient
  public func prepend<S: Sequence>(_ elements: S) -> Publishers.Sequence<[Output], Never> where S.Element == Output {
    // Read as Combine reads it: its underestimated count twice, then one iteration.
    var values: [Output] = []
    values.reserveCapacity(elements.underestimatedCount + 1)
    values.append(contentsOf: elements)
    values.append(output)
    return Publishers.Sequence(sequence: values)
  }

  /// The value, then `elements`, as one sequence publisher.
  ///
  /// - Parameter elements: The values to publish after ``output``.
  /// - Returns: A publisher of `[output] + elements`.
  @_alwaysEmitIntoClient
  public func append(_ elements: Output...) -> Publishers.Sequence<[Output], Never> {
    append(elements)
  }

  /// The value, then the elements of `elements`, as one sequence publisher.
  ///
  /// - Parameter elements: The values to publish after ``output``.
  /// - Returns: A publisher of ``output`` followed by `elements`.
  @_alwaysEmitIntoClient
  public func append<S: Sequence>(_ elements: S) -> Publishers.Sequence<[Output], Never> where S.Element == Output {
    var values = [output]
    values.append(contentsOf: elements)
    return Publishers.Sequence(sequence: values)
  }

  /// Whether the value satisfies `predicate`, decided now.
  ///
  /// - Parameter predicate: The test to apply to the value.
  /// - Returns: A `Just` of the predicate's answer.
  @_alwaysEmitIntoClient
  public func contains(where predicate: (Output) -> Bool) -> Just<Bool> {
    allSatisfy(predicate)  // with one value, "some" and "all" ask the same question
  }

  /// Whether the value satisfies `predicate`, decided now; an error thrown
  /// by the predicate becomes the publisher's failure.
  ///
  /// - Parameter predicate: The test to apply to the value; it may throw.
  /// - Returns: A publisher of the predicate's answer, or of its error.
  @_alwaysEmitIntoClient
  public func tryContains(where predicate: (Output) throws -> Bool) -> Result<Bool, any Error>.Publisher {
    tryAllSatisfy(predicate)  // with one value, "some" and "all" ask the same question
  }

  /// The number of values of a `Just`: one.
  ///
  /// - Returns: A `Just` of `1`.
  @_alwaysEmitIntoClient
  public func count() -> Just<Int> {
    Just<Int>(1)
  }

  /// The value unless `count` drops it; a count of one or more leaves nothing.
  ///
  /// - Parameter count: How many values to drop; must not be negative.
  /// - Returns: An `Optional.Publisher` of the value when `count` is zero, of nothing otherwise.
  @_alwaysEmitIntoClient
  public func dropFirst(_ count: Int = 1) -> Optional<Output>.Publisher {
    asOptionalPublisher.dropFirst(count)
  }

  /// The value unless `predicate`, asked now, says to drop it.
  ///
  /// - Parameter predicate: `true` drops the value.
  /// - Returns: An `Optional.Publisher` of the value, or of nothing.
  @_alwaysEmitIntoClient
  public func drop(while predicate: (Output) -> Bool) -> Optional<Output>.Publisher {
    asOptionalPublisher.drop(while: predicate)
  }

  /// The first value of a `Just`: its own value.
  ///
  /// - Returns: This publisher.
  @_alwaysEmitIntoClient
  public func first() -> Just<Output> {
    self
  }

  /// The value if it satisfies `predicate`, asked now.
  ///
  /// - Parameter predicate: The test the value must pass.
  /// - Returns: An `Optional.Publisher` of the value, or of nothing.
  @_alwaysEmitIntoClient
  public func first(where predicate: (Output) -> Bool) -> Optional<Output>.Publisher {
    asOptionalPublisher.first(where: predicate)
  }

  /// The last value of a `Just`: its own value.
  ///
  /// - Returns: This publisher.
  @_alwaysEmitIntoClient
  public func last() -> Just<Output> {
    first()  // with at most one value, the last is the first
  }

  /// The value if it satisfies `predicate`, asked now.
  ///
  /// - Parameter predicate: The test the value must pass.
  /// - Returns: An `Optional.Publisher` of the value, or of nothing.
  @_alwaysEmitIntoClient
  public func last(where predicate: (Output) -> Bool) -> Optional<Output>.Publisher {
    asOptionalPublisher.last(where: predicate)
  }

  /// The value if `isIncluded`, asked now, keeps it.
  ///
  /// - Parameter isIncluded: `true` keeps the value.
  /// - Returns: An `Optional.Publisher` of the value, or of nothing.
  @_alwaysEmitIntoClient
  public func filter(_ isIncluded: (Output) -> Bool) -> Optional<Output>.Publisher {
    asOptionalPublisher.filter(isIncluded)
  }

  /// No value, only the finish.
  ///
  /// As in Combine, the result keeps this publisher's `Output` type.
  ///
  /// - Returns: An `Empty` that finishes at once.
  @_alwaysEmitIntoClient
  public func ignoreOutput() -> Empty<Output, Never> {
    Empty()
  }

  /// The value transformed now by `transform`.
  ///
  /// - Parameter transform: Maps the value to a new value.
  /// - Returns: A `Just` of the transformed value.
  @_alwaysEmitIntoClient
  public func map<T>(_ transform: (Output) -> T) -> Just<T> {
    Just<T>(transform(output))
  }

  /// The value transformed now by `transform`; an error it throws becomes
  /// the publisher's failure.
  ///
  /// - Parameter transform: Maps the value to a new value; it may throw.
  /// - Returns: A publisher of the transformed value, or of the error.
  @_alwaysEmitIntoClient
  public func tryMap<T>(_ transform: (Output) throws -> T) -> Result<T, any Error>.Publisher {
    asResultPublisher.tryMap(transform)
  }

  /// The same value with a failure type of your choice; `transform` is never
  /// called, since a `Just` cannot fail.
  ///
  /// - Parameter transform: Maps a failure that cannot happen.
  /// - Returns: A `Result.Publisher` of the value.
  @_alwaysEmitIntoClient
  public func mapError<E: Error>(_ transform: (Never) -> E) -> Result<Output, E>.Publisher {
    asResultPublisher.mapError(transform)
  }

  /// The value if `index` is zero, nothing otherwise.
  ///
  /// - Parameter index: The position to pick; must not be negative.
  /// - Returns: An `Optional.Publisher` of the value, or of nothing.
  @_alwaysEmitIntoClient
  public func output(at index: Int) -> Optional<Output>.Publisher {
    asOptionalPublisher.output(at: index)
  }

  /// The value if `range` starts at position zero.
  ///
  /// As in Combine, only the lower bound is looked at: a range that starts
  /// anywhere else (negative bounds included, without a trap) selects
  /// nothing, and an empty range that starts at zero (`0..<0`) still selects
  /// the value, where the general `output(in:)` would publish nothing.
  ///
  /// - Parameter range: The positions to pick.
  /// - Returns: An `Optional.Publisher` of the value, or of nothing.
  @_alwaysEmitIntoClient
  public func output<R: RangeExpression>(in range: R) -> Optional<Output>.Publisher where R.Bound == Int {
    Optional<Output>.Publisher(range.relative(to: 0..<Int.max).lowerBound == 0 ? output : nil)
  }

  /// The value if `maxLength` lets one value through.
  ///
  /// - Parameter maxLength: How many values to keep; must not be negative.
  /// - Returns: An `Optional.Publisher` of the value, or of nothing when `maxLength` is zero.
  @_alwaysEmitIntoClient
  public func prefix(_ maxLength: Int) -> Optional<Output>.Publisher {
    asOptionalPublisher.prefix(maxLength)
  }

  /// The value if `predicate`, asked now, keeps it.
  ///
  /// - Parameter predicate: `true` keeps the value.
  /// - Returns: An `Optional.Publisher` of the value, or of nothing.
  @_alwaysEmitIntoClient
  public func prefix(while predicate: (Output) -> Bool) -> Optional<Output>.Publisher {
    asOptionalPublisher.prefix(while: predicate)
  }

  /// `nextPartialResult` applied now to `initialResult` and the value.
  ///
  /// - Parameters:
  ///   - initialResult: The accumulator's starting value.
  ///   - nextPartialResult: Combines the accumulator with the value.
  /// - Returns: A `Result.Publisher` of the accumulated value.
  @_alwaysEmitIntoClient
  public func reduce<T>(_ initialResult: T, _ nextPartialResult: (T, Output) -> T) -> Result<T, Never>.Publisher {
    asResultPublisher.reduce(initialResult, nextPartialResult)
  }

  /// `nextPartialResult` applied now to `initialResult` and the value; an
  /// error it throws becomes the publisher's failure.
  ///
  /// - Parameters:
  ///   - initialResult: The accumulator's starting value.
  ///   - nextPartialResult: Combines the accumulator with the value; it may throw.
  /// - Returns: A publisher of the accumulated value, or of the error.
  @_alwaysEmitIntoClient
  public func tryReduce<T>(
    _ initialResult: T,
    _ nextPartialResult: (T, Output) throws -> T
  ) -> Result<T, any Error>.Publisher {
    asResultPublisher.tryReduce(initialResult, nextPartialResult)
  }

  /// A single value has no duplicate to remove: `predicate` is never called.
  ///
  /// - Parameter predicate: An equivalence, unused.
  /// - Returns: This publisher.
  @_alwaysEmitIntoClient
  public func removeDuplicates(by predicate: (Output, Output) -> Bool) -> Just<Output> {
    self
  }

  /// The value, after asking `predicate` once (with the value on both sides)
  /// whether it throws; its error becomes the publisher's failure.
  ///
  /// - Parameter predicate: An equivalence; it may throw.
  /// - Returns: A publisher of the value, or of the error.
  @_alwaysEmitIntoClient
  public func tryRemoveDuplicates(by predicate: (Output, Output) throws -> Bool) -> Result<Output, any Error>.Publisher
  {
    asResultPublisher.tryRemoveDuplicates(by: predicate)
  }

  /// A `Just` never fails: this publisher.
  ///
  /// - Parameter output: A replacement that is never needed.
  /// - Returns: This publisher.
  @_alwaysEmitIntoClient
  public func replaceError(with output: Output) -> Just<Output> {
    self
  }

  /// A `Just` is never empty: this publisher.
  ///
  /// - Parameter output: A replacement that is never needed.
  /// - Returns: This publisher.
  @_alwaysEmitIntoClient
  public func replaceEmpty(with output: Output) -> Just<Output> {
    self
  }

  /// A `Just` never fails, so there is nothing to retry: this publisher.
  ///
  /// - Parameter times: A number of attempts that is never needed.
  /// - Returns: This publisher.
  @_alwaysEmitIntoClient
  public func retry(_ times: Int) -> Just<Output> {
    self
  }

  /// `nextPartialResult` applied now to `initialResult` and the value.
  ///
  /// - Parameters:
  ///   - initialResult: The accumulator's starting value.
  ///   - nextPartialResult: Combines the accumulator with the value.
  /// - Returns: A `Result.Publisher` of the one accumulated value.
  @_alwaysEmitIntoClient
  public func scan<T>(_ initialResult: T, _ nextPartialResult: (T, Output) -> T) -> Result<T, Never>.Publisher {
    asResultPublisher.scan(initialResult, nextPartialResult)
  }

  /// `nextPartialResult` applied now to `initialResult` and the value; an
  /// error it throws becomes the publisher's failure.
  ///
  /// - Parameters:
  ///   - initialResult: The accumulator's starting value.
  ///   - nextPartialResult: Combines the accumulator with the value; it may throw.
  /// - Returns: A publisher of the accumulated value, or of the error.
  @_alwaysEmitIntoClient
  public func tryScan<T>(
    _ initialResult: T,
    _ nextPartialResult: (T, Output) throws -> T
  ) -> Result<T, any Error>.Publisher {
    asResultPublisher.tryScan(initialResult, nextPartialResult)
  }

  /// The same value, with a failure type of your choice.
  ///
  /// - Parameter failureType: The failure type the result declares.
  /// - Returns: A `Result.Publisher` of the value.
  @_alwaysEmitIntoClient
  public func setFailureType<E: Error>(to failureType: E.Type) -> Result<Output, E>.Publisher {
    asResultPublisher.setFailureType(to: failureType)
  }
}
