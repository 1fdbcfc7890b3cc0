extension Publisher where Failure == Never {
  /// The values of the publisher as an asynchronous sequence, for `for await`
  /// loops.
  ///
  /// The publisher is subscribed when the iterator is made. Each call to
  /// `next()` requests exactly one value, and nothing is buffered: a slow
  /// loop slows a publisher that respects demand down. A subject, which
  /// drops the values it sends without demand, therefore loses every value
  /// it sends while the loop body runs (between two calls to `next()`). For
  /// a subject with one or several consumers that must see every value, use
  /// `values(bufferingPolicy: .unbounded)` from ReactiveExtras, which
  /// requests ahead and buffers.
  ///
  /// Cancelling the iterating task cancels the subscription and ends the
  /// loop; so does leaving the loop early, once the iterator is released.
  ///
  /// ```swift
  /// for await value in [1, 2, 3].publisher.values {
  ///   print(value)
  /// }
  /// ```
  @inlinable
  public var values: AsyncPublisher<Self> {
    AsyncPublisher(self)
  }
}

extension Publisher {
  /// The values of the publisher as a throwing asynchronous sequence: a
  /// failure of the publisher is thrown by the loop.
  ///
  /// Demand, cancellation and lifetime are those of `values` on a publisher
  /// that never fails: one value requested per `next()`, nothing buffered,
  /// so a subject loses the values it sends while the loop body runs (use
  /// `values(bufferingPolicy:)` from ReactiveExtras for a broadcast without
  /// loss); the subscription is cancelled when the task is cancelled or the
  /// iterator is released.
  ///
  /// ```swift
  /// do {
  ///   for try await line in linesPublisher.values {
  ///     print(line)
  ///   }
  /// } catch {
  ///   print("failed: \(error)")
  /// }
  /// ```
  @inlinable
  public var values: AsyncThrowingPublisher<Self> {
    AsyncThrowingPublisher(self)
  }
}

/// An asynchronous sequence of the values of a publisher that never fails.
///
/// Obtain one with `values`.
public struct AsyncPublisher<Upstream: Publisher>: AsyncSequence where Upstream.Failure == Never {
  /// A value of the publisher.
  public typealias Element = Upstream.Output

  /// An iterator that requests one value of the publisher per `next()`.
  public struct Iterator: AsyncIteratorProtocol {
    /// A value of the publisher.
    public typealias Element = Upstream.Output

    @usableFromInline
    let token: AsyncIteratorToken<Upstream.Output, Never>

    @inlinable
    init(token: AsyncIteratorToken<Upstream.Output, Never>) {
      self.token = token
    }

    /// Produces the next value, or nil once the publisher finished or the
    /// task was cancelled.
    @inlinable
    public mutating func next() async -> Upstream.Output? {
      switch await token.subscriber.next(cancellable: true) {
      case let .value(value): return value
      case .finished, .cancelled: return nil
      case let .failure(never): switch never {}
      }
    }
  }

  @usableFromInline
  let upstream: Upstream

  /// Creates an asynchronous sequence of the values of a publisher.
  @_alwaysEmitIntoClient
  public init(_ publisher: Upstream) {
    upstream = publisher
  }

  /// Subscribes to the publisher and returns the iterator of its values.
  @inlinable
  public func makeAsyncIterator() -> Iterator {
    Iterator(token: AsyncIteratorToken(upstream))
  }
}

/// An asynchronous sequence of the values of a publisher that may fail; the
/// failure is thrown.
///
/// Obtain one with `values`.
public struct AsyncThrowingPublisher<Upstream: Publisher>: AsyncSequence {
  /// A value of the publisher.
  public typealias Element = Upstream.Output

  /// An iterator that requests one value of the publisher per `next()`.
  public struct Iterator: AsyncIteratorProtocol {
    /// A value of the publisher.
    public typealias Element = Upstream.Output

    @usableFromInline
    let token: AsyncIteratorToken<Upstream.Output, Upstream.Failure>

    @inlinable
    init(token: AsyncIteratorToken<Upstream.Output, Upstream.Failure>) {
      self.token = token
    }

    /// Produces the next value, nil once the publisher finished or the task
    /// was cancelled, or throws the failure of the publisher (once; later
    /// calls return nil).
    @inlinable
    public mutating func next() async throws -> Upstream.Output? {
      switch await token.subscriber.next(cancellable: true) {
      case let .value(value): return value
      case .finished, .cancelled: return nil
      case let .failure(error): throw error
      }
    }
  }

  @usableFromInline
  let upstream: Upstream

  /// Creates a throwing asynchronous sequence of the values of a publisher.
  @_alwaysEmitIntoClient
  public init(_ publisher: Upstream) {
    upstream = publisher
  }

  /// Subscribes to the publisher and returns the iterator of its values.
  @inlinable
  public func makeAsyncIterator() -> Iterator {
    Iterator(token: AsyncIteratorToken(upstream))
  }
}
