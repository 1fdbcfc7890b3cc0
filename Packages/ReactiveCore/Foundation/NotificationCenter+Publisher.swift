// Foundation publisher: notification centers are Foundation's, as in Combine.
public import Foundation

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
/// Notifications may be posted on any thread. Deliveries to the downstream
/// are serialized: a notification posted while another is being delivered
/// (from another thread, or from inside `receive`) takes its unit of demand
/// at once and waits in `pending` for the thread that is delivering.
private final class NotificationSubscription<Downstream: Subscriber>: Subscription, CustomStringConvertible,
  @unchecked Sendable
where Downstream.Input == Notification, Downstream.Failure == Never {
  // @unchecked Sendable: the mutable state is under `state`'s lock; what
  // leaves it is used only by the thread that took it out.

  private struct Live {
    var downstream: Downstream
    var center: NotificationCenter
    /// The center's token, once the observer is added.
    var observer: (any NSObjectProtocol)?
    var demand = Subscribers.Demand.none
    var isDelivering = false
    /// Notifications that took their demand while another was being delivered.
    var pending: [Notification] = []
  }

  private enum State: @unchecked Sendable {
    case live(Live)
    /// Cancelled: holds nothing, and the observer is removed (or being removed).
    case cancelled
  }

  /// What a posted notification does after the lock.
  private enum Arrival: @unchecked Sendable {
    case drop
    case queued
    case deliver(Downstream)
  }

  private let state: Lock<State>

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
    let token = SchedulerAction(observer)
    let isCancelled = state.withLock { state -> Bool in
      switch state {
      case var .live(live):
        live.observer = token.value
        state = .live(live)
        return false
      case .cancelled:
        return true  // cancelled while the observer was being added
      }
    }
    if isCancelled { center.removeObserver(observer) }
  }

  private func post(_ notification: Notification) {
    let arrival = state.withLock { state -> Arrival in
      guard case var .live(live) = state, live.demand > 0 else { return .drop }
      live.demand -= 1
      if live.isDelivering {
        live.pending.append(notification)
        state = .live(live)
        return .queued
      }
      live.isDelivering = true
      state = .live(live)
      return .deliver(live.downstream)
    }
    guard case let .deliver(downstream) = arrival else { return }
    var next: Notification? = notification
    while let current = next {
      let additional = downstream.receive(current)
      next = state.withLock { state -> Notification? in
        guard case var .live(live) = state else { return nil }
        live.demand += additional
        if live.pending.isEmpty {
          live.isDelivering = false
          state = .live(live)
          return nil
        }
        let first = live.pending.removeFirst()
        state = .live(live)
        return first
      }
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
    let previous = state.withLock { state -> State in
      defer { state = .cancelled }
      return state
    }
    guard case let .live(live) = previous, let observer = live.observer else { return }
    live.center.removeObserver(observer)
    // The downstream and pending notifications are released here, after the lock.
  }
}
