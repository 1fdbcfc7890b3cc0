#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

extension Publisher {
  /// Raises a debugger signal (`SIGTRAP`) when a closure returns true for
  /// an event, and republishes every event unchanged.
  ///
  /// Each closure runs before its event goes on. Without a debugger
  /// attached, the signal stops the process.
  ///
  /// ```text
  /// upstream  -a-b-|
  /// result    -a-b-|     (stops in the debugger where a closure says so)
  /// ```
  ///
  /// - Parameters:
  ///   - receiveSubscription: Returns true to stop on the upstream's subscription.
  ///   - receiveOutput: Returns true to stop on a value.
  ///   - receiveCompletion: Returns true to stop on the completion.
  /// - Returns: A publisher that raises a debugger signal where a closure returns true.
  @inlinable
  public func breakpoint(
    receiveSubscription: ((any Subscription) -> Bool)? = nil,
    receiveOutput: ((Output) -> Bool)? = nil,
    receiveCompletion: ((Subscribers.Completion<Failure>) -> Bool)? = nil
  ) -> Publishers.Breakpoint<Self> {
    Publishers.Breakpoint(
      upstream: self,
      receiveSubscription: receiveSubscription,
      receiveOutput: receiveOutput,
      receiveCompletion: receiveCompletion
    )
  }

  /// Raises a debugger signal (`SIGTRAP`) when the upstream fails, and
  /// republishes every event unchanged.
  ///
  /// ```text
  /// upstream  -a-x
  /// result    -a-x       (stops in the debugger before the failure goes on)
  /// ```
  ///
  /// - Returns: A publisher that raises a debugger signal on a failure.
  @inlinable
  public func breakpointOnError() -> Publishers.Breakpoint<Self> {
    breakpoint(receiveCompletion: { completion in
      if case .failure = completion { true } else { false }
    })
  }
}

extension Publishers {
  /// A publisher that raises a debugger signal when a closure returns true
  /// for an event, and republishes every event unchanged.
  public struct Breakpoint<Upstream: Publisher>: Publisher {
    public typealias Output = Upstream.Output

    public typealias Failure = Upstream.Failure

    /// The publisher that this publisher receives elements from.
    public let upstream: Upstream

    /// Returns true to stop on the upstream's subscription.
    public let receiveSubscription: ((any Subscription) -> Bool)?

    /// Returns true to stop on a value.
    public let receiveOutput: ((Upstream.Output) -> Bool)?

    /// Returns true to stop on the completion.
    public let receiveCompletion: ((Subscribers.Completion<Upstream.Failure>) -> Bool)?

    /// Creates a publisher that raises a debugger signal when a closure
    /// returns true for an event.
    ///
    /// - Parameters:
    ///   - upstream: The publisher that this publisher receives elements from.
    ///   - receiveSubscription: Returns true to stop on the upstream's subscription.
    ///   - receiveOutput: Returns true to stop on a value.
    ///   - receiveCompletion: Returns true to stop on the completion.
    @inlinable
    public init(
      upstream: Upstream,
      receiveSubscription: ((any Subscription) -> Bool)? = nil,
      receiveOutput: ((Upstream.Output) -> Bool)? = nil,
      receiveCompletion: ((Subscribers.Completion<Upstream.Failure>) -> Bool)? = nil
    ) {
      self.upstream = upstream
      self.receiveSubscription = receiveSubscription
      self.receiveOutput = receiveOutput
      self.receiveCompletion = receiveCompletion
    }

    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
      upstream.subscribe(Inner(downstream: subscriber, breakpoint: self))
    }
  }
}

extension Publishers.Breakpoint {
  /// Stateless: forwards the upstream subscription itself.
  private struct Inner<Downstream: Subscriber>: Subscriber, CustomStringConvertible
  where Downstream.Input == Output, Downstream.Failure == Failure {
    typealias Input = Upstream.Output
    typealias Failure = Upstream.Failure

    let downstream: Downstream
    let receiveSubscription: ((any Subscription) -> Bool)?
    let receiveOutput: ((Upstream.Output) -> Bool)?
    let receiveCompletion: ((Subscribers.Completion<Upstream.Failure>) -> Bool)?
    let combineIdentifier = CombineIdentifier()

    var description: String { "Breakpoint" }

    init(downstream: Downstream, breakpoint: Publishers.Breakpoint<Upstream>) {
      self.downstream = downstream
      receiveSubscription = breakpoint.receiveSubscription
      receiveOutput = breakpoint.receiveOutput
      receiveCompletion = breakpoint.receiveCompletion
    }

    func receive(subscription: any Subscription) {
      if receiveSubscription?(subscription) == true {
        raise(SIGTRAP)
      }
      downstream.receive(subscription: subscription)
    }

    func receive(_ input: Input) -> Subscribers.Demand {
      if receiveOutput?(input) == true {
        raise(SIGTRAP)
      }
      return downstream.receive(input)
    }

    func receive(completion: Subscribers.Completion<Failure>) {
      if receiveCompletion?(completion) == true {
        raise(SIGTRAP)
      }
      downstream.receive(completion: completion)
    }
  }
}
