import ReactiveCore
import Testing

@Suite struct AssignTests {
  final class Thermometer: @unchecked Sendable {
    var celsius = 0.0
    var history: [Double] = []
    var reading: Double = 0 {
      didSet { history.append(reading) }
    }
  }

  @Test func assignsEachValueToTheProperty() {
    let thermometer = Thermometer()
    let cancellable = [20.5, 21.0].publisher.assign(to: \.reading, on: thermometer)
    #expect(thermometer.history == [20.5, 21.0])
    _ = cancellable
  }

  @Test func stopsAssigningOnCancel() {
    let thermometer = Thermometer()
    let subject = PassthroughSubject<Double, Never>()
    let cancellable = subject.assign(to: \.celsius, on: thermometer)
    subject.send(1)
    cancellable.cancel()
    subject.send(2)
    #expect(thermometer.celsius == 1)
  }

  @Test func requestsUnlimitedAndCancelsASecondSubscription() {
    let first = SubscriptionProbe()
    let second = SubscriptionProbe()
    let assign = Subscribers.Assign(object: Thermometer(), keyPath: \.celsius)
    assign.receive(subscription: first)
    assign.receive(subscription: second)
    #expect(first.requests == [.unlimited])
    #expect(second.cancels == 1)
    #expect(assign.receive(3) == .none)
  }

  @Test func holdsTheObjectUntilCompletion() {
    weak var weakThermometer: Thermometer?
    let assign: Subscribers.Assign<Thermometer, Double> = {
      let thermometer = Thermometer()
      weakThermometer = thermometer
      return Subscribers.Assign(object: thermometer, keyPath: \.celsius)
    }()
    assign.receive(subscription: SubscriptionProbe())
    #expect(assign.object != nil)

    assign.receive(completion: .finished)

    #expect(weakThermometer == nil)
    #expect(assign.object == nil)
  }

  @Test func releasesTheObjectAndSubscriptionOnCancel() {
    weak var weakThermometer: Thermometer?
    let probe = SubscriptionProbe()
    let assign: Subscribers.Assign<Thermometer, Double> = {
      let thermometer = Thermometer()
      weakThermometer = thermometer
      return Subscribers.Assign(object: thermometer, keyPath: \.celsius)
    }()
    assign.receive(subscription: probe)

    assign.cancel()
    assign.cancel()

    #expect(weakThermometer == nil)
    #expect(probe.cancels == 1)
  }

  @Test func ignoresValuesAfterCompletion() {
    let thermometer = Thermometer()
    let assign = Subscribers.Assign(object: thermometer, keyPath: \.celsius)
    assign.receive(subscription: SubscriptionProbe())
    _ = assign.receive(1)
    assign.receive(completion: .finished)
    _ = assign.receive(2)
    #expect(thermometer.celsius == 1)
    #expect(assign.keyPath == \Thermometer.celsius)
  }
}
