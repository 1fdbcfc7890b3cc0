import ReactiveCore
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

  @Test func anObjectWithoutPublishedPropertiesGetsAFreshPublisher() {
    let plain = Plain()
    #expect(plain.objectWillChange !== plain.objectWillChange)
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

  @Test func cancelReleasesTheSubscriber() {
    let publisher = ObservableObjectPublisher()
    weak var weakProbe: LifetimeProbe<Void, Never>?
    var subscription: (any Subscription)?
    do {
      let probe = LifetimeProbe<Void, Never>(demand: .unlimited)
      weakProbe = probe
      publisher.subscribe(probe)
      subscription = probe.subscription
    }
    #expect(String(describing: subscription!) == "ObservableObjectPublisher")
    subscription?.cancel()
    #expect(weakProbe == nil)
  }
}
