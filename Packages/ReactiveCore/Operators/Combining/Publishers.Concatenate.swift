extension Publisher {
  /// Appends the given values after this publisher's values, once it finishes.
  ///
  /// ```text
  /// upstream  -a-b-|
  /// result    -a-b-(cd|)     append("c", "d")
  /// ```
  ///
  /// - Parameter elements: The values to publish after this publisher finishes.
  /// - Returns: A publisher that publishes this publisher's values, then `elements`.
  @inlinable
  public func append(_ elements: Output...) -> Publishers.Concatenate<Self, Publishers.Sequence<[Output], Failure>> {
    append(Publishers.Sequence(sequence: elements))
  }

  /// Appends the elements of a sequence after this publisher's values, once it finishes.
  ///
  /// - Parameter elements: The sequence to publish after this publisher finishes.
  /// - Returns: A publisher that publishes this publisher's values, then the sequence's.
  @inlinable
  public func append<S: Sequence>(_ elements: S) -> Publishers.Concatenate<Self, Publishers.Sequence<S, Failure>>
  where Output == S.Element {
    append(Publishers.Sequence(sequence: elements))
  }

  /// Appends another publisher's values after this publisher's, once it finishes.
  ///
  /// `publisher` is subscribed to only when this publisher finishes; a
  /// failure of this publisher ends the result without subscribing to it.
  ///
  /// ```text
  /// upstream  -a-|        -a-x
  /// other        -b-|
  /// result    -a--b-|     -a-x
  /// ```
  ///
  /// - Parameter publisher: The publisher to subscribe to after this one finishes.
  /// - Returns: A publisher that publishes this publisher's values, then `publisher`'s.
  @inlinable
  public func append<P: Publisher>(_ publisher: P) -> Publishers.Concatenate<Self, P>
  where Failure == P.Failure, Output == P.Output {
    Publishers.Concatenate(prefix: self, suffix: publisher)
  }

  /// Publishes the given values before this publisher's values.
  ///
  /// ```text
  /// upstream  -----c-|
  /// result    (ab)-c-|     prepend("a", "b")
  /// ```
  ///
  /// - Parameter elements: The values to publish before this publisher's.
  /// - Returns: A publisher that publishes `elements`, then this publisher's values.
  @inlinable
  public func prepend(_ elements: Output...) -> Publishers.Concatenate<Publishers.Sequence<[Output], Failure>, Self> {
    prepend(Publishers.Sequence(sequence: elements))
  }

  /// Publishes the elements of a sequence before this publisher's values.
  ///
  /// - Parameter elements: The sequence to publish before this publisher's values.
  /// - Returns: A publisher that publishes the sequence, then this publisher's values.
  @inlinable
  public func prepend<S: Sequence>(_ elements: S) -> Publishers.Concatenate<Publishers.Sequence<S, Failure>, Self>
  where Output == S.Element {
    prepend(Publishers.Sequence(sequence: elements))
  }

  /// Publishes another publisher's values before this publisher's.
  ///
  /// This publisher is subscribed to only once `publisher` finishes.
  ///
  /// - Parameter publisher: The publisher whose values come first.
  /// - Returns: A publisher that publishes `publisher`'s values, then this publisher's.
  @inlinable
  public func prepend<P: Publisher>(_ publisher: P) -> Publishers.Concatenate<P, Self>
  where Failure == P.Failure, Output == P.Output {
    Publishers.Concatenate(prefix: publisher, suffix: self)
  }
}

extension Publishers {
  /// Plays two publishers back to back: every value of ``prefix``, then,
  /// once it has finished, every value of ``suffix``.
  ///
  /// The suffix is subscribed to when the prefix finishes, with the demand
  /// that the prefix left unused.
  public struct Concatenate<Prefix: Publisher, Suffix: Publisher>: Publisher
  where Prefix.Failure == Suffix.Failure, Prefix.Output == Suffix.Output {
    public typealias Output = Suffix.Output
    public typealias Failure = Suffix.Failure

    /// Played first, to its end.
    public let prefix: Prefix

    /// Subscribed to only once ``prefix`` has finished; never if it fails.
    public let suffix: Suffix

    /// Creates a publisher that plays `prefix`, then `suffix`.
    ///
    /// - Parameters:
    ///   - prefix: The publisher to republish, in its entirety, first.
    ///   - suffix: Played once `prefix` has finished.
    @inlinable
    public init(prefix: Prefix, suffix: Suffix) {
      self.prefix = prefix
      self.suffix = suffix
    }

    @inlinable
    public func receive<S: Subscriber>(subscriber: S) where Suffix.Failure == S.Failure, Suffix.Output == S.Input {
      // As in Combine, the subscriber receives its subscription once the
      // prefix has given its own (from inside its receive(subscription:)).
      let inner = ConcatenateInner<S, Suffix>(subscriber, suffix: suffix)
      prefix.subscribe(ConcatenateSide(inner: inner, isSuffix: false))
    }
  }
}

/// States of the subscription of `Concatenate`:
/// - `prefix(downstream, suffix, subscription?, demand)`: subscribed to the
///   prefix (its subscription nil until it arrives, and downstream receives
///   its own subscription only then); `demand` is what downstream requested
///   and no value consumed yet;
/// - `suffix(downstream, subscription?, demand)`: the prefix finished, the
///   suffix is subscribed to;
/// - `done`: completed or cancelled; holds nothing.
///
/// Downstream calls come from one upstream at a time (the suffix is
/// subscribed to only after the prefix finished), so they never overlap.
/// What a side sends before its subscription is ignored, as in Combine.
@usableFromInline
final class ConcatenateInner<Downstream: Subscriber, Suffix: Publisher>: Subscription,
  CustomStringConvertible
where Suffix.Output == Downstream.Input, Suffix.Failure == Downstream.Failure {
  @usableFromInline
  enum State {
    case prefix(Downstream, Suffix, (any Subscription)?, demand: Subscribers.Demand)
    case suffix(Downstream, (any Subscription)?, demand: Subscribers.Demand)
    case done
  }

  @usableFromInline
  let state: Lock<State>

  @usableFromInline
  var description: String { "Concatenate" }

  @inlinable
  init(_ downstream: Downstream, suffix: Suffix) {
    state = Lock(.prefix(downstream, suffix, nil, demand: .none))
  }

  @usableFromInline
  enum SubscriptionAction {
    case cancel
    case start(Downstream)  // the prefix's: downstream gets its subscription
    case request(Subscribers.Demand)  // the suffix's: it gets the demand left
  }

  @inlinable
  func receive(subscription: any Subscription, isSuffix: Bool) {
    let action = state.withLock { state -> SubscriptionAction in
      switch state {
      case let .prefix(downstream, suffix, nil, demand) where !isSuffix:
        state = .prefix(downstream, suffix, subscription, demand: demand)
        return .start(downstream)
      case let .suffix(downstream, nil, demand) where isSuffix:
        state = .suffix(downstream, subscription, demand: demand)
        return .request(demand)
      case .prefix, .suffix, .done:
        return .cancel  // a second subscription, or one after the end
      }
    }
    switch action {
    case .cancel:
      subscription.cancel()
    case let .start(downstream):
      downstream.receive(subscription: self)  // its requests reach the prefix from here
    case let .request(demand):
      if demand > 0 { subscription.request(demand) }
    }
  }

  /// A value of the active upstream. One sent without demand is dropped:
  /// Combine drops it from the prefix (and passes it from the suffix,
  /// beyond downstream's demand, which we do not).
  @inlinable
  func receive(_ value: Downstream.Input, isSuffix: Bool) -> Subscribers.Demand {
    let downstream = state.withLock { state -> Downstream? in
      switch state {
      case .prefix(_, _, nil, _), .suffix(_, nil, _):
        return nil  // sent before the subscription
      case let .prefix(_, _, _, demand) where !isSuffix && demand == .none,
        let .suffix(_, _, demand) where isSuffix && demand == .none:
        return nil  // sent without demand
      case let .prefix(downstream, suffix, subscription, demand) where !isSuffix:
        state = .prefix(downstream, suffix, subscription, demand: demand - 1)
        return downstream
      case let .suffix(downstream, subscription, demand) where isSuffix:
        state = .suffix(downstream, subscription, demand: demand - 1)
        return downstream
      case .prefix, .suffix, .done:
        return nil
      }
    }
    guard let downstream else { return .none }
    let additional = downstream.receive(value)
    guard additional > 0 else { return .none }
    state.withLock { state in
      switch state {
      case let .prefix(downstream, suffix, subscription, demand):
        state = .prefix(downstream, suffix, subscription, demand: demand + additional)
      case let .suffix(downstream, subscription, demand):
        state = .suffix(downstream, subscription, demand: demand + additional)
      case .done:
        break
      }
    }
    return additional
  }

  @usableFromInline
  enum CompletionAction {
    case none
    case subscribe(Suffix)
    case complete(Downstream)
  }

  @inlinable
  func receive(completion: Subscribers.Completion<Downstream.Failure>, isSuffix: Bool) {
    let action = state.withLock { state -> CompletionAction in
      switch state {
      case .prefix(_, _, nil, _), .suffix(_, nil, _):
        return .none  // sent before the subscription
      case let .prefix(downstream, suffix, _, demand) where !isSuffix:
        if case .failure = completion {
          state = .done
          return .complete(downstream)
        }
        state = .suffix(downstream, nil, demand: demand)
        return .subscribe(suffix)
      case let .suffix(downstream, _, _) where isSuffix:
        state = .done
        return .complete(downstream)
      case .prefix, .suffix, .done:
        return .none
      }
    }
    switch action {
    case .none:
      break
    case let .subscribe(suffix):
      suffix.subscribe(ConcatenateSide(inner: self, isSuffix: true))
    case let .complete(downstream):
      downstream.receive(completion: completion)
    }
  }

  /// `request(.none)` is accepted and passed to the current upstream, as in Combine.
  @inlinable
  func request(_ demand: Subscribers.Demand) {
    let subscription = state.withLock { state -> (any Subscription)? in
      switch state {
      case let .prefix(downstream, suffix, subscription, pending):
        state = .prefix(downstream, suffix, subscription, demand: pending + demand)
        return subscription
      case let .suffix(downstream, subscription, pending):
        state = .suffix(downstream, subscription, demand: pending + demand)
        return subscription
      case .done:
        return nil
      }
    }
    subscription?.request(demand)
  }

  @inlinable
  func cancel() {
    let taken = state.withLock { state -> State in
      defer { state = .done }
      return state
    }
    switch taken {
    case let .prefix(_, _, subscription, _), let .suffix(_, subscription, _):
      subscription?.cancel()
    case .done:
      break
    }
  }
}

/// The subscriber that `Concatenate` attaches to its prefix and to its suffix.
@usableFromInline
struct ConcatenateSide<Downstream: Subscriber, Suffix: Publisher>: Subscriber, LibrarySubscriber,
  CustomStringConvertible
where Suffix.Output == Downstream.Input, Suffix.Failure == Downstream.Failure {
  @usableFromInline
  typealias Input = Downstream.Input
  @usableFromInline
  typealias Failure = Downstream.Failure

  @usableFromInline
  let inner: ConcatenateInner<Downstream, Suffix>
  @usableFromInline
  let isSuffix: Bool

  @inlinable
  init(inner: ConcatenateInner<Downstream, Suffix>, isSuffix: Bool) {
    self.inner = inner
    self.isSuffix = isSuffix
  }

  /// The identity of the subscription it feeds, as in Combine.
  @inlinable
  var combineIdentifier: CombineIdentifier { CombineIdentifier(inner) }

  @usableFromInline
  var description: String { "Concatenate" }

  @inlinable
  func receive(subscription: any Subscription) {
    inner.receive(subscription: subscription, isSuffix: isSuffix)
  }

  @inlinable
  func receive(_ input: Input) -> Subscribers.Demand {
    inner.receive(input, isSuffix: isSuffix)
  }

  @inlinable
  func receive(completion: Subscribers.Completion<Failure>) {
    inner.receive(completion: completion, isSuffix: isSuffix)
  }
}

extension Publishers.Concatenate: Equatable where Prefix: Equatable, Suffix: Equatable {}

extension ConcatenateInner: CombineReflectable {
  /// Shows no children, as Combine's `append` and `prepend`.
  @usableFromInline
  var customMirror: Mirror { Mirror(childless: self) }
}

extension ConcatenateSide: CustomReflectable, CustomPlaygroundDisplayConvertible {
  /// The mirror of the subscription it feeds, as in Combine.
  @usableFromInline
  var customMirror: Mirror { inner.customMirror }
  @usableFromInline
  var playgroundDescription: Any { inner.playgroundDescription }
}
