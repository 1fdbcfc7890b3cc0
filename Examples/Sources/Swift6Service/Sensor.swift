// A callback API of the DispatchQueue era, wrapped three ways: in
// TraitPublishers.Single, in Future, and in a TraitSubscriptions.Single
// subclass that keeps per-subscription state in its Context.

import Dispatch
import ReactiveCore
import SingleTraits
import Synchronization
import TraitSubscriptions

/// Why a sensor gave no reading.
public struct SensorError: Error, Equatable {
  public init() {}
}

/// A sensor that answers on its own queue after `latency`, through a
/// `@Sendable` completion handler, and whose requests can be cancelled.
public final class Sensor: Sendable {
  private struct State {
    var nextRequest = 1
    var cancelled: Set<Int> = []
    var cancellations: [Int] = []
    var reads = 0
  }

  private let queue = DispatchQueue(label: "Sensor")
  private let state = Mutex(State())
  private let latency: DispatchTimeInterval
  private let temperature: Double?

  /// - Parameters:
  ///   - temperature: What the sensor reads; nil fails with `SensorError`.
  ///   - latency: How long a reading takes.
  public init(temperature: Double?, latency: DispatchTimeInterval = .milliseconds(10)) {
    self.temperature = temperature
    self.latency = latency
  }

  /// The requests cancelled so far, in order.
  public var cancellations: [Int] { state.withLock { $0.cancellations } }
  /// How many readings were started.
  public var reads: Int { state.withLock { $0.reads } }

  /// Starts a reading; returns its request number, for `cancel(_:)`.
  @discardableResult
  public func read(completion: @escaping @Sendable (Result<Double, SensorError>) -> Void) -> Int {
    let request = state.withLock { state in
      state.reads += 1
      defer { state.nextRequest += 1 }
      return state.nextRequest
    }
    let temperature = temperature
    queue.asyncAfter(deadline: .now() + latency) {
      let cancelled = self.state.withLock { $0.cancelled.contains(request) }
      guard !cancelled else { return }
      completion(temperature.map { .success($0) } ?? .failure(SensorError()))
    }
    return request
  }

  /// Cancels a reading: its completion handler is never called.
  public func cancel(_ request: Int) {
    state.withLock {
      $0.cancelled.insert(request)
      $0.cancellations.append(request)
    }
  }
}

extension Sensor {
  /// A reading per subscriber, with `TraitPublishers.Single`: the promise is
  /// `@Sendable`, so the `@Sendable` completion handler takes it as it is.
  public func reading() -> TraitPublishers.Single<Double, SensorError> {
    TraitPublishers.Single { promise in
      let request = self.read(completion: promise)
      return AnyCancellable { self.cancel(request) }
    }
  }

  /// One reading, started now, shared by every subscriber, with `Future`:
  /// its promise is `@Sendable` too.
  public func futureReading() -> Future<Double, SensorError> {
    Future { promise in
      self.read { result in promise(result) }
    }
  }

  /// A reading per subscriber, with a `TraitSubscriptions.Single` subclass.
  public func subscribedReading() -> SensorReadingPublisher {
    SensorReadingPublisher(sensor: self)
  }
}

/// The single publisher of a `TraitSubscriptions.Single` subclass.
public struct SensorReadingPublisher: SinglePublisher {
  public typealias Output = Double
  public typealias Failure = SensorError

  let sensor: Sensor

  public func receive<S: Subscriber>(subscriber: S) where S.Input == Double, S.Failure == SensorError {
    subscriber.receive(subscription: Subscription(downstream: subscriber, context: sensor))
  }

  /// No Sendable annotation: `TraitSubscriptions.Single` is not Sendable,
  /// and what crosses threads is `promise`. `onCancel` stops the request
  /// exactly once, even when a cancel on another thread arrives while
  /// `start(with:)` is still running: no handshake to write.
  private final class Subscription<Downstream: Subscriber>: TraitSubscriptions.Single<Downstream, Sensor>
  where Downstream.Input == Double, Downstream.Failure == SensorError {
    override func start(with sensor: Sensor) {
      let request = sensor.read(completion: promise)
      onCancel { sensor.cancel(request) }
    }
  }
}
