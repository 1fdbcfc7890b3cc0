/// An object that announces its changes before they happen.
///
/// A class with `@Published` properties gets ``objectWillChange`` for free:
/// each change of one of those properties first sends on it.
///
/// ```swift
/// final class Basket: ObservableObject {
///   @Published var items: [String] = []
/// }
/// let basket = Basket()
/// let cancellable = basket.objectWillChange.sink { print("will change:", basket.items) }
/// basket.items.append("pear")  // prints "will change: []"
/// ```
public protocol ObservableObject: AnyObject {
  /// The type of the publisher that announces changes.
  associatedtype ObjectWillChangePublisher: Publisher = ObservableObjectPublisher
  where ObjectWillChangePublisher.Failure == Never

  /// Announces, with a signal and no data, that the object is about to change.
  var objectWillChange: ObjectWillChangePublisher { get }
}

extension ObservableObject where ObjectWillChangePublisher == ObservableObjectPublisher {
  /// A publisher that emits before any `@Published` property of the object changes.
  ///
  /// The object's `@Published` properties, its superclasses' included, are
  /// found by reflection (`Mirror`) and share one publisher, installed in
  /// them on first use. An object without `@Published` properties gets a new
  /// publisher, which nothing sends on, at each access.
  public var objectWillChange: ObservableObjectPublisher {
    var installed: ObservableObjectPublisher?
    var mirror: Mirror? = Mirror(reflecting: self)
    while let current = mirror {
      for child in current.children {
        guard let property = child.value as? any PublishedProperty else { continue }
        // The first property decides, even when threads race here: the others follow it.
        installed = property.installObjectWillChange(installed ?? ObservableObjectPublisher())
      }
      mirror = current.superclassMirror
    }
    return installed ?? ObservableObjectPublisher()
  }
}

/// What `ObservableObject` needs of a `@Published` property.
protocol PublishedProperty {
  /// Returns the publisher this property sends on before it changes,
  /// installing `candidate` if it has none yet.
  func installObjectWillChange(_ candidate: @autoclosure () -> ObservableObjectPublisher) -> ObservableObjectPublisher
}

/// The publisher of an ``ObservableObject``'s changes: `send()` announces one.
///
/// A subscriber receives nothing before its first request; from then on it
/// receives every `send()`, whatever demand it asked for, as in Combine.
/// Sends from several threads, or from inside a subscriber, are delivered
/// one after the other, never at once.
///
/// ```swift
/// let changes = ObservableObjectPublisher()
/// let cancellable = changes.sink { print("changing") }
/// changes.send()  // prints "changing"
/// ```
public final class ObservableObjectPublisher: Publisher, @unchecked Sendable {
  // @unchecked Sendable: all mutable state is under `state`'s lock.

  /// A signal carries no value.
  public typealias Output = Void

  /// The publisher never fails.
  public typealias Failure = Never

  fileprivate enum Work: @unchecked Sendable {
    case signal
    case subscribe(ObservableObjectConduitBase)
  }

  private struct State: @unchecked Sendable {
    var conduits: [ObservableObjectConduitBase] = []
    /// The drain loop's owner flag, and the work it has still to do.
    var isDelivering = false
    var queue: [Work] = []
  }

  private let state = Lock(State())

  /// Creates a publisher of changes.
  public init() {}

  public func receive<S: Subscriber>(subscriber: S) where S.Input == Void, S.Failure == Never {
    let conduit = ObservableObjectConduit(downstream: subscriber, parent: self)
    state.withLock { $0.conduits.append(conduit) }
    run(.subscribe(conduit))
  }

  /// Announces a change to every subscriber that has requested values.
  public func send() {
    run(.signal)
  }

  /// Runs `work` now, and whatever is queued meanwhile, or queues it for
  /// the thread that is already delivering.
  private func run(_ work: Work) {
    let isDeliverer = state.withLock { state -> Bool in
      if state.isDelivering {
        state.queue.append(work)
        return false
      }
      state.isDelivering = true
      return true
    }
    guard isDeliverer else { return }
    var next: Work? = work
    while let current = next {
      switch current {
      case .signal:
        for conduit in state.withLock({ $0.conduits }) {
          conduit.signal()
        }
      case let .subscribe(conduit):
        conduit.start()
      }
      next = state.withLock { state -> Work? in
        if state.queue.isEmpty {
          state.isDelivering = false
          return nil
        }
        return state.queue.removeFirst()
      }
    }
  }

  fileprivate func remove(_ conduit: ObservableObjectConduitBase) {
    let removed = state.withLock { state -> ObservableObjectConduitBase? in
      guard let index = state.conduits.firstIndex(where: { $0 === conduit }) else { return nil }
      return state.conduits.remove(at: index)
    }
    _ = removed  // released here, after the lock
  }
}

/// What the drain loop needs of a subscription; it does not know the subscriber type.
private class ObservableObjectConduitBase: @unchecked Sendable {
  // @unchecked Sendable: the subclass keeps its state under a lock.
  func start() { preconditionFailure("Bug in ObservableObjectPublisher.Inner: abstract start") }
  func signal() { preconditionFailure("Bug in ObservableObjectPublisher.Inner: abstract signal") }
}

/// One subscriber of an `ObservableObjectPublisher`.
///
/// States: `waiting(downstream)` until the first request, then
/// `active(downstream)` until cancelled, then `over`, which holds nothing.
private final class ObservableObjectConduit<Downstream: Subscriber>: ObservableObjectConduitBase, Subscription,
  CustomStringConvertible, @unchecked Sendable
where Downstream.Input == Void, Downstream.Failure == Never {
  private enum State: @unchecked Sendable {
    case waiting(Downstream)
    case active(Downstream)
    case over
  }

  private let state: Lock<State>
  private weak var parent: ObservableObjectPublisher?

  var description: String { "ObservableObjectPublisher" }

  init(downstream: Downstream, parent: ObservableObjectPublisher) {
    state = Lock(.waiting(downstream))
    self.parent = parent
  }

  override func start() {
    let downstream = state.withLock { state -> Downstream? in
      switch state {
      case let .waiting(downstream), let .active(downstream): downstream
      case .over: nil
      }
    }
    downstream?.receive(subscription: self)
  }

  override func signal() {
    let downstream = state.withLock { state -> Downstream? in
      guard case let .active(downstream) = state else { return nil }
      return downstream
    }
    _ = downstream?.receive(())  // the returned demand does not matter: every signal goes out
  }

  func request(_ demand: Subscribers.Demand) {
    // Any request, `.none` included, starts the subscription, as in Combine.
    state.withLock { state in
      if case let .waiting(downstream) = state { state = .active(downstream) }
    }
  }

  func cancel() {
    let previous = state.withLock { state -> State in
      defer { state = .over }
      return state
    }
    guard case .over = previous else {
      parent?.remove(self)
      return  // the downstream is released here, after the lock
    }
  }
}
