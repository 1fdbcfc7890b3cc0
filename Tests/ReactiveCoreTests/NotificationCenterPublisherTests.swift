import Foundation
import ReactiveCore
import ReactiveCoreFoundation
import Testing
import TraitsTesting

@Suite struct NotificationCenterPublisherTests {
  private let name = Notification.Name("NotificationCenterPublisherTests")

  @Test func publishesPostedNotificationsOfItsName() {
    let center = NotificationCenter()
    let recorder = center.publisher(for: name).map(\.name.rawValue).record()
    center.post(name: name, object: nil)
    center.post(name: Notification.Name("other"), object: nil)
    center.post(name: name, object: nil)
    #expect(recorder.events == [.subscription, .value(name.rawValue), .value(name.rawValue)])
  }

  @Test func filtersOnTheObject() {
    let center = NotificationCenter()
    let sender = Token()
    let recorder = center.publisher(for: name, object: sender).record()
    center.post(name: name, object: Token())
    center.post(name: name, object: sender)
    #expect(recorder.values.count == 1)
    #expect(recorder.values.first?.object as? Token === sender)
  }

  @Test func dropsNotificationsPostedWithoutDemand() {
    let center = NotificationCenter()
    let recorder = center.publisher(for: name).record(demand: .none)
    center.post(name: name, object: 1)
    recorder.request(.max(1))
    center.post(name: name, object: 2)
    center.post(name: name, object: 3)
    #expect(recorder.values.map { $0.object as? Int } == [2])
  }

  @Test func deliversANotificationPostedFromReceiveAtOnceNestedAsInCombine() {
    let center = NotificationCenter()
    let name = self.name
    var log: [String] = []
    let recorder = center.publisher(for: name).record { notification, _ in
      let object = notification.object as? Int ?? 0
      log.append("received \(object)")
      if object == 1 {
        center.post(name: name, object: 2)
        log.append("post returned")
      }
      return .none
    }
    center.post(name: name, object: 1)
    #expect(log == ["received 1", "received 2", "post returned"])
    #expect(recorder.values.map { $0.object as? Int } == [1, 2])
  }

  @Test func cancelRemovesTheObserverAndReleasesTheSubscriber() {
    let center = NotificationCenter()
    weak var weakProbe: LifetimeProbe<Notification, Never>?
    var subscription: (any Subscription)?
    do {
      let probe = LifetimeProbe<Notification, Never>(demand: .unlimited)
      weakProbe = probe
      center.publisher(for: name).subscribe(probe)
      subscription = probe.subscription
    }
    #expect(weakProbe != nil)
    subscription?.cancel()
    #expect(weakProbe == nil)
    center.post(name: name, object: nil)  // nobody observes any more: nothing happens
    #expect(String(describing: subscription!) == "NotificationCenter Observer")
  }

  @Test func publishersCompareByCenterNameAndObject() {
    let center = NotificationCenter()
    let object = Token()
    #expect(center.publisher(for: name, object: object) == center.publisher(for: name, object: object))
    #expect(center.publisher(for: name) != center.publisher(for: name, object: object))
    #expect(center.publisher(for: name) != NotificationCenter().publisher(for: name))
  }
}
