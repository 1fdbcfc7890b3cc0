// Foundation publisher: notification centers are Foundation's, as in Combine.
public import Foundation
import Synchronization

extension NotificationCenter {
  /// A publisher of the notifications that a notification center posts
  /// with a given name (and, optionally, from a given object).
  ///
  /// Each subscription adds an observer to the center when it is created,
  /// and removes it when it is cancelled. Values need demand: a
  /// notification posted while the subscriber has no demand left is
  /// dropped, not kept for later. The publisher never completes.
  ///
  /// ```swift
  /// let cancellable = NotificationCenter.default
  ///   .publisher(for: .languageDidChange)
  ///   .sink { notification in reloadTexts() }
  /// ```
  public struct Publisher: ReactiveCore.Publisher {
    /// Notifications.
    public typealias Output = Notification

    /// The publisher never fails.
    public typealias Failure = Never

    /// The notification center that the publisher observes.
    public let center: NotificationCenter

    /// The name of the observed notifications.
    public let name: Notification.Name

    /// The object whose notifications are observed; nil observes every sender.
    public let object: AnyObject?

    /// Creates a publisher of the notifications of `center` named `name`.
    ///
    /// - Parameters:
    ///   - center: The notification center to observe.
    ///   - name: The name of the notifications to publish.
    ///   - object: The sender to observe; nil (the default) for any sender.
    public init(center: NotificationCenter, name: Notification.Name, object: AnyObject? = nil) {
      self.center = center
      self.name = name
      self.object = object
    }

    public func receive<S: Subscriber>(subscriber: S) where S.Input == Notification, S.Failure == Never {
      let subscription = NotificationSubscription(downstream: subscriber, center: center)
      subscription.observe(name: name, object: object)
      subscriber.receive(subscription: subscription)
    }
  }

  /// Returns a publisher of the notifications that this center posts with
  /// the given name.
  ///
  /// ```swift
  /// let recorder = center.publisher(for: .didSave, object: document).record()
  /// ```
  ///
  /// - Parameters:
  ///   - name: The name of the notifications to publish.
  ///   - object: The sender to observe; nil (the default) for any sender.
  /// - Returns: A publisher of the matching notifications.
  public func publisher(for name: Notification.Name, object: AnyObject? = nil) -> NotificationCenter.Publisher {
    NotificationCenter.Publisher(center: self, name: name, object: object)
  }
}

extension NotificationCenter.Publisher: Equatable {
  /// Two publishers are equal when they observe the same center, name and (identical) object.
  public static func == (lhs: NotificationCenter.Publisher, rhs: NotificationCenter.Publisher) -> Bool {
    lhs.center === rhs.center && lhs.name == rhs.name && lhs.object === rhs.object
  }
}

/// One subscriber's observation of a notification center.
///
/// Notifications may be posted on any thread; each is delivered on the
/// posting thread, as in Combine. Every call to the downstream happens under
/// `delivery`, a reentrant lock: a notification posted from inside
/// `receive` is delivered at once, nested; one posted on another thread
/// while the downstream is busy waits for that call to return. The demand is
/// taken before waiting: a notification without demand is dropped at once.
/// `isOver`, set by `cancel()`, stops deliveries that have not begun.
private final class NotificationSubscription<Downstream: Subscriber>: Subscription, CustomStringConvertible
where Downstream.Input == Notification, Downstream.Failure == Never {
  private struct Live {
    var downstream: Downstream
    var center: NotificationCenter
    /// The center's token, once the observer is added.
    var observer: (any NSObjectProtocol)?
    var demand = Subscribers.Demand.none
  }

  private enum State {
    case live(Live)
    /// Cancelled: holds nothing, and the observer is removed (or being removed).
    case cancelled
  }

  private let state: Lock<State>
  private let delivery = ReentrantLock()
  private let isOver = Atomic<Bool>(false)

  var description: String { "NotificationCenter Observer" }

  init(downstream: Downstream, center: NotificationCenter) {
    state = Lock(.live(Live(downstream: downstream, center: center)))
  }

  func observe(name: Notification.Name, object: AnyObject?) {
    let center = state.withLock { state -> NotificationCenter? in
      guard case let .live(live) = state else { return nil }
      return live.center
    }
    guard let center else { return }
    // The center calls the handler on the posting thread; the box keeps the
    // subscription's generic type out of the @Sendable closure.
    let handler = SchedulerAction<(Notification) -> Void> { [weak self] notification in self?.post(notification) }
    let observer = center.addObserver(forName: name, object: object, queue: nil) { handler.value($0) }
    let isCancelled = state.withLock { state -> Bool in
      switch state {
      case var .live(live):
        live.observer = observer
        state = .live(live)
        return false
      case .cancelled:
        return true  // cancelled while the observer was being added
      }
    }
    if isCancelled { center.removeObserver(observer) }
  }

  private func post(_ notification: Notification) {
    let downstream = state.withLock { state -> Downstream? in
      guard case var .live(live) = state, live.demand > 0 else { return nil }  // no demand: dropped
      live.demand -= 1
      state = .live(live)
      return live.downstream
    }
    guard let downstream else { return }
    let additional = delivery.withLock { () -> Subscribers.Demand in
      guard !isOver.load(ordering: .relaxed) else { return .none }
      return downstream.receive(notification)
    }
    guard additional > 0 else { return }
    state.withLock { state in
      guard case var .live(live) = state else { return }
      live.demand += additional
      state = .live(live)
    }
  }

  func request(_ demand: Subscribers.Demand) {
    // `.none` adds nothing: Combine accepts it.
    state.withLock { state in
      guard case var .live(live) = state else { return }
      live.demand += demand
      state = .live(live)
    }
  }

  func cancel() {
    isOver.store(true, ordering: .relaxed)
    let previous = state.withLock { state -> State in
      defer { state = .cancelled }
      return state
    }
    guard case let .live(live) = previous, let observer = live.observer else { return }
    live.center.removeObserver(observer)
    // The downstream is released here, after the lock.
  }
}

extension NotificationSubscription: CombineReflectable {
  /// Shows the center and the demand not yet served (Combine also shows the
  /// name and the object, which this subscription does not keep); nil and
  /// `.none` once cancelled.
  var customMirror: Mirror {
    let (center, demand) = state.withLock { state -> (NotificationCenter?, Subscribers.Demand) in
      switch state {
      case let .live(live): (live.center, live.demand)
      case .cancelled: (nil, .none)
      }
    }
    return Mirror(self, children: ["center": center as Any, "demand": demand])
  }
}
