public import MaybeTraits
public import SingleTraits

extension CompletablePublisher {
  /// Runs `next` after this completable publisher finishes, and publishes
  /// what `next` publishes.
  ///
  /// `next` is subscribed to only when this publisher finishes; if this
  /// publisher fails, the failure is published and `next` is never
  /// subscribed to. Demand goes to `next`: this publisher has no value to
  /// demand. The result keeps the trait of `next`: a single after a
  /// completable is a single, a maybe is a maybe, a completable is a
  /// completable.
  ///
  /// ```text
  /// self      --|         --x
  /// next        --a|
  /// result    ----a|      --x
  /// ```
  ///
  /// ```swift
  /// let user: some SinglePublisher<User, APIError> = logIn(credentials).andThen(fetchUser())
  /// ```
  ///
  /// A `Future` starts its work when it is created, not when it is
  /// subscribed to: wrap it in `Deferred` to start it after this publisher.
  ///
  /// - Parameter next: The publisher to run once this one finishes.
  /// - Returns: A publisher with the values and completion of `next`, after this publisher finished.
  @inlinable
  public func andThen<Next: Publisher>(_ next: Next) -> Publishers.AndThen<Self, Next> where Next.Failure == Failure {
    Publishers.AndThen(upstream: self, next: next)
  }
}

extension Publishers {
  /// A publisher that runs a completable publisher, then, once it finished,
  /// another publisher.
  ///
  /// Build it with ``CompletableTraits/CompletablePublisher/andThen(_:)``.
  public struct AndThen<Upstream: CompletablePublisher, Next: Publisher>: Publisher
  where Upstream.Failure == Next.Failure {
    /// The kind of values published by this publisher: those of `next`.
    public typealias Output = Next.Output

    /// The kind of errors this publisher might publish.
    public typealias Failure = Next.Failure

    /// The completable publisher that runs first.
    public let upstream: Upstream

    /// The publisher subscribed to once `upstream` finished.
    public let next: Next

    /// Creates a publisher that runs `next` after `upstream` finished.
    ///
    /// - Parameters:
    ///   - upstream: The completable publisher that runs first.
    ///   - next: The publisher to run once `upstream` finishes.
    @inlinable
    public init(upstream: Upstream, next: Next) {
      self.upstream = upstream
      self.next = next
    }

    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
      // A completable has no value: mapped to `Output`, it is the prefix of a
      // concatenation, whose suffix is subscribed to once the prefix finishes,
      // with the demand the prefix did not use (all of it).
      upstream
        .map(absurd)
        .append(next)
        .receive(subscriber: subscriber)
    }
  }
}

// The trait of the result is the trait of `next`: the upstream adds no value.
extension Publishers.AndThen: MaybePublisher where Next: MaybePublisher {}
extension Publishers.AndThen: SinglePublisher where Next: SinglePublisher {}
extension Publishers.AndThen: CompletablePublisher where Next: CompletablePublisher {}

/// Turns an impossible value into any type: the transform of a map whose
/// upstream publishes no value.
private func absurd<Output>(_ never: Never) -> Output {}
