import MaybeTraits
public import ReactiveCore
import SharedMachinery

extension Collection where Element: SinglePublisher {
  /// Subscribes to the single publishers of the collection, in order, and
  /// publishes the outcome of the first one to complete, value or failure;
  /// the others are cancelled.
  ///
  /// Nothing is subscribed to before the first demand. A publisher that
  /// completes while it is subscribed to wins at once, and the publishers
  /// after it in the collection are not subscribed to. An empty collection
  /// never completes.
  ///
  /// ```text
  /// first    -----a|
  /// second   --b|
  /// result   ---(b|)       (first is cancelled)
  /// ```
  ///
  /// ```swift
  /// let quote = [primaryServer.quote(symbol), mirror.quote(symbol)].raceSingle()
  /// ```
  ///
  /// - Returns: A single publisher of the first outcome.
  public func raceSingle() -> AnySinglePublisher<Element.Output, Element.Failure> {
    let entrants = Array(self)
    let race = TraitPublishers.Single<Element.Output, Element.Failure> { promise in
      // The job runs once per subscription; its promise keeps the first
      // outcome only, and cancelling the job cancels every entrant.
      let field = RaceField()
      for entrant in entrants {
        let cancellable = entrant.sinkSingle { result in
          field.close()
          promise(result)
        }
        guard field.enter(cancellable) else { break }  // someone won while subscribing
      }
      return AnyCancellable { field.cancel() }
    }
    return race.eraseToAnySinglePublisher()
  }
}

extension SinglePublisher {
  /// Races this single publisher against `other`: publishes the outcome of
  /// the first one to complete, value or failure, and cancels the other.
  ///
  /// ```swift
  /// let quote = primaryServer.quote(symbol).race(mirror.quote(symbol))
  /// ```
  ///
  /// - Parameter other: The single publisher to race against; subscribed to second.
  /// - Returns: A single publisher of the first outcome. See `raceSingle()`.
  public func race<Other: SinglePublisher>(
    _ other: Other
  ) -> AnySinglePublisher<Output, Failure> where Other.Output == Output, Other.Failure == Failure {
    [eraseToAnySinglePublisher(), other.eraseToAnySinglePublisher()].raceSingle()
  }
}

/// The subscriptions of one race: open until an entrant completes or the
/// race is cancelled.
///
/// States:
/// - `open(cancellables)`: entrants subscribed so far;
/// - `closed(cancellables)`: an entrant completed; subscribe no more;
/// - `cancelled`: holds nothing.
private final class RaceField: Sendable {
  // @unchecked Sendable: touched only under the lock. (AnyCancellable is
  // Sendable in ReactiveCore's implementation, not in Apple's Combine.)
  private enum State: @unchecked Sendable {
    case open([AnyCancellable])
    case closed([AnyCancellable])
    case cancelled
  }

  private let state = Lock(State.open([]))

  /// Keeps `cancellable`; returns false if the race is over (and cancels
  /// it if the race was cancelled; a closed race cancels it with the others).
  func enter(_ cancellable: AnyCancellable) -> Bool {
    let entry = state.withLock { state -> Entry in
      switch state {
      case let .open(cancellables):
        state = .open(cancellables + [cancellable])
        return .entered
      case let .closed(cancellables):
        state = .closed(cancellables + [cancellable])
        return .closed
      case .cancelled:
        return .cancelled
      }
    }
    if entry == .cancelled {
      cancellable.cancel()
    }
    return entry == .entered
  }

  private enum Entry {
    case entered, closed, cancelled
  }

  /// An entrant completed: subscribe no more.
  func close() {
    state.withLock { state in
      switch state {
      case let .open(cancellables):
        state = .closed(cancellables)
      case .closed, .cancelled:
        break
      }
    }
  }

  /// Cancels every entrant.
  func cancel() {
    let previous = state.withLock { state -> State in
      defer { state = .cancelled }
      return state
    }
    switch previous {
    case let .open(cancellables), let .closed(cancellables):
      for cancellable in cancellables {
        cancellable.cancel()
      }
    case .cancelled:
      break
    }
  }
}
