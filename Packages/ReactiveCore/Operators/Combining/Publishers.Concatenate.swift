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
  @_alwaysEmitIntoClient
  public func append(_ elements: Output...) -> Publishers.Concatenate<Self, Publishers.Sequence<[Output], Failure>> {
    append(Publishers.Sequence(sequence: elements))
  }

  /// Appends the elements of a sequence after this publisher's values, once it finishes.
  ///
  /// - Parameter elements: The sequence to publish after this publisher finishes.
  /// - Returns: A publisher that publishes this publisher's values, then the sequence's.
  @_alwaysEmitIntoClient
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
  @_alwaysEmitIntoClient
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
  @_alwaysEmitIntoClient
  public func prepend(_ elements: Output...) -> Publishers.Concatenate<Publishers.Sequence<[Output], Failure>, Self> {
    prepend(Publishers.Sequence(sequence: elements))
  }

  /// Publishes the elements of a sequence before this publisher's values.
  ///
  /// - Parameter elements: The sequence to publish before this publisher's values.
  /// - Returns: A publisher that publishes the sequence, then this publisher's values.
  @_alwaysEmitIntoClient
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
  @_alwaysEmitIntoClient
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
    @_alwaysEmitIntoClient
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

/// States of the subscription of `Concatenate` (`Phase`), and what each
/// keeps in the stored properties (the others are nil):
/// - `prefix`: `downstream`, `suffix`, and `subscription` once the prefix's
///   arrives (downstream receives its own subscription only then); `demand`
///   is what downstream requested and no value consumed yet;
/// - `suffix`: `downstream`, and `subscription` once the suffix's arrives;
///   the prefix finished, the suffix is subscribed to;
/// - `done`: completed or cancelled; holds nothing.
///
/// The generic parts live in stored properties beside a payload-free phase
/// (see "Generic payloads cost code" in Docs/Internals.md), touched only
/// under `lock`; what a transition takes out leaves the lock in a tuple and
/// is released after it.
///
/// Downstream calls come from one upstream at a time (the suffix is
/// subscribed to only after the prefix finished), so they never overlap.
/// What a side sends before its subscription is ignored, as in Combine.
@usableFromInline
final class ConcatenateInner<Downstream: Subscriber, Suffix: Publisher>: Subscription,
  CustomStringConvertible
where Suffix.Output == Downstream.Input, Suffix.Failure == Downstream.Failure {
  @usableFromInline
  enum Phase: UInt8 {
    case prefix, suffix, done
  }

  /// What the subscription held when it ended, released after the lock.
  @usableFromInline
  typealias Ending = (downstream: Downstream?, subscription: (any Subscription)?, suffix: Suffix?)

  @usableFromInline
  let lock = StateLock()
  @usableFromInline
  @exclusivity(unchecked) var phase = Phase.prefix
  @usableFromInline
  @exclusivity(unchecked) var downstream: Downstream?
  @usableFromInline
  @exclusivity(unchecked) var suffix: Suffix?
  @usableFromInline
  @exclusivity(unchecked) var subscription: (any Subscription)?
  @usableFromInline
  @exclusivity(unchecked) var demand = Subscribers.Demand.none

  @usableFromInline
  var description: String { "Concatenate" }

  @inlinable
  init(_ downstream: Downstream, suffix: Suffix) {
    self.downstream = downstream
    self.suffix = suffix
  }

  /// Under the lock: the subscription is over; what it held leaves with the ending.
  @inlinable
  func takeEnding() -> Ending {
    phase = .done
    return (downstream.take(), subscription.take(), suffix.take())
  }

  @inlinable
  func receive(subscription: any Subscription, isSuffix: Bool) {
    var start: Downstream? = nil  // the prefix's: downstream gets its subscription
    var owed = Subscribers.Demand.none  // the suffix's: it gets the demand left
    let accepted: Bool = lock.withLock {
      guard self.subscription == nil else { return false }
      switch phase {
      case .prefix where !isSuffix:
        self.subscription = subscription
        start = downstream
        return true
      case .suffix where isSuffix:
        self.subscription = subscription
        owed = demand
        return true
      case .prefix, .suffix, .done:
        return false
      }
    }
    guard accepted else {
      subscription.cancel()  // a second subscription, or one after the end
      return
    }
    if let start {
      start.receive(subscription: self)  // its requests reach the prefix from here
    } else if owed > 0 {
      subscription.request(owed)
    }
  }

  /// A value of the active upstream. One sent without demand is dropped:
  /// Combine drops it from the prefix (and passes it from the suffix,
  /// beyond downstream's demand, which we do not).
  @inlinable
  func receive(_ value: Downstream.Input, isSuffix: Bool) -> Subscribers.Demand {
    let downstream: Downstream? = lock.withLock {
      guard subscription != nil else { return nil }  // sent before the subscription
      switch phase {
      case .prefix where !isSuffix, .suffix where isSuffix:
        guard demand > .none else { return nil }  // sent without demand
        demand -= 1
        return self.downstream
      case .prefix, .suffix, .done:
        return nil
      }
    }
    guard let downstream else { return .none }
    let additional = downstream.receive(value)
    guard additional > 0 else { return .none }
    lock.withLock {
      if phase != .done { demand += additional }
    }
    return additional
  }

  @inlinable
  func receive(completion: Subscribers.Completion<Downstream.Failure>, isSuffix: Bool) {
    var next: Suffix? = nil
    var ending: Ending = lock.withLock {
      guard subscription != nil else { return (nil, nil, nil) }  // sent before the subscription
      switch phase {
      case .prefix where !isSuffix:
        if case .failure = completion { return takeEnding() }
        phase = .suffix
        next = suffix.take()
        return (nil, subscription.take(), nil)  // the prefix's, released after the lock
      case .suffix where isSuffix:
        return takeEnding()
      case .prefix, .suffix, .done:
        return (nil, nil, nil)
      }
    }
    if let next {
      ending = (nil, nil, nil)  // the prefix's subscription goes before the suffix is subscribed
      next.subscribe(ConcatenateSide(inner: self, isSuffix: true))
    } else {
      ending.downstream?.receive(completion: completion)
    }
  }

  /// `request(.none)` is accepted and passed to the current upstream, as in Combine.
  @inlinable
  func request(_ demand: Subscribers.Demand) {
    let subscription: (any Subscription)? = lock.withLock {
      guard phase != .done else { return nil }
      self.demand += demand
      return self.subscription
    }
    subscription?.request(demand)
  }

  @inlinable
  func cancel() {
    let ending: Ending = lock.withLock {
      guard phase != .done else { return (nil, nil, nil) }
      return takeEnding()
    }
    ending.subscription?.cancel()
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
