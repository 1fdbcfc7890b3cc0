extension Publisher {
  /// Shares the upstream among several subscribers through a subject that
  /// `createSubject` makes, once, when it is first needed.
  ///
  /// The result is connectable: subscribers attach to the subject, and the
  /// upstream is subscribed only on ``ConnectablePublisher/connect()``.
  ///
  /// ```text
  /// upstream  ---a-b-|          connect() at the first tick
  /// first     S--a-b-|
  /// second      S-a-b-|
  /// ```
  ///
  /// - Parameter createSubject: A closure that creates the subject.
  /// - Returns: A connectable publisher that shares the upstream through the subject.
  @_alwaysEmitIntoClient
  public func multicast<S: Subject>(
    _ createSubject: @escaping () -> S
  ) -> Publishers.Multicast<Self, S> where Failure == S.Failure, Output == S.Output {
    Publishers.Multicast(upstream: self, createSubject: createSubject)
  }

  /// Shares the upstream among several subscribers through `subject`.
  ///
  /// The result is connectable: subscribers attach to the subject, and the
  /// upstream is subscribed only on ``ConnectablePublisher/connect()``.
  ///
  /// - Parameter subject: The subject that delivers the upstream's events.
  /// - Returns: A connectable publisher that shares the upstream through the subject.
  @_alwaysEmitIntoClient
  public func multicast<S: Subject>(
    subject: S
  ) -> Publishers.Multicast<Self, S> where Failure == S.Failure, Output == S.Output {
    multicast { subject }
  }
}

extension Publishers {
  /// A connectable publisher that shares its upstream among several
  /// subscribers through a subject.
  ///
  /// The subject is created when first needed (a subscription or a
  /// connection). If the first two of those race on two threads,
  /// `createSubject` may run twice; only one subject is kept.
  public final class Multicast<Upstream: Publisher, SubjectType: Subject>: ConnectablePublisher
  where Upstream.Failure == SubjectType.Failure, Upstream.Output == SubjectType.Output {
    public typealias Output = Upstream.Output

    public typealias Failure = Upstream.Failure

    /// The publisher this operator subscribes to.
    public final let upstream: Upstream

    /// A closure that creates the subject.
    public final let createSubject: () -> SubjectType

    private struct Box {
      var subject: SubjectType?
    }

    private let box = Lock(Box())

    /// Creates a connectable publisher that shares `upstream` through the
    /// subject that `createSubject` makes.
    ///
    /// - Parameters:
    ///   - upstream: The publisher this operator subscribes to.
    ///   - createSubject: A closure that creates the subject.
    public init(upstream: Upstream, createSubject: @escaping () -> SubjectType) {
      self.upstream = upstream
      self.createSubject = createSubject
    }

    /// The subject, created outside the lock on first use.
    private var subject: SubjectType {
      if let existing = box.withLock({ $0.subject }) {
        return existing
      }
      let created = createSubject()
      return box.withLock { box -> SubjectType in
        if let existing = box.subject {
          return existing  // another thread won the race; `created` is released after the lock
        }
        box.subject = created
        return created
      }
    }

    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
      subject.subscribe(Inner(subscriber))
    }

    /// Subscribes the subject to the upstream.
    ///
    /// - Returns: A cancellable that cancels the upstream subscription.
    public func connect() -> any Cancellable {
      upstream.subscribe(subject)
    }
  }
}

extension Publishers.Multicast {
  /// Stands between the subject and one subscriber: a ``SubscriptionLink``
  /// to the subject's subscription.
  private final class Inner<Downstream: Subscriber>: SubscriptionLink<Downstream, Void>, Subscriber, Subscription,
    CombineReflectable
  where Downstream.Input == Output, Downstream.Failure == Failure {
    typealias Input = Upstream.Output
    typealias Failure = Upstream.Failure

    var description: String { "Multicast" }

    /// Shows no children, as Combine's `multicast`.
    var customMirror: Mirror { Mirror(childless: self) }

    init(_ downstream: Downstream) {
      super.init(downstream, payload: ())
    }

    func receive(subscription: any Subscription) {
      accept(subscription, handing: self)
    }

    /// As in Combine, the demand downstream returns is requested from the
    /// subject's subscription, not returned to the subject.
    func receive(_ input: Input) -> Subscribers.Demand {
      guard let (subscription, downstream, _) = linked else { return .none }
      let additional = downstream.receive(input)
      if additional > 0 { subscription.request(additional) }
      return .none
    }

    func receive(completion: Subscribers.Completion<Failure>) {
      // Before its subscription, a completion is ignored, as in Combine.
      endSubscribed().downstream?.receive(completion: completion)
    }

    /// Passes any demand on, `.none` included, as Combine does: the
    /// subject's subscription decides (`PassthroughSubject`'s traps).
    func request(_ demand: Subscribers.Demand) {
      subscription?.request(demand)
    }

    func cancel() {
      // A cancel before the subject's subscription holds: that subscription
      // is cancelled when it comes.
      end().upstream?.cancel()
    }
  }
}
