// The example of Docs/Migration.md, byte for byte (Scripts/check-doc-examples.pl checks it):
// Combine code that compiles unchanged once its import names ReactiveCore.
import ReactiveCore  // was: import Combine

final class Thermometer {
  let readings = PassthroughSubject<Double, Never>()
  private var cancellables = Set<AnyCancellable>()

  func start(display: @escaping (String) -> Void) {
    readings
      .removeDuplicates()
      .map { "\($0) °C" }
      .sink(receiveValue: display)
      .store(in: &cancellables)
  }
}
