public import ReactiveCore
import SharedMachinery

extension AnyPublisher {
  /// A publisher whose subscription runs `factory`, which sends values and a
  /// completion through the subscriber it is given: CombineExt's spelling of
  /// ``Publishers/Create``.
  ///
  /// ```swift
  /// AnyPublisher<String, MyError>.create { subscriber in
  ///   subscriber.send("Hello")
  ///   subscriber.send(completion: .finished)
  ///   return AnyCancellable {}  // cleanup
  /// }
  /// ```
  ///
  /// - Parameter factory: Runs at each subscription; returns what stops its work.
  /// - Returns: The publisher, erased.
  public static func create(
    _ factory: @escaping Publishers.Create<Output, Failure>.SubscriberHandler
  ) -> AnyPublisher<Output, Failure> {
    AnyPublisher(Publishers.Create(factory: factory))
  }

  /// Creates a publisher whose subscription runs `factory`: as
  /// ``create(_:)``, CombineExt's initializer spelling.
  ///
  /// - Parameter factory: Runs at each subscription; returns what stops its work.
  public init(_ factory: @escaping Publishers.Create<Output, Failure>.SubscriberHandler) {
    self.init(Publishers.Create(factory: factory))
  }
}

extension Publishers {
  /// A publisher that runs a closure at each subscription: the closure sends
  /// values and a completion through the subscriber proxy it receives, and
  /// returns a `Cancellable` that stops its work. It wraps callback-based
  /// work (a delegate, a completion handler, a socket) as a publisher.
  ///
  /// The subscriber receives its subscription first; then the factory runs,
  /// on the subscribing thread, unless the subscriber cancelled meanwhile.
  ///
  /// - **Demand.** A value sent while the subscriber has demand is delivered
  ///   at once. A value sent without demand waits in a queue, in order, and
  ///   goes out as demand comes: nothing is lost, nothing is delivered
  ///   without demand. The queue has no bound: a factory that can outrun its
  ///   subscriber should follow the demand itself, or the subscriber should
  ///   ask for `.unlimited` (as `sink` does) or buffer.
  /// - **Completion.** It goes out after the queued values, without needing
  ///   demand of its own. Values and completions sent after the first
  ///   completion are ignored, as is everything sent after a cancel.
  /// - **Cleanup.** The returned cancellable's `cancel()` runs exactly once,
  ///   when the subscription ends: after the completion reached the
  ///   subscriber, or on cancel (at once, or when the factory returns if it
  ///   ended before). The subscription then releases it, with the subscriber
  ///   and the queued values.
  /// - **Threads.** The proxy is `Sendable`: any thread may send, at any
  ///   time. One thread at a time delivers, so the subscriber never receives
  ///   two calls at once; values sent by one thread keep their order. A send
  ///   from inside the subscriber's `receive(_:)` is queued and delivered
  ///   when it returns, not nested.
  ///
  /// ```text
  /// factory   -a-b--c-|            sent through the proxy
  /// demand    1----2               requests of the subscriber
  /// result    -a---bc-|            b waits for demand; | needs none
  /// ```
  public struct Create<Output, Failure: Error>: Publisher {
    /// The closure that runs at each subscription.
    public typealias SubscriberHandler = (Subscriber) -> any Cancellable

    /// Runs at each subscription; returns what stops its work.
    public let factory: SubscriberHandler

    /// Creates a publisher that runs `factory` at each subscription.
    ///
    /// - Parameter factory: Runs at each subscription, with the subscriber
    ///   proxy to send through; returns what stops its work.
    public init(factory: @escaping SubscriberHandler) {
      self.factory = factory
    }

    public func receive<S: ReactiveCore.Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
      let inner = CreateInner(downstream: subscriber)
      subscriber.receive(subscription: inner)
      inner.run(factory)
    }
  }
}

extension Publishers.Create {
  /// What the factory sends through: a thread-safe proxy of the subscriber.
  public struct Subscriber: Sendable {
    private let subscription: any CreateSending<Output, Failure>

    fileprivate init(_ subscription: any CreateSending<Output, Failure>) {
      self.subscription = subscription
    }

    /// Sends `input`: delivered at once if the subscriber has demand,
    /// otherwise when it requests. Ignored after a completion or a cancel.
    ///
    /// - Parameter input: The value to publish.
    public func send(_ input: Output) {
      subscription.send(input)
    }

    /// Sends `completion`, delivered after the values that wait for demand.
    /// Only the first completion counts.
    ///
    /// - Parameter completion: How the publisher ends.
    public func send(completion: Subscribers.Completion<Failure>) {
      subscription.send(completion: completion)
    }
  }
}

/// What a ``Publishers/Create/Subscriber`` sends to: the subscription,
/// whatever the type of its downstream.
private protocol CreateSending<Output, Failure>: AnyObject, Sendable {
  associatedtype Output
  associatedtype Failure: Error

  func send(_ input: Output)
  func send(completion: Subscribers.Completion<Failure>)
}

/// The subscription of ``Publishers/Create``.
private final class CreateInner<Downstream: Subscriber>: Subscription, CreateSending, CustomStringConvertible,
  @unchecked Sendable
{
  // @unchecked Sendable: all mutable state is under `state`'s lock.
  typealias Output = Downstream.Input
  typealias Failure = Downstream.Failure
  private typealias Machine = CreateStateMachine<Downstream>

  private let state: Lock<Machine>

  init(downstream: Downstream) {
    state = Lock(Machine(downstream: downstream))
  }

  var description: String { "Create" }

  /// Runs the factory, unless the downstream cancelled from `receive(subscription:)`.
  func run(_ factory: Publishers.Create<Output, Failure>.SubscriberHandler) {
    guard case .runFactory = state.withLock({ $0.start() }) else { return }
    let cancellable = factory(Publishers.Create<Output, Failure>.Subscriber(self))
    perform(state.withLock { $0.factoryReturned(cancellable) })
  }

  func send(_ input: Output) {
    perform(state.withLock { $0.send(input) })
  }

  func send(completion: Subscribers.Completion<Failure>) {
    perform(state.withLock { $0.send(completion: completion) })
  }

  func request(_ demand: Subscribers.Demand) {
    APIViolation.checkDemand(demand > 0)
    perform(state.withLock { $0.request(demand) })
  }

  func cancel() {
    perform(state.withLock { $0.cancel() })
  }

  /// Acts after the lock. A delivery loops: each value the downstream
  /// returns from is reported, which may hand this thread the next one.
  private func perform(_ action: Machine.Action) {
    var action = action
    while true {
      switch consume action {
      case .none, .runFactory:
        return
      case let .deliver(downstream, value):
        let demand = downstream.receive(value)
        action = state.withLock { $0.delivered(demand) }
      case let .complete(downstream, completion, cancellable):
        downstream.receive(completion: completion)
        cancellable?.cancel()
        return
      case let .cancel(_, cancellable, _):
        cancellable?.cancel()
        return  // the downstream and the queued values are released here, after the lock
      case let .cleanUp(cancellable):
        cancellable.cancel()
        return
      }
    }
  }
}
