/// A property wrapper that publishes each change of a class property.
///
/// `$property` is a publisher of the property's values: each subscriber
/// receives the current value on its first demand, then every new value
/// when it is set — *before* it is stored, like `willSet`: inside the
/// subscriber, the property still reads the old value. In an
/// ``ObservableObject``, setting the property first sends on
/// `objectWillChange`.
///
/// ```swift
/// final class Player: ObservableObject {
///   @Published var score = 0
/// }
/// let player = Player()
/// let cancellable = player.$score.sink { print($0) }  // prints 0
/// player.score = 10                                    // prints 10
/// ```
///
/// `@Published` works only on properties of classes. A subscriber without
/// demand misses values, but its next demand delivers the value the
/// property holds then. The publisher never completes.
@propertyWrapper
public struct Published<Value> {
  /// Shared by every copy of the wrapper: the value and its subscribers.
  let storage: PublishedSubject<Value>

  /// Wraps the property's starting value.
  ///
  /// - Parameter wrappedValue: The initial value.
  public init(wrappedValue: Value) {
    storage = PublishedSubject(wrappedValue)
  }

  /// Wraps the property's starting value.
  ///
  /// - Parameter initialValue: The initial value.
  public init(initialValue: Value) {
    self.init(wrappedValue: initialValue)
  }

  /// Not available: a `@Published` property must belong to a class, which
  /// reaches its value through ``subscript(_enclosingInstance:wrapped:storage:)``.
  @available(*, unavailable, message: "@Published is only available on properties of classes")
  public var wrappedValue: Value {
    get { fatalError("@Published is only available on properties of classes") }
    set { fatalError("@Published is only available on properties of classes") }  // swift-format-ignore
  }

  /// The publisher of the property's values, `$property`.
  ///
  /// Setting it does nothing; it is settable so that
  /// ``Publisher/assign(to:)`` can take `&$property`.
  public var projectedValue: Publisher {
    mutating get { Publisher(storage: storage) }
    set {}  // the publisher is tied to this property: there is nothing to replace
  }

  /// The value of a `@Published` property of a class, read and written
  /// through its enclosing instance; you do not call it yourself.
  ///
  /// Writing sends on `objectWillChange` (if the object is an
  /// ``ObservableObject`` that installed it), then delivers the new value
  /// to `$property`'s subscribers, then stores it.
  public static subscript<EnclosingSelf: AnyObject>(
    _enclosingInstance object: EnclosingSelf,
    wrapped wrappedKeyPath: ReferenceWritableKeyPath<EnclosingSelf, Value>,
    storage storageKeyPath: ReferenceWritableKeyPath<EnclosingSelf, Published<Value>>
  ) -> Value {
    get { object[keyPath: storageKeyPath].storage.value }
    set { object[keyPath: storageKeyPath].storage.write(newValue) }
  }

  /// The publisher of a `@Published` property's values.
  ///
  /// Each subscriber receives the current value on its first demand, then
  /// each new value as it is set. It never completes.
  public struct Publisher: ReactiveCore.Publisher {
    /// The property's values.
    public typealias Output = Value

    /// The publisher never fails.
    public typealias Failure = Never

    let storage: PublishedSubject<Value>

    public func receive<S: Subscriber>(subscriber: S) where S.Input == Value, S.Failure == Never {
      storage.subscribe(subscriber)
    }
  }
}

extension Published: PublishedProperty {
  func installObjectWillChange(_ candidate: @autoclosure () -> ObservableObjectPublisher) -> ObservableObjectPublisher {
    storage.installObjectWillChange(candidate())
  }
}

extension Publisher where Failure == Never {
  /// Republishes each value of this publisher through a `@Published` property.
  ///
  /// Each value is written to the property as if set by hand: it sends on
  /// `objectWillChange`, then reaches `$property`'s subscribers. The
  /// subscription lives as long as the property does — there is no
  /// cancellable to keep — and ends when the property's object is
  /// deallocated.
  ///
  /// ```swift
  /// final class Model: ObservableObject {
  ///   @Published var lastUpdate = Date.distantPast
  ///   init(updates: some Publisher<Date, Never>) {
  ///     updates.assign(to: &$lastUpdate)
  ///   }
  /// }
  /// ```
  ///
  /// - Parameter published: The property's publisher, `&$property`.
  public func assign(to published: inout Published<Output>.Publisher) {
    subscribe(PublishedAssignSubscriber(storage: published.storage))
  }
}

/// The state of one `@Published` property, shared by the wrapper's copies
/// and by the subscriptions to `$property`.
///
/// The property's value is stored here; subscribers are served by a
/// `SubjectCore` (a `CurrentValueSubject`'s machinery), created on the first
/// subscription. A write sends on `objectWillChange`, then publishes through
/// the core, then stores: readers see the old value during the delivery.
/// While writes are being delivered (a subscriber may write again,
/// reentrantly, or another thread may), the stored value waits; when the
/// last of them is over, it becomes the core's latest value, so the
/// property and its publisher always end up agreeing.
///
/// Named as Combine's: a subscription's mirror shows it as `parent` and
/// `subject` (`ReactiveCore.PublishedSubject<Int>`).
final class PublishedSubject<Value> {
  private struct State {
    var value: Value
    var core: SubjectCore<Value, Never>?
    var objectWillChange: ObservableObjectPublisher?
    /// Writes published through `core` whose delivery is not over.
    var writesInFlight = 0
    /// Subscriptions of publishers assigned to the property; cancelled on deinit.
    var upstreams: [any Subscription] = []
  }

  /// What a write does after its first look under the lock.
  private enum WriteStep {
    case stored(replaced: Value)
    case publish(SubjectCore<Value, Never>)
  }

  private let state: Lock<State>

  init(_ value: Value) {
    state = Lock(State(value: value))
  }

  deinit {
    for upstream in state.withLock({ $0.upstreams }) {
      upstream.cancel()
    }
  }

  var value: Value {
    state.withLock { $0.value }
  }

  func write(_ newValue: Value) {
    state.withLock { $0.objectWillChange }?.send()
    let step = state.withLock { state -> WriteStep in
      if let core = state.core {
        state.writesInFlight += 1
        return .publish(core)
      }
      defer { state.value = newValue }
      return .stored(replaced: state.value)
    }
    guard case let .publish(core) = step else { return }  // a replaced value is released here
    core.send(newValue)
    let replaced = state.withLock { state -> Value? in
      state.writesInFlight -= 1
      guard state.writesInFlight == 0, let latest = core.currentValue else { return nil }
      defer { state.value = latest }
      return state.value
    }
    _ = replaced  // released here, after the lock
  }

  func subscribe<S: Subscriber>(_ subscriber: S) where S.Input == Value, S.Failure == Never {
    let core = state.withLock { state -> SubjectCore<Value, Never> in
      if let core = state.core { return core }
      let core = SubjectCore<Value, Never>(currentValue: state.value)
      state.core = core
      return core
    }
    let parent = SubjectParent(core: core, subject: self)
    SubjectConduit<S, SubjectLedger<S>>(subscriber, parent: parent, kind: .published).subscribe(to: core)
  }

  func installObjectWillChange(_ candidate: @autoclosure () -> ObservableObjectPublisher) -> ObservableObjectPublisher {
    state.withLock { state -> ObservableObjectPublisher in
      if let installed = state.objectWillChange { return installed }
      let publisher = candidate()
      state.objectWillChange = publisher
      return publisher
    }
  }

  func attach(_ upstream: any Subscription) {
    state.withLock { $0.upstreams.append(upstream) }
    upstream.request(.unlimited)
  }
}

/// The subscriber of ``Publisher/assign(to:)``: writes each value to a
/// `@Published` property, which it holds weakly; the property holds the
/// subscription.
private final class PublishedAssignSubscriber<Input>: Subscriber, CustomStringConvertible {
  typealias Failure = Never

  private weak var storage: PublishedSubject<Input>?
  private let isSubscribed = Lock(false)

  var description: String { "Published.Assign" }

  init(storage: PublishedSubject<Input>) {
    self.storage = storage
  }

  func receive(subscription: any Subscription) {
    let isFirst = isSubscribed.withLock { isSubscribed -> Bool in
      defer { isSubscribed = true }
      return !isSubscribed
    }
    guard isFirst, let storage else {
      subscription.cancel()  // a second subscription, or the property is gone
      return
    }
    storage.attach(subscription)
  }

  func receive(_ input: Input) -> Subscribers.Demand {
    storage?.write(input)
    return .none
  }

  func receive(completion: Subscribers.Completion<Never>) {}
}

extension PublishedAssignSubscriber: CombineReflectable {
  /// Shows no children.
  var customMirror: Mirror { Mirror(childless: self) }
}
