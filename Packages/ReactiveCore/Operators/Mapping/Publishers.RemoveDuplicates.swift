extension Publisher where Output: Equatable {
  /// Drops each value equal (`==`) to the value received just before it.
  ///
  /// For each element it drops, the publisher asks upstream for one more (`.max(1)`).
  ///
  /// ```text
  /// upstream  -a-a-b-a-|
  /// result    -a---b-a-|
  /// ```
  ///
  /// - Returns: A publisher without consecutive repeats.
  @_alwaysEmitIntoClient
  public func removeDuplicates() -> Publishers.RemoveDuplicates<Self> {
    Publishers.RemoveDuplicates(upstream: self, predicate: ==)
  }
}

extension Publisher {
  /// Drops each value that `predicate` declares a repeat of the value
  /// received just before it.
  ///
  /// Each element is compared with the element received just before it,
  /// whether that one was published or dropped.
  ///
  /// - Parameter predicate: Called with (previous, current); `true` drops
  ///   the current value.
  /// - Returns: A publisher without consecutive repeats.
  @_alwaysEmitIntoClient
  public func removeDuplicates(
    by predicate: @escaping (Output, Output) -> Bool
  ) -> Publishers.RemoveDuplicates<Self> {
    Publishers.RemoveDuplicates(upstream: self, predicate: predicate)
  }

  /// Drops each value that the throwing `predicate` declares a repeat of the
  /// value received just before it.
  ///
  /// When the predicate throws, the publisher cancels the upstream and fails
  /// with the thrown error; nothing follows.
  ///
  /// ```text
  /// upstream  -a-b-c-|
  /// result    -a-x          predicate(a, b) throws x
  /// ```
  ///
  /// - Parameter predicate: Called with (previous, current); `true` drops
  ///   the current value. It may throw.
  /// - Returns: A publisher without consecutive repeats that fails with the
  ///   first error `predicate` throws.
  @_alwaysEmitIntoClient
  public func tryRemoveDuplicates(
    by predicate: @escaping (Output, Output) throws -> Bool
  ) -> Publishers.TryRemoveDuplicates<Self> {
    Publishers.TryRemoveDuplicates(upstream: self, predicate: predicate)
  }
}

extension Publishers {
  /// The publisher returned by `removeDuplicates()` and
  /// `removeDuplicates(by:)`: consecutive repeats are dropped.
  public struct RemoveDuplicates<Upstream: Publisher>: Publisher {
    public typealias Output = Upstream.Output

    public typealias Failure = Upstream.Failure

    /// The publisher this operator subscribes to.
    public let upstream: Upstream

    /// Called with (previous, current); `true` marks the current value a repeat.
    public let predicate: (Upstream.Output, Upstream.Output) -> Bool

    /// Creates a publisher that drops each element equivalent to the previous one.
    ///
    /// - Parameters:
    ///   - upstream: The publisher this operator subscribes to.
    ///   - predicate: Called with (previous, current); `true` marks a repeat.
    @_alwaysEmitIntoClient
    public init(upstream: Upstream, predicate: @escaping (Upstream.Output, Upstream.Output) -> Bool) {
      self.upstream = upstream
      self.predicate = predicate
    }

    @inlinable
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
      let inner = MappingInner<Upstream.Output, Upstream.Failure, S, Payload>(
        subscriber,
        payload: Payload(isDuplicate: predicate),
        name: "RemoveDuplicates",
        contract: .filtering,
        keepsState: true,
        mapFailure: { $0 },
        step: { payload, input in payload.next(input) }
      )
      upstream.subscribe(inner)
    }
  }

  /// The publisher returned by `tryRemoveDuplicates(by:)`: consecutive
  /// repeats are dropped, and a throw from the predicate ends the stream.
  public struct TryRemoveDuplicates<Upstream: Publisher>: Publisher {
    public typealias Output = Upstream.Output

    public typealias Failure = any Error

    /// The publisher this operator subscribes to.
    public let upstream: Upstream

    /// Called with (previous, current); `true` marks a repeat, a throw ends the stream.
    public let predicate: (Upstream.Output, Upstream.Output) throws -> Bool

    /// Creates a publisher that drops each element equivalent to the previous
    /// one, and fails with the error the predicate throws.
    ///
    /// - Parameters:
    ///   - upstream: The publisher this operator subscribes to.
    ///   - predicate: Called with (previous, current); `true` marks a repeat,
    ///     a throw ends the stream.
    @_alwaysEmitIntoClient
    public init(upstream: Upstream, predicate: @escaping (Upstream.Output, Upstream.Output) throws -> Bool) {
      self.upstream = upstream
      self.predicate = predicate
    }

    @inlinable
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == any Error {
      let inner = MappingInner<Upstream.Output, Upstream.Failure, S, Payload>(
        subscriber,
        payload: Payload(isDuplicate: predicate),
        name: "TryRemoveDuplicates",
        contract: .filtering,
        keepsState: true,
        mapFailure: { $0 },
        step: { payload, input in try payload.next(input) }
      )
      upstream.subscribe(inner)
    }
  }
}

extension Publishers.RemoveDuplicates {
  /// The predicate, and the element received before the current one.
  @usableFromInline
  struct Payload {
    @usableFromInline
    var previous: Output?

    @usableFromInline
    let isDuplicate: (Output, Output) -> Bool

    @inlinable
    init(isDuplicate: @escaping (Output, Output) -> Bool) {
      self.isDuplicate = isDuplicate
    }

    /// Returns `input`, or nil if it duplicates the element received before
    /// it (published or not); `input` becomes the previous element.
    @inlinable
    mutating func next(_ input: Output) -> Output? {
      let previous = self.previous
      self.previous = input
      guard let previous else { return input }
      return isDuplicate(previous, input) ? nil : input
    }
  }
}

extension Publishers.TryRemoveDuplicates {
  /// The predicate, and the element received before the current one.
  @usableFromInline
  struct Payload {
    @usableFromInline
    var previous: Output?

    @usableFromInline
    let isDuplicate: (Output, Output) throws -> Bool

    @inlinable
    init(isDuplicate: @escaping (Output, Output) throws -> Bool) {
      self.isDuplicate = isDuplicate
    }

    /// Returns `input`, or nil if it duplicates the element received before
    /// it (published or not); `input` becomes the previous element.
    @inlinable
    mutating func next(_ input: Output) throws -> Output? {
      let previous = self.previous
      self.previous = input
      guard let previous else { return input }
      return try isDuplicate(previous, input) ? nil : input
    }
  }
}
