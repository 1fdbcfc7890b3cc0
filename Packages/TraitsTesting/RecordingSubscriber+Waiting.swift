public import ReactiveCore

extension RecordingSubscriber {
  /// Returns the next value that no earlier call to `next` returned, waiting
  /// for it if it has not arrived yet.
  ///
  /// `next` is a cursor over ``values``: the first call returns the first
  /// value, even if it arrived long before the call.
  ///
  /// ```swift
  /// let recorder = subject.record()
  /// DispatchQueue.global().async { subject.send(1) }
  /// #expect(try await recorder.next() == 1)
  /// ```
  ///
  /// - Parameter timeout: How long to wait for the value.
  /// - Returns: The next value.
  /// - Throws: ``RecordingError/timeout(awaited:timeout:recordedEvents:)`` if
  ///   no value arrives in time;
  ///   ``RecordingError/completedBeforeNextValue(awaited:completion:recordedEvents:)``
  ///   if the publisher completes first; `CancellationError` if the task is cancelled.
  public func next(timeout: Duration = .seconds(5)) async throws -> Input {
    switch try await wait(for: .nextValue, timeout: timeout) {
    case let .value(value):
      return value
    case .completion:
      preconditionFailure("Bug in RecordingSubscriber: next(timeout:) resumed with a completion")
    }
  }

  /// Returns the publisher's completion, waiting for it if it has not arrived yet.
  ///
  /// ```swift
  /// let recorder = subject.record()
  /// DispatchQueue.global().async { subject.send(completion: .finished) }
  /// #expect(try await recorder.awaitCompletion() == .finished)
  /// ```
  ///
  /// `==` needs an `Equatable` failure. For any failure type, `any Error`
  /// included, ask the completion instead:
  /// `try await recorder.awaitCompletion().isFinished`, or `.failure`, or
  /// compare `.described` (see ``ReactiveCore/Subscribers/Completion/isFinished``).
  ///
  /// - Parameter timeout: How long to wait for the completion.
  /// - Returns: The first completion received.
  /// - Throws: ``RecordingError/timeout(awaited:timeout:recordedEvents:)`` if
  ///   the publisher does not complete in time; `CancellationError` if the
  ///   task is cancelled.
  public func awaitCompletion(timeout: Duration = .seconds(5)) async throws -> Subscribers.Completion<Failure> {
    switch try await wait(for: .completion, timeout: timeout) {
    case let .completion(completion):
      return completion
    case .value:
      preconditionFailure("Bug in RecordingSubscriber: awaitCompletion(timeout:) resumed with a value")
    }
  }

  /// How many calls to `next` and `awaitCompletion` are waiting, for tests
  /// that must know a call is suspended before they send an event.
  package var pendingWaiterCount: Int {
    state.withLock { $0.waiters.count }
  }

  // MARK: Waiting machinery

  /// What a waiter receives when it is resumed with success.
  enum Delivery: @unchecked Sendable {
    // @unchecked Sendable: the value crosses from the publisher's thread to
    // the awaiting task, as it crosses threads through any subscriber; the
    // test owns both ends.
    case value(Input)
    case completion(Subscribers.Completion<Failure>)
  }

  /// A suspended call to `next` or `awaitCompletion`.
  struct Waiter {
    enum Kind {
      case nextValue
      case completion
    }

    let id: Int
    let kind: Kind
    /// What is awaited, as error messages say it: "value #2", "completion".
    let awaited: String
    let continuation: CheckedContinuation<Delivery, any Error>
    /// Cancelled once the waiter is resumed, so that it does not sleep on.
    var timeoutTask: Task<Void, Never>?

    func resume(with result: Result<Delivery, any Error>) {
      timeoutTask?.cancel()
      continuation.resume(with: result)
    }

    /// Resumes the waiter when the publisher completes.
    func resume(completion: Subscribers.Completion<Failure>, events: [Event]) {
      switch kind {
      case .nextValue:
        let error = RecordingError.completedBeforeNextValue(
          awaited: awaited,
          completion: RecordingError.describe(completion),
          recordedEvents: RecordingError.describe(events)
        )
        resume(with: .failure(error))
      case .completion:
        resume(with: .success(.completion(completion)))
      }
    }
  }

  /// Why a waiter gives up.
  fileprivate enum Expiry {
    case timeout(Duration)
    case cancellation
  }

  /// What to do at once with a call to `next` or `awaitCompletion`.
  fileprivate enum Registration {
    /// The event is already there.
    case deliver(Delivery)
    /// The publisher completed before a next value.
    case completed(awaited: String, Subscribers.Completion<Failure>, [Event])
    /// The waiter is in `state.waiters`: start its timeout.
    case wait
  }

  private func wait(for kind: Waiter.Kind, timeout: Duration) async throws -> Delivery {
    let id = state.withLock { state in
      state.lastWaiterID += 1
      return state.lastWaiterID
    }
    return try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { continuation in
        let registration = state.withLock { state in
          state.register(id: id, kind: kind, continuation: continuation)
        }
        switch registration {
        case let .deliver(delivery):
          continuation.resume(returning: delivery)
        case let .completed(awaited, completion, events):
          Waiter(id: id, kind: kind, awaited: awaited, continuation: continuation)
            .resume(completion: completion, events: events)
        case .wait:
          startTimeout(timeout, forWaiter: id)
          // A cancellation that came before the registration found no waiter to expire.
          if Task.isCancelled {
            expire(id, because: .cancellation)
          }
        }
      }
    } onCancel: {
      expire(id, because: .cancellation)
    }
  }

  private func startTimeout(_ timeout: Duration, forWaiter id: Int) {
    let task = Task {
      do {
        try await Task.sleep(for: timeout)
      } catch {
        return  // cancelled: the waiter was resumed
      }
      self.expire(id, because: .timeout(timeout))
    }
    let attached = state.withLock { state -> Bool in
      guard let index = state.waiters.firstIndex(where: { $0.id == id }) else { return false }
      state.waiters[index].timeoutTask = task
      return true
    }
    if !attached {
      task.cancel()  // already resumed
    }
  }

  /// Resumes the waiter with an error, unless something resumed it first.
  private func expire(_ id: Int, because expiry: Expiry) {
    let taken = state.withLock { state -> (Waiter, [Event])? in
      guard let index = state.waiters.firstIndex(where: { $0.id == id }) else { return nil }
      return (state.waiters.remove(at: index), state.events)
    }
    guard let (waiter, events) = taken else { return }
    switch expiry {
    case let .timeout(timeout):
      let error = RecordingError.timeout(
        awaited: waiter.awaited,
        timeout: timeout,
        recordedEvents: RecordingError.describe(events)
      )
      waiter.resume(with: .failure(error))
    case .cancellation:
      waiter.resume(with: .failure(CancellationError()))
    }
  }
}

extension RecordingSubscriber.State {
  /// Registers a call to `next` or `awaitCompletion`, unless it can be answered at once.
  fileprivate mutating func register(
    id: Int,
    kind: RecordingSubscriber.Waiter.Kind,
    continuation: CheckedContinuation<RecordingSubscriber.Delivery, any Error>
  ) -> RecordingSubscriber.Registration {
    let awaited: String
    switch kind {
    case .nextValue:
      if nextValueIndex < values.count {
        defer { nextValueIndex += 1 }
        return .deliver(.value(values[nextValueIndex]))
      }
      // Earlier waiters take the values before this one.
      let ahead = waiters.count { $0.kind == .nextValue }
      awaited = "value #\(nextValueIndex + ahead + 1)"
      if let completion {
        return .completed(awaited: awaited, completion, events)
      }
    case .completion:
      if let completion {
        return .deliver(.completion(completion))
      }
      awaited = "completion"
    }
    waiters.append(RecordingSubscriber.Waiter(id: id, kind: kind, awaited: awaited, continuation: continuation))
    return .wait
  }

  /// Takes the oldest waiter of `next`, which consumes the value just appended.
  mutating func takeWaiterForNextValue() -> RecordingSubscriber.Waiter? {
    guard let index = waiters.firstIndex(where: { $0.kind == .nextValue }) else { return nil }
    nextValueIndex += 1
    return waiters.remove(at: index)
  }
}
