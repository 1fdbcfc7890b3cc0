public import ReactiveCore

extension Collection where Element: SinglePublisher {
  /// Subscribes to all single publishers of the collection, and publishes
  /// the array of their values, in the order of the collection.
  ///
  /// An empty collection publishes `[]`. The first failure fails the result
  /// and cancels the publishers that have not completed yet.
  ///
  /// ```text
  /// first    --a--|
  /// second   -----b|
  /// result   -----(o|)       o = [a, b]
  /// ```
  ///
  /// ```swift
  /// let users: AnySinglePublisher<[User], any Error> = ids.map(userPublisher).zipSingle()
  /// ```
  ///
  /// - Returns: A single publisher of the array of values.
  public func zipSingle() -> AnySinglePublisher<[Element.Output], Element.Failure> {
    // Zip, one publisher at a time: each step waits for the value of both
    // sides, and a failure on either side cancels the other.
    let start = Result<[Element.Output], Element.Failure>.Publisher(.success([])).eraseToAnyPublisher()
    let zipped = reduce(start) { values, publisher in
      values
        .zip(publisher) { values, value in values + [value] }
        .eraseToAnyPublisher()
    }
    return AnySinglePublisher(unchecked: zipped)
  }
}
