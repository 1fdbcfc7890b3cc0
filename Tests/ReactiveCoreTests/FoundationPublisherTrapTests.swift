import Foundation
import ReactiveCore
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Every Foundation publisher traps on `request(.none)`, with the same message.
@Suite struct FoundationPublisherTrapTests {
  /// Subscribes a probe without demand, then requests `.none`.
  private static func requestNone<P: Publisher>(_ publisher: P) {
    let probe = LifetimeProbe<P.Output, P.Failure>(demand: .none)
    publisher.subscribe(probe)
    probe.subscription?.request(.none)
  }

  private final class Model: ObservableObject {
    @Published var name = "a"
  }

  @Test func dataTaskPublisher() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      Self.requestNone(URLSession.shared.dataTaskPublisher(for: URL(string: "http://127.0.0.1:9/")!))
    }
    #expect(result.standardErrorText.contains("API violation: demand must be greater than zero"))
  }

  @Test func notificationCenterPublisher() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      Self.requestNone(NotificationCenter().publisher(for: Notification.Name("trap")))
    }
    #expect(result.standardErrorText.contains("API violation: demand must be greater than zero"))
  }

  @Test func timerPublisher() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      Self.requestNone(Timer.publish(every: 1, on: .main, in: .default))
    }
    #expect(result.standardErrorText.contains("API violation: demand must be greater than zero"))
  }

  @Test func objectWillChange() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      Self.requestNone(Model().objectWillChange)
    }
    #expect(result.standardErrorText.contains("API violation: demand must be greater than zero"))
  }

  @Test func publishedPublisher() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      let model = Model()
      Self.requestNone(model.$name)
    }
    #expect(result.standardErrorText.contains("API violation: demand must be greater than zero"))
  }
}
