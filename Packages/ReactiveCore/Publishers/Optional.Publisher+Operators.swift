// Combine's specialised operators on `Optional.Publisher`: the publisher
// holds at most one value, known in advance, so each operator computes its
// answer at once, when it is called, and returns another `Optional.Publisher`
// (or a `Just`, or an `Empty`) that replays it. The closures are not
// escaping: they run before the operator returns, at most once, and not at
// all for `nil`.
//
// As in Combine, an operator applied to `nil` gives `nil` in every case but
// `collect()` (an empty array) and `replaceEmpty(with:)` (the replacement),
// where the general operator would publish an answer for an empty upstream
// (`count()` 0, `contains` false, `allSatisfy` true, `reduce` its initial
// value). The specialised operators keep Combine's answers.

extension Optional.Publisher where Wrapped: Equatable {
  /// Whether the value, if any, equals `output`; nothing for `nil`.
  ///
  /// - Parameter output: The value to look for.
  /// - Returns: An `Optional.Publisher` of the answer, or of nothing.
  @_alwaysEmitIntoClient
  public func contains(_ output: Output) -> Optional<Bool>.Publisher {
    Optional<Bool>.Publisher(self.output.map { $0 == output })
  }

  /// At most one value has no duplicate to remove.
  ///
  /// - Returns: This publisher.
  @_alwaysEmitIntoClient
  public func removeDuplicates() -> Optional<Wrapped>.Publisher {
    self
  }
}

extension Optional.Publisher where Wrapped: Comparable {
  /// The smallest value: the value itself, if any.
  ///
  /// - Returns: This publisher.
  @_alwaysEmitIntoClient
  public func min() -> Optional<Wrapped>.Publisher {
    self
  }

  /// The largest value: the value itself, if any.
  ///
  /// - Returns: This publisher.
  @_alwaysEmitIntoClient
  public func max() -> Optional<Wrapped>.Publisher {
    self
  }
}

extension Optional.Publisher {
  /// Whether the value, if any, satisfies `predicate`; nothing for `nil`.
  ///
  /// - Parameter predicate: The test the value must pass.
  /// - Returns: An `Optional.Publisher` of the answer, or of nothing.
  @_alwaysEmitIntoClient
  public func allSatisfy(_ predicate: (Output) -> Bool) -> Optional<Bool>.Publisher {
    Optional<Bool>.Publisher(output.map(predicate))
  }

  /// The value in a one-element array, or an empty array for `nil`.
  ///
  /// - Returns: An `Optional.Publisher` that always has an array.
  @_alwaysEmitIntoClient
  public func collect() -> Optional<[Output]>.Publisher {
    Optional<[Output]>.Publisher(output.map { [$0] } ?? [])
  }

  /// The value, if any, transformed now by `transform`; `nil` publishes nothing.
  ///
  /// - Parameter transform: Maps the value to a new value, or to `nil`.
  /// - Returns: An `Optional.Publisher` of the transformed value.
  @_alwaysEmitIntoClient
  public func compactMap<T>(_ transform: (Output) -> T?) -> Optional<T>.Publisher {
    Optional<T>.Publisher(output.flatMap(transform))
  }

  /// The smallest value: the value itself, if any. The closure is never
  /// called, since there is nothing to compare.
  ///
  /// - Parameter areInIncreasingOrder: An ordering, unused.
  /// - Returns: This publisher.
  @_alwaysEmitIntoClient
  public func min(by areInIncreasingOrder: (Output, Output) -> Bool) -> Optional<Output>.Publisher {
    self
  }

  /// The largest value: the value itself, if any. The closure is never
  /// called, since there is nothing to compare.
  ///
  /// - Parameter areInIncreasingOrder: An ordering, unused.
  /// - Returns: This publisher.
  @_alwaysEmitIntoClient
  public func max(by areInIncreasingOrder: (Output, Output) -> Bool) -> Optional<Output>.Publisher {
    self
  }

  /// Whether the value, if any, satisfies `predicate`; nothing for `nil`.
  ///
  /// - Parameter predicate: The test to apply to the value.
  /// - Returns: An `Optional.Publisher` of the answer, or of nothing.
  @_alwaysEmitIntoClient
  public func contains(where predicate: (Output) -> Bool) -> Optional<Bool>.Publisher {
    Optional<Bool>.Publisher(output.map(predicate))
  }

  /// One if there is a value; nothing for `nil`.
  ///
  /// - Returns: An `Optional.Publisher` of `1`, or of nothing.
  @_alwaysEmitIntoClient
  public func count() -> Optional<Int>.Publisher {
    Optional<Int>.Publisher(output.map { _ in 1 })
  }

  /// The value unless `count` drops it; a count of one or more leaves nothing.
  ///
  /// - Parameter count: How many values to drop; must not be negative.
  /// - Returns: An `Optional.Publisher` of the value when `count` is zero, of nothing otherwise.
  @_alwaysEmitIntoClient
  public func dropFirst(_ count: Int = 1) -> Optional<Output>.Publisher {
    precondition(count >= 0, "API violation: dropFirst count must not be negative, got \(count)")
    return Optional<Output>.Publisher(count == 0 ? output : nil)
  }

  /// The value unless `predicate`, asked now, says to drop it.
  ///
  /// - Parameter predicate: `true` drops the value.
  /// - Returns: An `Optional.Publisher` of the value, or of nothing.
  @_alwaysEmitIntoClient
  public func drop(while predicate: (Output) -> Bool) -> Optional<Output>.Publisher {
    Optional<Output>.Publisher(output.flatMap { predicate($0) ? nil : $0 })
  }

  /// The first value: the value itself, if any.
  ///
  /// - Returns: This publisher.
  @_alwaysEmitIntoClient
  public func first() -> Optional<Output>.Publisher {
    self
  }

  /// The value if it satisfies `predicate`, asked now.
  ///
  /// - Parameter predicate: The test the value must pass.
  /// - Returns: An `Optional.Publisher` of the value, or of nothing.
  @_alwaysEmitIntoClient
  public func first(where predicate: (Output) -> Bool) -> Optional<Output>.Publisher {
    filter(predicate)
  }

  /// The last value: the value itself, if any.
  ///
  /// - Returns: This publisher.
  @_alwaysEmitIntoClient
  public func last() -> Optional<Output>.Publisher {
    first()  // with at most one value, the last is the first
  }

  /// The value if it satisfies `predicate`, asked now.
  ///
  /// - Parameter predicate: The test the value must pass.
  /// - Returns: An `Optional.Publisher` of the value, or of nothing.
  @_alwaysEmitIntoClient
  public func last(where predicate: (Output) -> Bool) -> Optional<Output>.Publisher {
    first(where: predicate)  // with at most one value, the last is the first
  }

  /// The value if `isIncluded`, asked now, keeps it.
  ///
  /// - Parameter isIncluded: `true` keeps the value.
  /// - Returns: An `Optional.Publisher` of the value, or of nothing.
  @_alwaysEmitIntoClient
  public func filter(_ isIncluded: (Output) -> Bool) -> Optional<Output>.Publisher {
    Optional<Output>.Publisher(output.flatMap { isIncluded($0) ? $0 : nil })
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

  /// The value, if any, transformed now by `transform`.
  ///
  /// - Parameter transform: Maps the value to a new value.
  /// - Returns: An `Optional.Publisher` of the transformed value, or of nothing.
  @_alwaysEmitIntoClient
  public func map<T>(_ transform: (Output) -> T) -> Optional<T>.Publisher {
    Optional<T>.Publisher(output.map(transform))
  }

  /// The value if `index` is zero, nothing otherwise.
  ///
  /// - Parameter index: The position to pick; must not be negative.
  /// - Returns: An `Optional.Publisher` of the value, or of nothing.
  @_alwaysEmitIntoClient
  public func output(at index: Int) -> Optional<Output>.Publisher {
    precondition(index >= 0, "API violation: output index must not be negative, got \(index)")
    return Optional<Output>.Publisher(index == 0 ? output : nil)
  }

  /// The value if `range` contains position zero.
  ///
  /// As in Combine, a range that ends at `Int.max - 1` or later traps, and so
  /// does a partial range such as `0...`: write `0..<1` for "the value".
  ///
  /// - Parameter range: The positions to pick; its lower bound must not be
  ///   negative, its upper bound (excluded) must be below `Int.max - 1`.
  /// - Returns: An `Optional.Publisher` of the value, or of nothing.
  @_alwaysEmitIntoClient
  public func output<R: RangeExpression>(in range: R) -> Optional<Output>.Publisher where R.Bound == Int {
    let positions = range.relative(to: 0..<Int.max)
    precondition(
      positions.lowerBound >= 0,
      "API violation: the lower bound of an output range must not be negative"
    )
    precondition(
      positions.upperBound < Int.max - 1,
      "API violation: the upper bound of an output range must be below Int.max - 1, got \(positions.upperBound)"
    )
    return Optional<Output>.Publisher(positions.contains(0) ? output : nil)
  }

  /// The value if `maxLength` lets one value through.
  ///
  /// - Parameter maxLength: How many values to keep; must not be negative.
  /// - Returns: An `Optional.Publisher` of the value, or of nothing when `maxLength` is zero.
  @_alwaysEmitIntoClient
  public func prefix(_ maxLength: Int) -> Optional<Output>.Publisher {
    precondition(maxLength >= 0, "API violation: prefix maxLength must not be negative, got \(maxLength)")
    return Optional<Output>.Publisher(maxLength > 0 ? output : nil)
  }

  /// The value if `predicate`, asked now, keeps it.
  ///
  /// - Parameter predicate: `true` keeps the value.
  /// - Returns: An `Optional.Publisher` of the value, or of nothing.
  @_alwaysEmitIntoClient
  public func prefix(while predicate: (Output) -> Bool) -> Optional<Output>.Publisher {
    filter(predicate)
  }

  /// `nextPartialResult` applied now to `initialResult` and the value, if
  /// any; nothing for `nil`.
  ///
  /// - Parameters:
  ///   - initialResult: The accumulator's starting value.
  ///   - nextPartialResult: Combines the accumulator with the value.
  /// - Returns: An `Optional.Publisher` of the accumulated value, or of nothing.
  @_alwaysEmitIntoClient
  public func reduce<T>(_ initialResult: T, _ nextPartialResult: (T, Output) -> T) -> Optional<T>.Publisher {
    Optional<T>.Publisher(output.map { nextPartialResult(initialResult, $0) })
  }

  /// `nextPartialResult` applied now to `initialResult` and the value, if
  /// any; nothing for `nil`.
  ///
  /// - Parameters:
  ///   - initialResult: The accumulator's starting value.
  ///   - nextPartialResult: Combines the accumulator with the value.
  /// - Returns: An `Optional.Publisher` of the one accumulated value, or of nothing.
  @_alwaysEmitIntoClient
  public func scan<T>(_ initialResult: T, _ nextPartialResult: (T, Output) -> T) -> Optional<T>.Publisher {
    Optional<T>.Publisher(output.map { nextPartialResult(initialResult, $0) })
  }

  /// At most one value has no duplicate to remove: `predicate` is never called.
  ///
  /// - Parameter predicate: An equivalence, unused.
  /// - Returns: This publisher.
  @_alwaysEmitIntoClient
  public func removeDuplicates(by predicate: (Output, Output) -> Bool) -> Optional<Output>.Publisher {
    self
  }

  /// An `Optional.Publisher` never fails: this publisher.
  ///
  /// - Parameter output: A replacement that is never needed.
  /// - Returns: This publisher.
  @_alwaysEmitIntoClient
  public func replaceError(with output: Output) -> Optional<Output>.Publisher {
    self
  }

  /// The value, or `output` for `nil`.
  ///
  /// - Parameter output: The value to publish when there is none.
  /// - Returns: A `Just` that always has a value.
  @_alwaysEmitIntoClient
  public func replaceEmpty(with output: Output) -> Just<Output> {
    Just(self.output ?? output)
  }

  /// An `Optional.Publisher` never fails, so there is nothing to retry: this publisher.
  ///
  /// - Parameter times: A number of attempts that is never needed.
  /// - Returns: This publisher.
  @_alwaysEmitIntoClient
  public func retry(_ times: Int) -> Optional<Output>.Publisher {
    self
  }
}
