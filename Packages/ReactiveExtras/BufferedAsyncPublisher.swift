public import ReactiveCore

extension Publisher {
  /// The values of the publisher as an asynchronous sequence that buffers
  /// them, by `bufferingPolicy`, while the loop body runs.
  ///
  /// Combine's `values` requests one value per `next()`, so a subject (which
  /// drops what it sends without demand) loses the values it sends while the
  /// loop body runs. This sequence asks for values ahead and keeps them:
  ///
  /// - `.unbounded` requests `.unlimited` and keeps every value: each loop
  ///   over a subject receives every value the subject sends;
  /// - `.bufferingOldest(n)` requests `n` values at first, then one more per
  ///   `next()`: a cold publisher is held back (nothing is lost), and a
  ///   subject drops the values it sends while the buffer is full, which are
  ///   the newest ones;
  /// - `.bufferingNewest(n)` requests `.unlimited` and keeps the last `n`
  ///   values, dropping the oldest when a new one arrives to a full buffer.
  ///
  /// The publisher is subscribed when the iterator is made. A failure is
  /// thrown once the buffered values are consumed. Cancelling the iterating
  /// task cancels the subscription and ends the loop (`next()` returns nil);
  /// so does releasing the iterator (leaving the loop with `break`).
  ///
  /// ```swift
  /// let events = PassthroughSubject<Int, Never>()
  /// let audit = Task {
  ///   var seen: [Int] = []
  ///   for await event in events.values(bufferingPolicy: .unbounded) {
  ///     seen.append(event)
  ///   }
  ///   return seen
  /// }
  /// ```
  ///
  /// - Parameter bufferingPolicy: How many values to keep while the loop
  ///   body runs, and which to drop beyond.
  /// - Returns: An asynchronous sequence of the values of the publisher; it
  ///   throws the publisher's failure (typed), and does not throw when the
  ///   publisher never fails.
  public func values(
    bufferingPolicy: BufferedAsyncPublisher<Self>.BufferingPolicy
  ) -> BufferedAsyncPublisher<Self> {
    BufferedAsyncPublisher(self, bufferingPolicy: bufferingPolicy)
  }
}

/// An asynchronous sequence of the values of a publisher, buffered by a
/// policy while the consumer is busy.
///
/// Obtain one with `values(bufferingPolicy:)`. Its
/// `next()` throws the publisher's failure as a typed error, so a loop over
/// a publisher that never fails needs no `try`:
///
/// ```swift
/// var sum = 0
/// for await value in [1, 2, 3].publisher.values(bufferingPolicy: .bufferingOldest(2)) {
///   sum += value
/// }
/// ```
public struct BufferedAsyncPublisher<Upstream: Publisher>: AsyncSequence {
  /// A value of the publisher.
  public typealias Element = Upstream.Output

  /// The failure of the publisher, thrown by the iteration.
  public typealias Failure = Upstream.Failure

  /// How many values the sequence keeps while the consumer is busy, which it
  /// drops beyond, and so what demand it requests; mirrors
  /// `AsyncStream.Continuation.BufferingPolicy`.
  ///
  /// ```swift
  /// let latest = CurrentValueSubject<Int, Never>(0).values(bufferingPolicy: .bufferingNewest(1))
  /// ```
  public enum BufferingPolicy: Sendable, Hashable {
    /// Keeps every value; requests `.unlimited`.
    case unbounded
    /// Keeps the first values that arrive, up to the count, and drops the
    /// newest beyond; requests the count at first, then one value per
    /// `next()`, so a publisher that respects demand never overflows. A
    /// negative count counts as zero: then one value is requested per
    /// `next()`, as Combine's `values` does.
    case bufferingOldest(Int)
    /// Keeps the last values that arrive, up to the count, dropping the
    /// oldest; requests `.unlimited`. A negative count counts as zero: then
    /// a value reaches the consumer only if it is already waiting.
    case bufferingNewest(Int)
  }

  /// The publisher whose values are iterated.
  public let upstream: Upstream

  /// How values are buffered while the consumer is busy.
  public let bufferingPolicy: BufferingPolicy

  /// Creates an asynchronous sequence of the values of `upstream`.
  ///
  /// ```swift
  /// let sequence = BufferedAsyncPublisher(Just(1), bufferingPolicy: .unbounded)
  /// ```
  ///
  /// - Parameters:
  ///   - upstream: The publisher to iterate.
  ///   - bufferingPolicy: How values are buffered while the consumer is busy.
  public init(_ upstream: Upstream, bufferingPolicy: BufferingPolicy) {
    self.upstream = upstream
    self.bufferingPolicy = bufferingPolicy
  }

  /// Subscribes to the publisher and returns the iterator of its values.
  ///
  /// ```swift
  /// var iterator = Just(1).values(bufferingPolicy: .unbounded).makeAsyncIterator()
  /// ```
  ///
  /// - Returns: The iterator; releasing it cancels the subscription.
  public func makeAsyncIterator() -> Iterator {
    Iterator(token: AsyncBufferingToken(upstream, policy: bufferingPolicy))
  }

  /// The iterator of the values of the publisher. Use it from one task at a
  /// time, as a `for await` loop does.
  public struct Iterator: AsyncIteratorProtocol {
    /// A value of the publisher.
    public typealias Element = Upstream.Output

    /// The failure of the publisher.
    public typealias Failure = Upstream.Failure

    let token: AsyncBufferingToken<Upstream.Output, Upstream.Failure>

    /// The next value: the oldest buffered one, or the next one the publisher
    /// sends; nil once the publisher finished (after the buffered values) or
    /// the task was cancelled.
    ///
    /// ```swift
    /// var iterator = Just(1).values(bufferingPolicy: .unbounded).makeAsyncIterator()
    /// let first = await iterator.next()  // 1
    /// ```
    ///
    /// - Returns: The next value, or nil at the end.
    /// - Throws: The failure of the publisher, once, after the buffered
    ///   values; later calls return nil.
    public mutating func next() async throws(Upstream.Failure) -> Upstream.Output? {
      try await token.subscriber.next(isolation: nil)
    }

    /// The next value, awaited on the caller's actor (what a `for await`
    /// loop calls); see ``next()``.
    ///
    /// ```swift
    /// var iterator = Just(1).values(bufferingPolicy: .unbounded).makeAsyncIterator()
    /// let first = await iterator.next(isolation: #isolation)  // 1
    /// ```
    ///
    /// - Parameter actor: The actor the caller runs on, if any.
    /// - Returns: The next value, or nil at the end.
    /// - Throws: The failure of the publisher, once, after the buffered values.
    public mutating func next(
      isolation actor: isolated (any Actor)?
    ) async throws(Upstream.Failure) -> Upstream.Output? {
      try await token.subscriber.next(isolation: actor)
    }
  }
}

extension BufferedAsyncPublisher: Sendable where Upstream: Sendable {}
