public import MaybeTraits

extension MaybePublisher {
  /// Publishes `value` if this maybe publisher finishes without a value.
  ///
  /// The spelling of trait libraries for `replaceEmpty(with:)`, which it
  /// returns: the result is a single publisher.
  ///
  /// ```text
  /// upstream  -----|       --a--|     ---x
  /// result    -----(d|)    --a--|     ---x      d = value
  /// ```
  ///
  /// - Parameter value: The value to publish when this publisher finishes empty.
  /// - Returns: A single publisher.
  @inlinable
  public func ifEmpty(default value: Output) -> Publishers.ReplaceEmpty<Self> {
    replaceEmpty(with: value)
  }

  /// Subscribes to `replacement` if this maybe publisher finishes without a value.
  ///
  /// A value and a failure of this publisher pass through unchanged, and the
  /// replacement is not subscribed to. When this publisher finishes empty,
  /// the result publishes what the replacement publishes. The result has the
  /// replacement's trait: a single replacement gives a single publisher, a
  /// maybe replacement a maybe publisher.
  ///
  /// ```text
  /// upstream     -----|        --a--|
  /// replacement       --b|
  /// result       -------b|     --a--|
  /// ```
  ///
  /// ```swift
  /// let user: some SinglePublisher<User, LookupError> =
  ///   cachedUser(id: id).ifEmpty(switchTo: downloadUser(id: id))
  /// ```
  ///
  /// - Parameter replacement: The publisher to subscribe to when this publisher finishes empty.
  /// - Returns: A publisher with the trait of the replacement.
  public func ifEmpty<Replacement: Publisher>(
    switchTo replacement: Replacement
  ) -> Publishers.SwitchIfEmpty<Self, Replacement> {
    Publishers.SwitchIfEmpty(upstream: self, replacement: replacement)
  }
}

extension Publishers {
  /// A publisher that subscribes to a replacement when its maybe upstream
  /// finishes without a value.
  ///
  /// Build it with `ifEmpty(switchTo:)`.
  public struct SwitchIfEmpty<Upstream: MaybePublisher, Replacement: Publisher>: Publisher
  where Replacement.Output == Upstream.Output, Replacement.Failure == Upstream.Failure {
    public typealias Output = Upstream.Output
    public typealias Failure = Upstream.Failure

    /// The maybe publisher whose value, if any, is published.
    public let upstream: Upstream

    /// The publisher subscribed to when the upstream finishes empty.
    public let replacement: Replacement

    /// Creates a publisher that switches to `replacement` when `upstream` finishes empty.
    public init(upstream: Upstream, replacement: Replacement) {
      self.upstream = upstream
      self.replacement = replacement
    }

    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
      // The one outcome of the upstream becomes one inner publisher: its
      // value, or the replacement when there is none. flatMap forwards the
      // demand, the failures and the cancellation of both.
      let replacement = replacement
      upstream
        .map { Optional.some($0) }
        .replaceEmpty(with: nil)
        .flatMap(maxPublishers: .max(1)) { value -> AnyPublisher<Output, Failure> in
          guard let value else { return replacement.eraseToAnyPublisher() }
          return Just(value).setFailureType(to: Failure.self).eraseToAnyPublisher()
        }
        .receive(subscriber: subscriber)
    }
  }
}

// The upstream publishes at most one value and, if it does, the replacement
// is never subscribed to: the result has the replacement's trait.
extension Publishers.SwitchIfEmpty: MaybePublisher where Replacement: MaybePublisher {}
extension Publishers.SwitchIfEmpty: SinglePublisher where Replacement: SinglePublisher {}
// Not immediate: ImmediateTraits does not know maybe publishers, and an empty
// upstream hands over to a replacement that may publish later.
