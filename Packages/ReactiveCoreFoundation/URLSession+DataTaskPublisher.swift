// Foundation publisher: URL sessions are Foundation's (FoundationNetworking on Linux), as in Combine.
public import Foundation

#if canImport(FoundationNetworking)
public import FoundationNetworking
#endif

extension URLSession {
  /// A publisher of the result of one data task: the data and the response,
  /// or a `URLError`.
  ///
  /// Each subscription runs its own data task, created and started on the
  /// first demand, and cancelled if the subscription is cancelled first.
  /// Any HTTP status is a value: check `(response as? HTTPURLResponse)?.statusCode`.
  ///
  /// ```swift
  /// let cancellable = URLSession.shared.dataTaskPublisher(for: url)
  ///   .map(\.data)
  ///   .decode(type: Profile.self, decoder: JSONDecoder())
  ///   .sink(receiveCompletion: { print($0) }, receiveValue: { show($0) })
  /// ```
  public struct DataTaskPublisher: ReactiveCore.Publisher, Sendable {
    /// The body of the response and the response itself.
    public typealias Output = (data: Data, response: URLResponse)

    /// The error of a task that did not get a response.
    public typealias Failure = URLError

    /// The request that each subscription sends.
    public let request: URLRequest

    /// The session that runs the tasks.
    public let session: URLSession

    /// Creates a data task publisher; `dataTaskPublisher(for:)` says the same.
    ///
    /// - Parameters:
    ///   - request: The request to send.
    ///   - session: The session that runs the tasks.
    public init(request: URLRequest, session: URLSession) {
      self.request = request
      self.session = session
    }

    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == URLError {
      subscriber.receive(subscription: DataTaskSubscription(downstream: subscriber, parent: self))
    }
  }

  /// Returns a publisher of the result of a data task for `url`.
  ///
  /// - Parameter url: The URL to load.
  /// - Returns: A publisher that loads the URL once per subscription.
  public func dataTaskPublisher(for url: URL) -> DataTaskPublisher {
    DataTaskPublisher(request: URLRequest(url: url), session: self)
  }

  /// Returns a publisher of the result of a data task for `request`.
  ///
  /// - Parameter request: The request to send.
  /// - Returns: A publisher that sends the request once per subscription.
  public func dataTaskPublisher(for request: URLRequest) -> DataTaskPublisher {
    DataTaskPublisher(request: request, session: self)
  }
}

/// One subscriber's data task.
///
/// States:
/// - `awaitingDemand(downstream, parent)`: no task yet;
/// - `starting(downstream)`: the first demand came; the task is being
///   created, outside the lock;
/// - `running(downstream, task)`: the task runs; the demand is there;
/// - `over`: completed or cancelled; holds nothing.
private final class DataTaskSubscription<Downstream: Subscriber>: Subscription, CustomStringConvertible
where Downstream.Input == URLSession.DataTaskPublisher.Output, Downstream.Failure == URLError {
  private enum State {
    case awaitingDemand(Downstream, URLSession.DataTaskPublisher)
    // `demand`: what the downstream requested, shown by the mirror as Combine's.
    case starting(Downstream, demand: Subscribers.Demand)
    case running(Downstream, URLSessionDataTask, demand: Subscribers.Demand)
    case over
  }

  private let state: Lock<State>

  var description: String { "DataTaskPublisher" }

  init(downstream: Downstream, parent: URLSession.DataTaskPublisher) {
    state = Lock(.awaitingDemand(downstream, parent))
  }

  func request(_ demand: Subscribers.Demand) {
    APIViolation.checkDemand(demand > 0)
    let (parent, running) = state.withLock { state -> (URLSession.DataTaskPublisher?, URLSessionDataTask?) in
      switch state {
      case let .awaitingDemand(downstream, parent):
        state = .starting(downstream, demand: demand)
        return (parent, nil)
      case let .running(downstream, task, requested):
        state = .running(downstream, task, demand: requested + demand)
        return (nil, task)
      case let .starting(downstream, requested):
        state = .starting(downstream, demand: requested + demand)
        return (nil, nil)  // one value at most: the first demand is all it needs
      case .over:
        return (nil, nil)
      }
    }
    // As Combine, each later request resumes the running task again (which
    // does nothing to a task that runs).
    running?.resume()
    guard let parent else { return }
    // The task holds the subscription until it completes; the box keeps the
    // subscription's generic type out of the @Sendable closure.
    let handler = SchedulerAction<(Data?, URLResponse?, (any Error)?) -> Void>(complete)
    let task = parent.session.dataTask(with: parent.request) { handler.value($0, $1, $2) }
    let isCancelled = state.withLock { state -> Bool in
      switch state {
      case let .starting(downstream, demand):
        state = .running(downstream, task, demand: demand)
        return false
      case .over:
        return true
      case .awaitingDemand, .running:
        preconditionFailure("Bug in DataTaskPublisher.Inner: \(state) while starting its task")
      }
    }
    if isCancelled {
      task.cancel()  // cancelled while the task was being created: never started
    } else {
      task.resume()
    }
  }

  private func complete(data: Data?, response: URLResponse?, error: (any Error)?) {
    let previous = state.withLock { state -> State in
      defer { state = .over }
      return state
    }
    guard case let .running(downstream, _, _) = previous else { return }  // cancelled: nothing to say
    switch dataTaskResult(data: data, response: response, error: error) {
    case let .success(output):
      _ = downstream.receive(output)
      downstream.receive(completion: .finished)
    case let .failure(error):
      downstream.receive(completion: .failure(error))
    }
  }

  func cancel() {
    let previous = state.withLock { state -> State in
      defer { state = .over }
      return state
    }
    if case let .running(_, task, _) = previous { task.cancel() }
    // The downstream is released here, after the lock.
  }
}

extension DataTaskSubscription: CombineReflectable {
  /// Shows the task (once started), the downstream and the publisher (until
  /// the first demand), as Combine's; all nil once over.
  var customMirror: Mirror {
    let (task, downstream, parent, demand) = state.withLock {
      state -> (URLSessionDataTask?, Downstream?, URLSession.DataTaskPublisher?, Subscribers.Demand) in
      switch state {
      case let .awaitingDemand(downstream, parent): (nil, downstream, parent, .none)
      case let .starting(downstream, demand): (nil, downstream, nil, demand)
      case let .running(downstream, task, demand): (task, downstream, nil, demand)
      case .over: (nil, nil, nil, .none)
      }
    }
    return Mirror(
      self,
      children: ["task": task as Any, "downstream": downstream as Any, "parent": parent as Any, "demand": demand]
    )
  }
}

/// What a data task's completion handler means for `DataTaskPublisher`, as
/// in Combine: an error fails (a `URLError` as is, any other error as
/// `URLError(.unknown)`); else a response is the value, with the data or an
/// empty one; a task that ends with neither fails with `URLError(.unknown)`.
package func dataTaskResult(
  data: Data?,
  response: URLResponse?,
  error: (any Error)?
) -> Result<URLSession.DataTaskPublisher.Output, URLError> {
  if let error {
    return .failure(error as? URLError ?? URLError(.unknown))
  }
  guard let response else { return .failure(URLError(.unknown)) }
  return .success((data ?? Data(), response))
}
