extension Publisher {
  /// Prints a log line for each event that goes through, and republishes
  /// every event unchanged.
  ///
  /// The lines read as in Combine, each after `prefix` and `": "` (nothing
  /// when `prefix` is empty):
  ///
  /// ```text
  /// feed: receive subscription: (PassthroughSubject)
  /// feed: request unlimited
  /// feed: request max: (2)
  /// feed: receive value: (1)
  /// feed: request max: (1) (synchronous)     demand returned for a value, if any
  /// feed: receive finished
  /// feed: receive error: (boom)
  /// feed: receive cancel
  /// ```
  ///
  /// Lines are written in order, one at a time, outside any lock; a line
  /// logged on one thread while another is writing is written by that other
  /// thread, right after its own.
  ///
  /// - Parameters:
  ///   - prefix: A string at the beginning of each line; empty by default.
  ///   - stream: The stream that receives the lines; standard output when nil.
  ///     Each subscription writes to its own copy of a value-type stream.
  /// - Returns: A publisher that prints a line for each event.
  @_alwaysEmitIntoClient
  public func print(_ prefix: String = "", to stream: (any TextOutputStream)? = nil) -> Publishers.Print<Self> {
    Publishers.Print(upstream: self, prefix: prefix, to: stream)
  }
}

extension Publishers {
  /// A publisher that prints a log line for each event that goes through,
  /// and republishes every event unchanged.
  public struct Print<Upstream: Publisher>: Publisher {
    public typealias Output = Upstream.Output

    public typealias Failure = Upstream.Failure

    /// The publisher this operator subscribes to.
    public let upstream: Upstream

    /// The string at the beginning of each line.
    public let prefix: String

    /// The stream that receives the lines; standard output when nil.
    public let stream: (any TextOutputStream)?

    /// Creates a publisher that prints a log line for each event.
    ///
    /// - Parameters:
    ///   - upstream: The publisher this operator subscribes to.
    ///   - prefix: The string at the beginning of each line.
    ///   - stream: The stream that receives the lines; standard output when nil.
    @_alwaysEmitIntoClient
    public init(upstream: Upstream, prefix: String, to stream: (any TextOutputStream)? = nil) {
      self.upstream = upstream
      self.prefix = prefix
      self.stream = stream
    }

    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
      upstream.subscribe(Inner(subscriber, prefix: prefix, stream: stream))
    }
  }
}

extension Publishers.Print {
  /// A ``SubscriptionLink`` to the upstream subscription.
  ///
  /// The lines wait in `pending` for the one thread that writes (`writing`);
  /// that thread takes the stream out of the lock while it writes. The
  /// stream, the lines and `writing` are kept under the link's lock.
  private final class Inner<Downstream: Subscriber>: SubscriptionLink<Downstream, Void>, Subscriber, Subscription,
    CombineReflectable
  where Downstream.Input == Output, Downstream.Failure == Failure {
    typealias Input = Upstream.Output
    typealias Failure = Upstream.Failure

    /// The pending lines, and the stream to write them to.
    private typealias Batch = (lines: [String], stream: (any TextOutputStream)?)

    @exclusivity(unchecked) private var stream: (any TextOutputStream)?
    @exclusivity(unchecked) private var pending: [String] = []
    @exclusivity(unchecked) private var writing = false
    private let prefix: String

    var description: String { "Print" }

    /// Shows no children, as Combine's `print`.
    var customMirror: Mirror { Mirror(childless: self) }

    init(_ downstream: Downstream, prefix: String, stream: (any TextOutputStream)?) {
      self.stream = stream
      self.prefix = prefix.isEmpty ? "" : "\(prefix): "
      super.init(downstream, payload: ())
    }

    func receive(subscription: any Subscription) {
      log("receive subscription: (\(subscription))")
      accept(subscription, handing: self)
    }

    func receive(_ input: Input) -> Subscribers.Demand {
      log("receive value: (\(input))")
      guard let (_, downstream, _) = linked else { return .none }
      let additional = downstream.receive(input)
      if additional > 0 {
        log("\(Self.describe(additional)) (synchronous)")
      }
      return additional
    }

    func receive(completion: Subscribers.Completion<Failure>) {
      switch completion {
      case .finished:
        log("receive finished")
      case let .failure(error):
        log("receive error: (\(error))")
      }
      end().downstream?.receive(completion: completion)
    }

    func request(_ demand: Subscribers.Demand) {
      // As in Combine, `.none` is logged and goes to the upstream as is: the upstream decides.
      log(Self.describe(demand))
      subscription?.request(demand)
    }

    func cancel() {
      log("receive cancel")
      // A cancel before the upstream's subscription holds: that subscription
      // is cancelled when it comes.
      end().upstream?.cancel()
    }

    private static func describe(_ demand: Subscribers.Demand) -> String {
      demand.max.map { "request max: (\($0))" } ?? "request unlimited"
    }

    // MARK: Writing

    /// Queues a line; writes it, and any line queued meanwhile, unless
    /// another thread is writing.
    private func log(_ text: String) {
      let line = prefix + text
      var batch: Batch? = lock.withLock {
        pending.append(line)
        guard !writing else { return nil }
        writing = true
        return takeBatch()
      }
      while var current = batch {
        for line in current.lines {
          if var stream = current.stream {
            // The writes of Combine's `print(_:to:)`: a stream that logs
            // them sees "", the line, then "\n".
            stream.write("")
            stream.write(line)
            stream.write("\n")
            current.stream = stream
          } else {
            Swift.print(line)
          }
        }
        let stream = current.stream
        batch = lock.withLock {
          self.stream = stream
          guard !pending.isEmpty else {
            writing = false
            return nil
          }
          return takeBatch()
        }
      }
    }

    /// Under the lock: the pending lines, and the stream to write them to.
    private func takeBatch() -> Batch {
      var lines: [String] = []
      swap(&lines, &pending)
      return (lines, stream)
    }
  }
}
