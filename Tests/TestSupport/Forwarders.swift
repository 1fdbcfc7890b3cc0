public import CompletableTraits
public import MaybeTraits
public import SingleTraits

/// A publisher that hands its subscribers to a test-controlled upstream: the
/// forwarders below declare a trait on top of it, trusting the upstream to
/// keep it, so that a test can break the trait on purpose.
public protocol ForwardingPublisher: Publisher {
  associatedtype Upstream: Publisher where Upstream.Output == Output, Upstream.Failure == Failure
  var upstream: Upstream { get }
}

extension ForwardingPublisher {
  public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
    upstream.receive(subscriber: subscriber)
  }
}

/// Forwards a test-controlled upstream as a single publisher, trusting it.
public struct ForwardSingle<Upstream: Publisher>: SinglePublisher, ForwardingPublisher {
  public typealias Output = Upstream.Output
  public typealias Failure = Upstream.Failure
  public let upstream: Upstream
  public init(upstream: Upstream) { self.upstream = upstream }
}

/// Forwards a test-controlled upstream as a maybe publisher, trusting it.
public struct ForwardMaybe<Upstream: Publisher>: MaybePublisher, ForwardingPublisher {
  public typealias Output = Upstream.Output
  public typealias Failure = Upstream.Failure
  public let upstream: Upstream
  public init(upstream: Upstream) { self.upstream = upstream }
}

/// Forwards a test-controlled upstream as a completable publisher, trusting it.
public struct ForwardCompletable<Upstream: Publisher>: CompletablePublisher, ForwardingPublisher
where Upstream.Output == Never {
  public typealias Failure = Upstream.Failure
  public let upstream: Upstream
  public init(upstream: Upstream) { self.upstream = upstream }
}
