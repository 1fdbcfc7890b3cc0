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
  public func zipSingle() -> TraitPublishers.ZipSingle<Self> {
    TraitPublishers.ZipSingle(collection: self)
  }

  /// ``zipSingle()``, erased, where the context asks for an
  /// `AnySinglePublisher`.
  @_disfavoredOverload
  public func zipSingle() -> AnySinglePublisher<[Element.Output], Element.Failure> {
    TraitPublishers.ZipSingle(collection: self).eraseToAnySinglePublisher()
  }
}

extension TraitPublishers {
  /// A single publisher of the array of the values of a collection of
  /// single publishers. See `zipSingle()`.
  public struct ZipSingle<Upstreams: Collection>: SinglePublisher where Upstreams.Element: SinglePublisher {
    public typealias Output = [Upstreams.Element.Output]
    public typealias Failure = Upstreams.Element.Failure

    /// The single publishers to zip, in the order of their values.
    public let collection: Upstreams

    /// Creates a publisher that zips the single publishers of `collection`.
    ///
    /// - Parameter collection: The single publishers to zip.
    public init(collection: Upstreams) {
      self.collection = collection
    }

    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
      // Zip, one publisher at a time: each step waits for the value of both
      // sides, and a failure on either side cancels the other.
      let start = Result<Output, Failure>.Publisher(.success([])).eraseToAnyPublisher()
      let zipped = collection.reduce(start) { values, publisher in
        values
          .zip(publisher) { values, value in values + [value] }
          .eraseToAnyPublisher()
      }
      zipped.receive(subscriber: subscriber)
    }
  }
}
