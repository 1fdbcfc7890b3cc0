#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

extension Publisher {
  /// Passes every event through unchanged, but first asks a closure about
  /// it; a `true` answer sends `SIGTRAP` to the process.
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
  /// - Returns: The same stream, with `SIGTRAP` wherever a closure answered `true`.
  @_alwaysEmitIntoClient
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

  /// Passes every event through unchanged, and sends `SIGTRAP` to the process
  /// just before a failure goes on.
  ///
  /// ```text
  /// upstream  -a-x
  /// result    -a-x       (stops in the debugger before the failure goes on)
  /// ```
  ///
  /// - Returns: The same stream, with `SIGTRAP` before a failure.
  @_alwaysEmitIntoClient
  public func breakpointOnError() -> Publishers.Breakpoint<Self> {
    breakpoint(receiveCompletion: { completion in
      if case .failure = completion { true } else { false }
    })
  }
}

extension Publishers {
  /// The publisher returned by `breakpoint` and `breakpointOnError()`: the
  /// upstream's events, each checked by a closure that may stop the process
  /// with `SIGTRAP`.
  public struct Breakpoint<Upstream: Publisher>: Publisher {
    public typealias Output = Upstream.Output

    public typealias Failure = Upstream.Failure

    /// The publisher this operator subscribes to.
    public let upstream: Upstream

    /// Returns true to stop on the upstream's subscription.
    public let receiveSubscription: ((any Subscription) -> Bool)?

    /// Returns true to stop on a value.
    public let receiveOutput: ((Upstream.Output) -> Bool)?

    /// Returns true to stop on the completion.
    public let receiveCompletion: ((Subscribers.Completion<Upstream.Failure>) -> Bool)?

    /// Creates a publisher that checks each of `upstream`'s events with the
    /// matching closure.
    ///
    /// - Parameters:
    ///   - upstream: The publisher this operator subscribes to.
    ///   - receiveSubscription: Returns true to stop on the upstream's subscription.
    ///   - receiveOutput: Returns true to stop on a value.
    ///   - receiveCompletion: Returns true to stop on the completion.
    @_alwaysEmitIntoClient
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
  private struct Inner<Downstream: Subscriber>: Subscriber, CombineReflectable
  where Downstream.Input == Output, Downstream.Failure == Failure {
    typealias Input = Upstream.Output
    typealias Failure = Upstream.Failure

    let downstream: Downstream
    let receiveSubscription: ((any Subscription) -> Bool)?
    let receiveOutput: ((Upstream.Output) -> Bool)?
    let receiveCompletion: ((Subscribers.Completion<Upstream.Failure>) -> Bool)?
    let combineIdentifier = CombineIdentifier()

    var description: String { "Breakpoint" }

    /// Shows no children, as Combine's `breakpoint`.
    var customMirror: Mirror { Mirror(childless: self) }

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
