extension Subscribers {
  /// How a stream ended: it ran out of values, or it failed. Nothing is
  /// delivered after it.
  @frozen
  public enum Completion<Failure: Error> {
    /// The stream ended without error.
    case finished

    /// The stream ended with this error.
    case failure(Failure)
  }
}

extension Subscribers.Completion: Equatable where Failure: Equatable {}

extension Subscribers.Completion: Hashable where Failure: Hashable {}

extension Subscribers.Completion: Sendable where Failure: Sendable {}

/// The keys of an encoded completion: `success` (a Bool), and `error` for a failure.
private enum CompletionCodingKeys: String, CodingKey {
  case success
  case error
}

extension Subscribers.Completion: Encodable where Failure: Encodable {
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CompletionCodingKeys.self)
    switch self {
    case .finished:
      try container.encode(true, forKey: .success)
    case let .failure(error):
      try container.encode(false, forKey: .success)
      try container.encode(error, forKey: .error)
    }
  }
}

extension Subscribers.Completion: Decodable where Failure: Decodable {
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CompletionCodingKeys.self)
    if try container.decode(Bool.self, forKey: .success) {
      self = .finished
    } else {
      self = .failure(try container.decode(Failure.self, forKey: .error))
    }
  }
}
