extension Publisher {
  /// Keeps up to `size` values that the downstream has not asked for yet,
  /// and delivers them as its demand comes.
  ///
  /// With `.keepFull`, the upstream is asked for `size` values at once, then
  /// for one more each time a buffered value is delivered. With
  /// `.byRequest`, it is asked for unlimited values, as in Combine. When a
  /// value arrives and the buffer is full, `whenFull` drops the new value,
  /// drops the oldest one, or cancels the upstream and fails on the
  /// downstream's next request (after the values that request allows). The
  /// downstream finishes on a request that finds the buffer empty, as in
  /// Combine; an upstream failure is delivered as soon as the downstream's
  /// current demand is served, dropping what is left.
  ///
  /// ```text
  /// upstream  abc|
  /// result    ---a-b-c|    the downstream requests one value per tick
  /// ```
  ///
  /// - Parameters:
  ///   - size: The most values the buffer holds.
  ///   - prefetch: How the upstream is asked for values.
  ///   - whenFull: What to do with a value that arrives when the buffer is full.
  /// - Returns: A publisher that buffers its upstream's values.
  @_alwaysEmitIntoClient
  public func buffer(
    size: Int,
    prefetch: Publishers.PrefetchStrategy,
    whenFull: Publishers.BufferingStrategy<Failure>
  ) -> Publishers.Buffer<Self> {
    Publishers.Buffer(upstream: self, size: size, prefetch: prefetch, whenFull: whenFull)
  }
}

extension Publishers {
  /// How a buffer asks its upstream for values.
  public enum PrefetchStrategy: Equatable, Hashable, Sendable {
    /// Asks for enough values to fill the buffer, and refills it as values go out.
    case keepFull

    /// Asks for values without limit, and keeps what the downstream has not asked for yet.
    case byRequest
  }

  /// What a buffer does with a value that arrives when it is full.
  public enum BufferingStrategy<Failure: Error> {
    /// Drops the value that just arrived.
    case dropNewest

    /// Drops the oldest buffered value to make room for the new one.
    case dropOldest

    /// Cancels the upstream and fails with the error the closure makes.
    case customError(() -> Failure)
  }

  /// A publisher that buffers the values of its upstream until the downstream asks for them.
  public struct Buffer<Upstream: Publisher>: Publisher {
    public typealias Output = Upstream.Output
    public typealias Failure = Upstream.Failure

    /// The publisher whose values are buffered.
    public let upstream: Upstream

    /// The most values the buffer holds.
    public let size: Int

    /// How the upstream is asked for values.
    public let prefetch: Publishers.PrefetchStrategy

    /// What to do with a value that arrives when the buffer is full.
    public let whenFull: Publishers.BufferingStrategy<Upstream.Failure>

    /// Creates a publisher that buffers the values of `upstream`.
    ///
    /// - Parameters:
    ///   - upstream: The publisher whose values are buffered.
    ///   - size: The most values the buffer holds.
    ///   - prefetch: How the upstream is asked for values.
    ///   - whenFull: What to do with a value that arrives when the buffer is full.
    @_alwaysEmitIntoClient
    public init(
      upstream: Upstream,
      size: Int,
      prefetch: Publishers.PrefetchStrategy,
      whenFull: Publishers.BufferingStrategy<Failure>
    ) {
      self.upstream = upstream
      self.size = size
      self.prefetch = prefetch
      self.whenFull = whenFull
    }

    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
      upstream.subscribe(BufferInner(subscriber, size: size, prefetch: prefetch, whenFull: whenFull))
    }
  }
}

/// The subscription of `buffer`.
///
/// States:
/// - `awaitingSubscription(downstream)`: no upstream yet;
/// - `active`: see `Active`; after the upstream's completion, the buffered
///   values remain to deliver before it;
/// - `terminal`: completed or cancelled; holds nothing.
private final class BufferInner<Downstream: Subscriber>: Subscriber, Subscription, CustomStringConvertible {
  typealias Input = Downstream.Input
  typealias Failure = Downstream.Failure

  private struct Active: DeliveringState, QueuedValuesState, ~Copyable {
    var downstream: Downstream
    /// Nil once the upstream completed, or was cancelled on overflow.
    var upstream: (any Subscription)?
    /// The upstream's subscription after it finished, while the buffer and
    /// the finish wait for demand: as Combine's receive(on:), delay and
    /// timeout do with the events they hold, `.keepFull` still asks it to
    /// refill what goes out (a request the finished upstream ignores).
    var finishedUpstream: (any Subscription)?
    /// The prefetch strategy is `keepFull`: delivered values are refilled.
    let keepsFull: Bool
    /// The buffered values; `isDelivering` while a thread delivers them.
    var queue = Outbox<Input>()
    var demand = Subscribers.Demand.none
    /// How the stream ends, once the buffer allows.
    var completion: Subscribers.Completion<Failure>?
    /// Values delivered since the upstream was last asked to refill (`keepFull`).
    var refill = 0

    /// Under the lock: what the demand allows; a pause hands back how many
    /// values to ask the upstream for, to keep the buffer full.
    ///
    /// As in Combine, a failure goes at once, dropping what is left, but a
    /// finish waits for the values before it and for demand: the downstream
    /// gets it on a request once the buffer is empty.
    mutating func nextDelivery() -> Delivery<Downstream, Subscribers.Demand, Subscribers.Completion<Failure>> {
      if demand > 0, let value = queue.removeFirst() {
        demand -= 1
        if keepsFull {
          refill += 1
        }
        return .value(downstream, value)
      }
      switch completion {
      case let .failure(error)?:
        return .end(downstream, .failure(error))  // what is still buffered is dropped
      case .finished? where queue.isEmpty && demand > 0:
        return .end(downstream, .finished)
      case .finished?, nil:
        queue.release()
        let count = upstream == nil && finishedUpstream == nil ? 0 : refill
        refill = 0
        return .pause(count > 0 ? .max(count) : .none)
      }
    }
  }

  private let state: Lock<TimedState<Downstream, Active>>
  private let size: Int
  private let prefetch: Publishers.PrefetchStrategy
  private let whenFull: Publishers.BufferingStrategy<Failure>

  var description: String { "Buffer" }

  init(
    _ downstream: Downstream,
    size: Int,
    prefetch: Publishers.PrefetchStrategy,
    whenFull: Publishers.BufferingStrategy<Failure>
  ) {
    state = Lock(.awaitingSubscription(downstream))
    self.size = size
    self.prefetch = prefetch
    self.whenFull = whenFull
  }

  func receive(subscription: any Subscription) {
    let keepsFull = prefetch == .keepFull
    guard
      let downstream = state.activate(
        subscription,
        { Active(downstream: $0, upstream: subscription, keepsFull: keepsFull) }
      )
    else { return }
    switch prefetch {
    case .keepFull:
      if size > 0 {
        subscription.request(.max(size))
      }
    case .byRequest:
      subscription.request(.unlimited)
    }
    downstream.receive(subscription: self)
  }

  private enum Arrival {
    case ignored
    case buffered(deliver: Bool, dropped: Input?)
    case overflow(any Subscription)
  }

  func receive(_ input: Input) -> Subscribers.Demand {
    let arrival = state.withLock { state -> Arrival in
      state.updateActive { active -> Arrival in
        guard let upstream = active.upstream else { return .ignored }
        var dropped: Input?
        if active.queue.count >= size {
          switch whenFull {
          case .dropNewest:
            return .buffered(deliver: active.queue.claim(), dropped: input)
          case .dropOldest:
            dropped = active.queue.removeFirst()
          case .customError:
            active.upstream = nil
            return .overflow(upstream)
          }
        }
        if size > 0 {
          active.queue.append(input)
        } else {
          dropped = input
        }
        return .buffered(deliver: active.queue.claim(), dropped: dropped)
      } ?? .ignored
    }
    switch arrival {
    case .ignored:
      return .none
    case let .buffered(deliver, dropped):
      _ = dropped  // released here, after the lock
      return deliver ? self.deliver() : .none
    case let .overflow(upstream):
      upstream.cancel()
      guard case let .customError(makeError) = whenFull else { return .none }
      let error = makeError()
      // As in Combine, the error waits for the downstream's next request,
      // which first gets the buffered values its demand allows.
      _ = state.withLock { state in
        state.updateActive { active in
          active.completion = .failure(error)
        }
      }
      return .none
    }
  }

  func receive(completion: Subscribers.Completion<Failure>) {
    let deliver = state.withLock { state in
      state.updateActive { active -> Bool in
        guard active.upstream != nil else { return false }
        if case .finished = completion {
          active.finishedUpstream = active.upstream
        }
        active.upstream = nil
        active.completion = completion
        return active.queue.claim()
      } ?? false
    }
    if deliver {
      _ = self.deliver()
    }
  }

  func request(_ demand: Subscribers.Demand) {
    guard demand > 0 else { return }  // Combine accepts `.none`: nothing to do
    let taken = state.withLock { state -> (deliver: Bool, upstream: (any Subscription)?)? in
      state.updateActive { active in
        active.demand += demand
        return (active.queue.claim(), active.upstream ?? active.finishedUpstream)
      } ?? nil
    }
    guard let (deliver, upstream) = taken, deliver else { return }
    let refill = self.deliver()
    if refill > 0 {
      upstream?.request(refill)
    }
  }

  func cancel() {
    state.terminate()?.upstream?.cancel()
    // The downstream and the buffered values are released here, after the lock.
  }

  /// Delivers what the demand allows, then the completion if its turn has
  /// come; runs on one thread at a time. Returns how many values to ask the
  /// upstream for, to keep the buffer full.
  private func deliver() -> Subscribers.Demand {
    state.deliver(onDemand: { self.state.addDemand($0) }, end: { $0.receive(completion: $1) }) ?? .none
  }
}

extension BufferInner: CombineReflectable {
  /// Shows the buffered values, the subscription status, the demand not yet
  /// served and the completion waiting behind the values, as Combine's `buffer`.
  var customMirror: Mirror {
    let (queue, status, demand, completion) = state.withLock {
      state -> (Outbox<Input>, SubscriptionStatus, Subscribers.Demand, Subscribers.Completion<Failure>?) in
      switch state {
      case .awaitingSubscription: (Outbox(), .awaitingSubscription, .none, nil)
      case let .active(active):
        (active.queue, active.upstream.map { .subscribed($0) } ?? .terminal, active.demand, active.completion)
      case .terminal: (Outbox(), .terminal, .none, nil)
      }
    }
    var values = queue  // a copy: emptying it leaves the buffer as it is
    return Mirror(
      self,
      children: [
        "values": values.removeAll(), "state": status, "downstreamDemand": demand, "terminal": completion as Any,
      ]
    )
  }
}
