// OpenCombine has no traits. These are the few trait names that the shared
// workloads use, each mapped onto what one writes with OpenCombine alone, so
// that Workloads.swift compiles unchanged on both sides. They are as cheap as
// OpenCombine allows: they never add work to OpenCombine's side.

import OpenCombine
import Synchronization

/// Without traits, a single publisher is a publisher.
typealias SinglePublisher = Publisher

extension Publisher {
  /// The single sink, as one writes it with OpenCombine: a sink whose value
  /// closure reports the success (a single publisher has exactly one value).
  func sinkSingle(receive: @escaping (Result<Output, Failure>) -> Void) -> AnyCancellable {
    sink(
      receiveCompletion: { completion in
        if case let .failure(error) = completion { receive(.failure(error)) }
      },
      receiveValue: { receive(.success($0)) }
    )
  }
}

/// Namespace of the single job, as in CombineTraits.
enum TraitPublishers {
  /// A single job from a closure: with OpenCombine, a `Future` created when
  /// a subscriber arrives (what `Deferred { Future { … } }` does, without
  /// the `Deferred`).
  struct Single<Output, Failure: Error>: Publisher {
    typealias Promise = (Result<Output, Failure>) -> Void

    let start: (@escaping Promise) -> AnyCancellable

    init(_ start: @escaping (@escaping Promise) -> AnyCancellable) {
      self.start = start
    }

    func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
      let start = start
      // The job's cancellable is dropped at once: the workloads' jobs have
      // nothing to cancel, and keeping it would only cost OpenCombine more.
      Future<Output, Failure> { promise in _ = start(promise) }.receive(subscriber: subscriber)
    }
  }
}

/// Namespace of the subscription base class, as in CombineTraits.
enum TraitSubscriptions {
  /// The smallest correct single subscription on OpenCombine: starts on the
  /// first demand, delivers the first result, forgets everything at the end.
  class Single<Downstream: Subscriber, Context>: Subscription, @unchecked Sendable {
    // @unchecked Sendable: the mutable state is under `state`'s lock.
    // @unchecked Sendable: touched only under the lock; what leaves it is
    // used only by the thread that took it out.
    private struct State: @unchecked Sendable {
      var downstream: Downstream?
      var context: Context?
      var started = false
    }

    private let state: Mutex<State>

    init(downstream: Downstream, context: Context) {
      state = Mutex(State(downstream: downstream, context: context))
    }

    /// Runs on the first demand.
    func start(with context: Context) {}

    /// Delivers the result, once.
    func receive(_ result: Result<Downstream.Input, Downstream.Failure>) {
      let downstream = state.withLock { state -> Downstream? in
        defer { state = State() }
        return state.started ? state.downstream : nil
      }
      guard let downstream else { return }
      switch result {
      case let .success(value):
        _ = downstream.receive(value)
        downstream.receive(completion: .finished)
      case let .failure(error):
        downstream.receive(completion: .failure(error))
      }
    }

    func request(_ demand: Subscribers.Demand) {
      let context = state.withLock { state -> Context? in
        guard !state.started else { return nil }
        state.started = true
        return state.context
      }
      if let context { start(with: context) }
    }

    func cancel() {
      let ended = state.withLock { state -> State in
        defer { state = State() }
        return state
      }
      _ = ended
    }
  }
}
