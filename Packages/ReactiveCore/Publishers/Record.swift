/// A publisher that allows for recording a series of inputs and a completion,
/// for later playback to each subscriber.
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

  /// Creates a publisher to interactively record a series of outputs and a completion.
  ///
  /// If `record` does not record a completion, the recording finishes.
  ///
  /// - Parameter record: A recording instance that can be retrieved after
  ///   completion to create new record publishers to replay the recording.
  public init(record: (inout Recording) -> Void) {
    var recording = Recording()
    record(&recording)
    self.recording = recording
  }

  /// Creates a record publisher from an existing recording.
  ///
  /// - Parameter recording: A previously-recorded recording of published elements.
  public init(recording: Recording) {
    self.recording = recording
  }

  /// Creates a record publisher to publish the provided elements, followed
  /// by the provided completion value.
  ///
  /// - Parameters:
  ///   - output: An array of output elements to publish.
  ///   - completion: The completion value with which to end publishing.
  public init(output: [Output], completion: Subscribers.Completion<Failure>) {
    self.recording = Recording(output: output, completion: completion)
  }

  @inlinable
  public func receive<S: Subscriber>(subscriber: S) where Output == S.Input, Failure == S.Failure {
    var elements = recording.output.makeIterator()
    if let first = elements.next() {
      subscriber.receive(
        subscription: SequenceSubscription(
          subscriber,
          elements: elements,
          first: first,
          completion: recording.completion,
          name: "Record"
        )
      )
    } else {
      subscriber.receive(subscription: Subscriptions.empty)
      subscriber.receive(completion: recording.completion)
    }
  }
}

extension Record {
  /// A recorded sequence of outputs, followed by a completion value.
  ///
  /// A recording accepts values until it receives a completion; after that,
  /// recording anything more traps.
  public struct Recording {
    public typealias Input = Output

    /// The output which will be sent to a `Subscriber`.
    public private(set) var output: [Output]

    /// The completion which will be sent to a `Subscriber`.
    public private(set) var completion: Subscribers.Completion<Failure>

    private var isComplete: Bool

    /// Set up a recording in a state ready to receive output.
    public init() {
      output = []
      completion = .finished
      isComplete = false
    }

    /// Set up a complete recording with the specified output and completion.
    ///
    /// - Parameters:
    ///   - output: An array of output elements to publish.
    ///   - completion: The completion value with which to end publishing.
    public init(output: [Output], completion: Subscribers.Completion<Failure> = .finished) {
      self.output = output
      self.completion = completion
      isComplete = true
    }

    /// Add an output to the recording.
    ///
    /// A `fatalError` will be raised if output is added after adding completion.
    ///
    /// - Parameter input: The value to add to the recording.
    public mutating func receive(_ input: Record<Output, Failure>.Recording.Input) {
      precondition(!isComplete, "API violation: Record.Recording received a value after its completion")
      output.append(input)
    }

    /// Add a completion to the recording.
    ///
    /// A `fatalError` will be raised if more than one completion is added.
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
