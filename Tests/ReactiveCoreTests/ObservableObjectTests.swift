import ReactiveCore
import SharedMachinery
import TestSupport
import Testing
import TraitsTesting

@Suite struct ObservableObjectTests {
  private class Basket: ObservableObject {
    @Published var items: [String] = []
    @Published var owner = "nobody"
    var notPublished = 0
  }

  private final class FruitBasket: Basket {
    @Published var ripeness = 0
  }

  private final class Plain: ObservableObject {
    var value = 0
  }

  private final class Custom: ObservableObject {
    let objectWillChange = PassthroughSubject<Int, Never>()
  }

  @Test func sendsBeforeAPublishedPropertyChanges() {
    let basket = Basket()
    var seen: [[String]] = []
    let recorder = basket.objectWillChange.record { _, _ in
      seen.append(basket.items)
      return .none
    }
    basket.items.append("pear")
    basket.owner = "ada"
    basket.notPublished = 1
    #expect(recorder.events.count == 3)  // .subscription and two signals
    #expect(seen == [[], ["pear"]])
  }

  @Test func everyAccessGivesTheSamePublisher() {
    let basket = FruitBasket()
    #expect(basket.objectWillChange === basket.objectWillChange)
    var signals = 0
    let recorder = basket.objectWillChange.record { _, _ in
      signals += 1
      return .none
    }
    basket.ripeness = 2  // the subclass's property
    basket.items = ["apple"]  // the superclass's property
    #expect(signals == 2)
    recorder.cancel()
  }

  /// Sendable, so that racing threads can share one.
  private final class Fieldless: ObservableObject, Sendable {}

  private class PlainBase: ObservableObject {
    var value = 0
  }

  private final class PlainDerived: PlainBase {
    var other = ""
  }

  @Test func anObjectWithoutPublishedPropertiesKeepsOnePublisherAsInCombine() {
    // Combine since macOS 10.15.2 / iOS 13.3: a hand-written send reaches the subscribers.
    let plain = Plain()
    #expect(plain.objectWillChange === plain.objectWillChange)
    let recorder = plain.objectWillChange.record()
    plain.objectWillChange.send()
    plain.objectWillChange.send()
    #expect(recorder.events.count == 3)  // .subscription and two signals
    #expect(Plain().objectWillChange !== plain.objectWillChange)  // one per object
    recorder.cancel()
  }

  @Test func aSubclassWithoutPublishedPropertiesKeepsOnePublisher() {
    let derived = PlainDerived()
    let base: PlainBase = derived
    #expect(derived.objectWillChange === base.objectWillChange)
    let recorder = base.objectWillChange.record()
    derived.objectWillChange.send()
    #expect(recorder.events.count == 2)
    recorder.cancel()
  }

  @Test func thePublisherOfAnObjectWithoutPublishedPropertiesDiesWithIt() {
    weak var weakObject: Plain?
    weak var weakPublisher: ObservableObjectPublisher?
    weak var weakProbe: LifetimeProbe<Void, Never>?
    var subscription: (any Subscription)?
    do {
      let plain = Plain()
      let probe = LifetimeProbe<Void, Never>(demand: .unlimited)
      plain.objectWillChange.subscribe(probe)
      subscription = probe.subscription
      weakObject = plain
      weakPublisher = plain.objectWillChange
      weakProbe = probe
    }
    #expect(weakObject == nil)  // the table keeps the object weakly
    ObjectWillChangeTable.shared.sweep()  // what the next insertions do, amortized
    #expect(weakPublisher == nil)
    subscription?.cancel()
    #expect(weakProbe == nil)
  }

  @Test func theTableSweepsItsDeadEntriesAsItGrows() {
    let table = ObjectWillChangeTable()
    let kept = (0..<10).map { _ in Plain() }
    for object in kept { _ = table.publisher(for: object) }
    for _ in 0..<10 * ObjectWillChangeTable.minimumSweepThreshold {
      _ = table.publisher(for: Plain())  // dies at once
    }
    // Never more than twice the live entries, above the floor.
    #expect(table.count <= 2 * ObjectWillChangeTable.minimumSweepThreshold)
    for object in kept { #expect(table.publisher(for: object) === table.publisher(for: object)) }
  }

  @Test func concurrentFirstAccessesGetOnePublisher() {
    for _ in 0..<50 {
      let plain = Fieldless()
      let shared = SeenPublishers()
      Race(threads: 4).run { _, _ in
        shared.add(ObjectIdentifier(plain.objectWillChange))
      }
      #expect(Set(shared.identifiers).count == 1)
      #expect(shared.identifiers.first == ObjectIdentifier(plain.objectWillChange))
    }
  }

  @Test func aCustomPublisherIsUsedAsIs() {
    let custom = Custom()
    let recorder = custom.objectWillChange.record()
    custom.objectWillChange.send(1)
    #expect(recorder.values == [1])
  }

  @Test func observableObjectPublisherSendsToSubscribersThatRequestedAnything() {
    let publisher = ObservableObjectPublisher()
    let waiting = publisher.record(demand: .none)
    let limited = publisher.record(demand: .max(1))
    publisher.send()
    publisher.send()
    #expect(waiting.events.count == 1)  // .subscription only
    #expect(limited.events.count == 3)  // the demand is not counted, as in Combine
    waiting.request(.max(1))
    publisher.send()
    #expect(waiting.events.count == 2)
    limited.cancel()
    publisher.send()
    #expect(limited.events.count == 4)
  }

  @Test func aSendFromInsideASubscriberIsDeliveredAtOnceNestedAsInCombine() {
    let publisher = ObservableObjectPublisher()
    var depth = 0
    var maximumDepth = 0
    var count = 0
    let recorder = publisher.record { _, _ in
      depth += 1
      maximumDepth = max(maximumDepth, depth)
      count += 1
      if count < 3 { publisher.send() }
      depth -= 1
      return .none
    }
    publisher.send()
    #expect(count == 3)
    #expect(maximumDepth == 3)
    recorder.cancel()
  }

  @Test func cancelReleasesTheSubscriber() throws {
    try expectReleasesTheSubscriber(of: ObservableObjectPublisher()) { subscription in
      #expect(String(describing: subscription) == "ObservableObjectPublisher")
      subscription.cancel()
    }
  }
}

/// The publishers that racing threads saw.
private final class SeenPublishers: Sendable {
  private let state = Lock<[ObjectIdentifier]>([])

  var identifiers: [ObjectIdentifier] { state.withLock { $0 } }

  func add(_ identifier: ObjectIdentifier) {
    state.withLock { $0.append(identifier) }
  }
}
