/// Replays a fixed list of values and one completion, the same for every
/// subscriber.
///
/// Each subscriber receives the recorded values as its demand allows, then
/// the recorded completion (which needs no demand).
///
/// ```swift
/// let record = Record<Int, Never> { recording in
///   recording.receive(1)
///   recording.receive(2)
///   recording.receive(completion: .finished)
/// }
/// ```
public struct Record<Output, Failure: Error>: Publisher {
  /// The recorded output and completion.
  public let recording: Recording

  /// Creates a publisher whose recording is filled in by the `record` closure.
  ///
  /// If `record` does not record a completion, the recording finishes.
  ///
  /// - Parameter record: Called once, right away, with an empty recording to
  ///   fill; the result is kept in ``recording``.
  public init(record: (inout Recording) -> Void) {
    var recording = Recording()
    record(&recording)
    self.recording = recording
  }

  /// Creates a publisher that replays `recording`.
  ///
  /// - Parameter recording: The values and completion to replay.
  public init(recording: Recording) {
    self.recording = recording
  }

  /// Creates a publisher that replays `output`, then `completion`.
  ///
  /// - Parameters:
  ///   - output: The values to replay, in order.
  ///   - completion: How each replay ends, after the last value.
  public init(output: [Output], completion: Subscribers.Completion<Failure>) {
    self.recording = Recording(output: output, completion: completion)
  }

  @inlinable
  public func receive<S: Subscriber>(subscriber: S) where Output == S.Input, Failure == S.Failure {
    SequenceSubscription.start(subscriber, sequence: recording.output, completion: recording.completion, kind: .record)
  }
}

extension Record {
  /// The values and the completion a ``Record`` replays.
  ///
  /// A recording accepts values until it receives a completion; after that,
  /// recording anything more traps.
  public struct Recording {
    public typealias Input = Output

    /// The recorded values, in order.
    public private(set) var output: [Output]

    /// The recorded completion; `.finished` until one is recorded.
    public private(set) var completion: Subscribers.Completion<Failure>

    private var isComplete: Bool

    /// Creates an empty recording that still accepts values.
    public init() {
      output = []
      completion = .finished
      isComplete = false
    }

    /// Creates a closed recording of `output` followed by `completion`.
    ///
    /// - Parameters:
    ///   - output: The values, in order.
    ///   - completion: How the replay ends, after the last value.
    public init(output: [Output], completion: Subscribers.Completion<Failure> = .finished) {
      self.output = output
      self.completion = completion
      isComplete = true
    }

    /// Appends `input` to the recorded values.
    ///
    /// Traps once a completion has been recorded.
    ///
    /// - Parameter input: The value to add to the recording.
    public mutating func receive(_ input: Record<Output, Failure>.Recording.Input) {
      precondition(!isComplete, "API violation: Record.Recording received a value after its completion")
      output.append(input)
    }

    /// Records how the replay ends, and closes the recording.
    ///
    /// Traps if a completion was already recorded.
    ///
    /// - Parameter completion: The completion to add to the recording.
    public mutating func receive(completion: Subscribers.Completion<Failure>) {
      precondition(!isComplete, "API violation: Record.Recording received a second completion")
      self.completion = completion
      isComplete = true
    }
  }
}

extension Record.Recording: Codable where Output: Codable, Failure: Codable {
  private enum CodingKeys: String, CodingKey {
    case output
    case completion
  }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    self.init(
      output: try container.decode([Output].self, forKey: .output),
      completion: try container.decode(Subscribers.Completion<Failure>.self, forKey: .completion)
    )
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(output, forKey: .output)
    try container.encode(completion, forKey: .completion)
  }
}

extension Record: Codable where Output: Codable, Failure: Codable {
  private enum CodingKeys: String, CodingKey {
    case recording
  }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    self.init(recording: try container.decode(Recording.self, forKey: .recording))
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(recording, forKey: .recording)
  }
}
