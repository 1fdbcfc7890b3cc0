import Foundation
import ReactiveCore
import ReactiveCoreFoundation
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// `request(.none)` on a Foundation publisher does what Combine does: the
/// data task and `@Published` publishers trap, with the same message; the
/// notification, timer and `objectWillChange` publishers accept it.
@Suite struct FoundationPublisherZeroDemandTests {
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

  @Test func notificationCenterPublisherAddsNothing() {
    let center = NotificationCenter()
    let name = Notification.Name("zero demand")
    let recorder = center.publisher(for: name).record(demand: .none)
    recorder.request(.none)
    center.post(name: name, object: nil)
    #expect(recorder.events == [.subscription])
    recorder.request(.max(1))
    center.post(name: name, object: nil)
    #expect(recorder.values.map(\.name) == [name])
  }

  @Test func timerPublisherAddsNothing() {
    let recorder = Timer.publish(every: 60, on: .current, in: .default).record(demand: .none)
    recorder.request(.none)
    #expect(recorder.events == [.subscription])
  }

  @Test func objectWillChangeStartsAsOnAnyRequest() {
    // As in Combine, any request starts the subscription; every signal then goes out.
    let model = Model()
    let recorder = model.objectWillChange.record(demand: .none)
    model.name = "b"
    recorder.request(.none)
    model.name = "c"
    #expect(recorder.values.count == 1)
  }

  @Test func publishedPublisher() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      let model = Model()
      Self.requestNone(model.$name)
    }
    #expect(result.standardErrorText.contains("API violation: demand must be greater than zero"))
  }
}
