extension Publisher where Output: Equatable {
  /// Publishes only elements that don't match the previous element.
  ///
  /// For each element it drops, the publisher asks upstream for one more (`.max(1)`).
  ///
  /// ```text
  /// upstream  -a-a-b-a-|
  /// result    -a---b-a-|
  /// ```
  ///
  /// - Returns: A publisher that consumes, rather than publishes, duplicate elements.
  @inlinable
  public func removeDuplicates() -> Publishers.RemoveDuplicates<Self> {
    Publishers.RemoveDuplicates(upstream: self, predicate: ==)
  }
}

extension Publisher {
  /// Publishes only elements that don't match the previous element, as
  /// evaluated by a closure.
  ///
  /// Each element is compared with the element received just before it,
  /// whether that one was published or dropped.
  ///
  /// - Parameter predicate: A closure that returns whether two elements are
  ///   equivalent, the previous one first.
  /// - Returns: A publisher that consumes, rather than publishes, duplicate elements.
  @inlinable
  public func removeDuplicates(
    by predicate: @escaping (Output, Output) -> Bool
  ) -> Publishers.RemoveDuplicates<Self> {
    Publishers.RemoveDuplicates(upstream: self, predicate: predicate)
  }

  /// Publishes only elements that don't match the previous element, as
  /// evaluated by an error-throwing closure.
  ///
  /// When the predicate throws, the publisher cancels the upstream and fails
  /// with the thrown error; nothing follows.
  ///
  /// ```text
  /// upstream  -a-b-c-|
  /// result    -a-x          predicate(a, b) throws x
  /// ```
  ///
  /// - Parameter predicate: An error-throwing closure that returns whether
  ///   two elements are equivalent, the previous one first.
  /// - Returns: A publisher that consumes, rather than publishes, duplicate
  ///   elements, and fails with the error the predicate throws.
  @inlinable
  public func tryRemoveDuplicates(
    by predicate: @escaping (Output, Output) throws -> Bool
  ) -> Publishers.TryRemoveDuplicates<Self> {
    Publishers.TryRemoveDuplicates(upstream: self, predicate: predicate)
  }
}

extension Publishers {
  /// A publisher that publishes only elements that don't match the previous element.
  public struct RemoveDuplicates<Upstream: Publisher>: Publisher {
    public typealias Output = Upstream.Output

    public typealias Failure = Upstream.Failure

    /// The publisher from which this publisher receives elements.
    public let upstream: Upstream

    /// The closure that returns whether two elements are equivalent.
    public let predicate: (Upstream.Output, Upstream.Output) -> Bool

    /// Creates a publisher that drops each element equivalent to the previous one.
    ///
    /// - Parameters:
    ///   - upstream: The publisher from which this publisher receives elements.
    ///   - predicate: The closure that returns whether two elements are equivalent.
    @inlinable
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
        keepsState: true,
        mapFailure: { $0 },
        step: { payload, input in payload.next(input) }
      )
      upstream.subscribe(inner)
    }
  }

  /// A publisher that publishes only elements that don't match the previous
  /// element, as evaluated by an error-throwing closure.
  public struct TryRemoveDuplicates<Upstream: Publisher>: Publisher {
    public typealias Output = Upstream.Output

    public typealias Failure = any Error

    /// The publisher from which this publisher receives elements.
    public let upstream: Upstream

    /// The error-throwing closure that returns whether two elements are equivalent.
    public let predicate: (Upstream.Output, Upstream.Output) throws -> Bool

    /// Creates a publisher that drops each element equivalent to the previous
    /// one, and fails with the error the predicate throws.
    ///
    /// - Parameters:
    ///   - upstream: The publisher from which this publisher receives elements.
    ///   - predicate: The error-throwing closure that returns whether two
    ///     elements are equivalent.
    @inlinable
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
