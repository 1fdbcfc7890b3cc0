import ImmediateTraits
import ReactiveCore
import Testing

/// A class with a published property, as `@Published` requires.
private final class Thermostat {
  @Published var target = 19
}

/// The row of Foundation+ImmediatePublisher.swift, used.
@Suite struct FoundationImmediateConformanceTests {
  @Test func publishedPublisherGivesItsCurrentValueAtOnce() {
    let thermostat = Thermostat()
    let immediate: AnyImmediatePublisher<Int, Never> = thermostat.$target.eraseToAnyImmediatePublisher()
    var received: [Int] = []
    let cancellable = immediate.sink { received.append($0) }
    #expect(received == [19])  // synchronously, inside sink
    thermostat.target = 21
    #expect(received == [19, 21])
    withExtendedLifetime(cancellable) {}
  }
}
