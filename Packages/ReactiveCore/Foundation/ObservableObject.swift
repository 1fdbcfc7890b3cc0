import Synchronization

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
  /// them on first use. An object without `@Published` properties also gets
  /// one publisher for its whole life, kept in a table beside it, so that a
  /// hand-written `objectWillChange.send()` reaches its subscribers.
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
    return installed ?? ObjectWillChangeTable.shared.publisher(for: self)
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
/// `send()` delivers on the caller's thread, as a subject does: a `send()`
/// from inside a subscriber is delivered at once, nested; each subscriber
/// receives one call at a time, so a `send()` from another thread waits while
/// that subscriber is busy.
///
/// ```swift
/// let changes = ObservableObjectPublisher()
/// let cancellable = changes.sink { print("changing") }
/// changes.send()  // prints "changing"
/// ```
public final class ObservableObjectPublisher: Publisher, @unchecked Sendable {
  // @unchecked Sendable: all mutable state is under `state`'s lock.

  /// Nothing: only the fact that something is about to change.
  public typealias Output = Void

  /// It never fails.
  public typealias Failure = Never

  /// The live subscriptions, in subscription order.
  private let state = Lock(SubscriberRegistry<ObservableObjectConduitBase>())

  /// Creates a publisher with no subscriber.
  public init() {}

  public func receive<S: Subscriber>(subscriber: S) where S.Input == Void, S.Failure == Never {
    ObservableObjectConduit(downstream: subscriber, parent: self).start()
  }

  /// Announces a change to every subscriber that has requested values.
  public func send() {
    state.withLock { $0 }.forEach { conduit in
      conduit.signal()
    }
  }

  fileprivate func add(_ conduit: ObservableObjectConduitBase) {
    state.withLock { $0.append(conduit) }
  }

  fileprivate func remove(_ conduit: ObservableObjectConduitBase) {
    let removed = state.withLock { state -> ObservableObjectConduitBase? in
      state.remove(conduit)
    }
    _ = removed  // released here, after the lock
  }
}

/// What the publisher needs of a subscription; it does not know the subscriber type.
private class ObservableObjectConduitBase: RegistryMember {
  @exclusivity(unchecked) var registrySlot = -1

  func signal() { preconditionFailure("Bug in ObservableObjectPublisher.Inner: abstract signal") }
}

/// One subscriber of an `ObservableObjectPublisher`.
///
/// States: `waiting(downstream)` until the first request, then
/// `active(downstream)` until cancelled, then `over`, which holds nothing.
/// Every call to the subscriber happens under `delivery`, a reentrant lock
/// (as a subject's subscription does); `isOver`, set by `cancel()`, stops
/// deliveries that have not begun.
private final class ObservableObjectConduit<Downstream: Subscriber>: ObservableObjectConduitBase, Subscription,
  CustomStringConvertible
where Downstream.Input == Void, Downstream.Failure == Never {
  private enum State {
    case waiting(Downstream)
    case active(Downstream)
    case over
  }

  private let state: Lock<State>
  private let delivery = ReentrantLock()
  private let isOver = Atomic<Bool>(false)
  private weak var parent: ObservableObjectPublisher?

  var description: String { "ObservableObjectPublisher" }

  init(downstream: Downstream, parent: ObservableObjectPublisher) {
    state = Lock(.waiting(downstream))
    self.parent = parent
  }

  /// Registers with the publisher and sends the subscription, holding the
  /// delivery lock: no signal reaches the subscriber before its subscription.
  func start() {
    delivery.withLock {
      guard case let .waiting(downstream) = state.withLock({ $0 }) else { return }
      parent?.add(self)
      downstream.receive(subscription: self)
    }
  }

  override func signal() {
    let downstream = state.withLock { state -> Downstream? in
      guard case let .active(downstream) = state else { return nil }
      return downstream
    }
    guard let downstream else { return }
    delivery.withLock {
      guard !isOver.load(ordering: .relaxed) else { return }
      _ = downstream.receive(())  // the returned demand does not matter: every signal goes out
    }
  }

  func request(_ demand: Subscribers.Demand) {
    // Any request, `.none` included, starts the subscription, as in Combine.
    state.withLock { state in
      if case let .waiting(downstream) = state { state = .active(downstream) }
    }
  }

  func cancel() {
    isOver.store(true, ordering: .relaxed)
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

extension ObservableObjectConduit: CombineReflectable {
  /// Shows the downstream, as Combine's; nil once over.
  var customMirror: Mirror {
    let downstream = state.withLock { state -> Downstream? in
      switch state {
      case let .waiting(downstream), let .active(downstream): downstream
      case .over: nil
      }
    }
    return Mirror(self, children: ["downstream": downstream as Any])
  }
}
