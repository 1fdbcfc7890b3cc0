public import ReactiveCore
public import SharedMachinery

extension MaybePublisher {
  /// Attaches a subscriber that receives the publisher's one outcome.
  ///
  /// The closure runs exactly once, when the publisher completes: with
  /// `.success(value)` if a value came before `.finished`, with `.finished`
  /// if none did, or with `.failure(error)`. It never runs after the
  /// returned cancellable is cancelled, and it is released after completion
  /// or cancellation, so it may capture the owner of the cancellable.
  ///
  /// ```swift
  /// let cancellable = cachedAvatar(for: user).sinkMaybe { outcome in
  ///   switch outcome {
  ///   case let .success(image): show(image)
  ///   case .finished: showPlaceholder()
  ///   case let .failure(error): report(error)
  ///   }
  /// }
  /// ```
  ///
  /// - Parameter receive: The closure to run with the outcome.
  /// - Returns: A cancellable that ends the subscription when cancelled or deinitialized.
  @inlinable
  public func sinkMaybe(receive: @escaping @Sendable (MaybeResult<Output, Failure>) -> Void) -> AnyCancellable {
    let sink = MaybeSink<Output, Failure>(.maybe(.init(receive)))
    subscribe(sink)
    return AnyCancellable(sink)
  }

  /// `sinkMaybe(receive:)` for this package's own operators, whose closure
  /// is not `@Sendable` only because it captures a generic class (Swift 6
  /// does not know its metatype to be Sendable): such a closure must be safe
  /// to call from any thread.
  package func sinkMaybeUnchecked(receive: @escaping (MaybeResult<Output, Failure>) -> Void) -> AnyCancellable {
    let sink = MaybeSink<Output, Failure>(.maybe(.init(receive)))
    subscribe(sink)
    return AnyCancellable(sink)
  }
}

/// The subscriber behind `sinkMaybe(receive:)` and `sinkSingle(receive:)`:
/// it keeps the value until the completion says which outcome it was.
///
/// States:
/// - `awaitingSubscription(receiver)`: created;
/// - `subscribed(subscription, receiver, value)`: subscribed, with the value received so far;
/// - `terminal`: completed or cancelled; holds nothing.
///
/// Inlinable, so that the chain it subscribes to is specialised where
/// `sinkMaybe`/`sinkSingle` are called; `cancel()`, reached through
/// `any Cancellable`, jumps into specialised code through a closure formed in
/// `init`.
@usableFromInline
package final class MaybeSink<Input, Failure: Error>: Subscriber, Cancellable, CustomStringConvertible {

  /// The closure that receives the outcome, in a struct: taken out whole and
  /// called in place, it needs no reabstraction thunk.
  @usableFromInline
  package struct Callback<Outcome> {
    @usableFromInline let call: (Outcome) -> Void

    @inlinable
    package init(_ call: @escaping (Outcome) -> Void) { self.call = call }
  }

  /// Who receives the outcome: a maybe closure, or a single closure (which
  /// has no case for a completion without a value).
  @usableFromInline
  package enum Receiver {
    case maybe(Callback<MaybeResult<Input, Failure>>)
    case single(Callback<Result<Input, Failure>>)
  }

  @usableFromInline
  enum State {
    case awaitingSubscription(Receiver)
    case subscribed(any Subscription, Receiver, value: Input?)
    case terminal
  }

  @usableFromInline let state: Lock<State>
  @usableFromInline let cancelEntryPoint: (MaybeSink) -> Void
  /// `receiveSpecialized(_:)` and `receiveSpecialized(completion:)`, as
  /// closures formed in the inlinable `init`: an upstream that runs generic
  /// code (a `TraitSubscriptions.Single` subclass, whose overrides are
  /// always generic) calls the sink through the generic witness, which would
  /// run the unspecialised bodies, with a metadata lookup per generic type.
  @usableFromInline let receiveEntryPoint: (MaybeSink, Input) -> Void
  @usableFromInline let receiveCompletionEntryPoint: (MaybeSink, Subscribers.Completion<Failure>) -> Void

  @usableFromInline
  package var description: String { "SinkMaybe" }

  /// Where `sinkSingle` was called, named in the trap of a single that
  /// finishes empty. Beside the state, not in it: in the receiver enum,
  /// moved in and out of the lock, it cost about 500 instructions per
  /// subscription (make bench, traitSingle 9,701 -> 10,207).
  @usableFromInline let file: StaticString
  @usableFromInline let line: UInt

  @inlinable
  package init(_ receiver: Receiver, file: StaticString = #fileID, line: UInt = #line) {
    self.file = file
    self.line = line
    state = Lock(.awaitingSubscription(receiver))
    cancelEntryPoint = { $0.cancelSpecialized() }
    receiveEntryPoint = { $0.receiveSpecialized($1) }
    receiveCompletionEntryPoint = { $0.receiveSpecialized(completion: $1) }
  }

  @inlinable
  package func receive(subscription: any Subscription) {
    let accepted = state.withLock { $0.accept(subscription) }
    if accepted {
      subscription.request(.unlimited)
    } else {
      subscription.cancel()  // a second subscription, or one after the end
    }
  }

  @inlinable
  package func receive(_ input: Input) -> Subscribers.Demand {
    receiveEntryPoint(self, input)
    return .none
  }

  @inlinable
  package func receive(completion: Subscribers.Completion<Failure>) {
    receiveCompletionEntryPoint(self, completion)
  }

  @inlinable
  func receiveSpecialized(_ input: Input) {
    state.withLock { $0.keep(input) }
  }

  @inlinable
  func receiveSpecialized(completion: Subscribers.Completion<Failure>) {
    let ending = state.withLock { state -> (Receiver, Input?)? in
      switch state.end() {
      case let .awaitingSubscription(receiver): return (receiver, nil)
      case let .subscribed(_, receiver, value): return (receiver, value)
      case .terminal: return nil
      }
    }
    guard let (receiver, value) = ending else { return }
    switch (receiver, completion) {
    case let (.maybe(callback), .finished):
      callback.call(value.map { .success($0) } ?? .finished)
    case let (.maybe(callback), .failure(error)):
      callback.call(.failure(error))
    case let (.single(callback), .finished):
      guard let value else {
        // A publisher declared single (uncheckedSingle(), or a bug) broke its
        // promise: name the user's line, not this one.
        fatalError("Single violation: missing element (sinkSingle at \(file):\(line))", file: file, line: line)
      }
      callback.call(.success(value))
    case let (.single(callback), .failure(error)):
      callback.call(.failure(error))
    }
  }

  @inlinable
  package func cancel() {
    cancelEntryPoint(self)
  }

  @inlinable
  func cancelSpecialized() {
    let previous = state.withLock { $0.end() }
    if case let .subscribed(subscription, _, _) = previous {
      subscription.cancel()
    }
    _ = previous  // the closure is released here, after the lock
  }
}

// The transitions move the state out and back (`switch consume self`)
// instead of reading it: a read copied the whole enum through its value
// witnesses, and storing the next state destroyed the old one (traitSingle
// in make bench: three copies and three destroys per life cycle).
extension MaybeSink.State {
  /// Subscribed, if it was awaiting its subscription; whether it was.
  @inlinable
  mutating func accept(_ subscription: any Subscription) -> Bool {
    switch consume self {
    case let .awaitingSubscription(receiver):
      self = .subscribed(subscription, receiver, value: nil)
      return true
    case let other:
      self = other
      return false
    }
  }

  /// Keeps `input` if subscribed without a value yet: a maybe publisher
  /// publishes at most one value, the first counts.
  @inlinable
  mutating func keep(_ input: Input) {
    switch consume self {
    case let .subscribed(subscription, receiver, nil):
      self = .subscribed(subscription, receiver, value: input)
    case let other:
      self = other
    }
  }

  /// Ends the life cycle; returns what the state held, to use and release after the lock.
  @inlinable
  mutating func end() -> Self {
    let previous = consume self
    self = .terminal
    return previous
  }
}
