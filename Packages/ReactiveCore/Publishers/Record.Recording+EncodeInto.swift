extension Record.Recording where Output: Codable, Failure: Codable {
  /// Writes the recording to `encoder`, as `encode(to:)` does; Combine
  /// declares both names.
  ///
  /// - Parameter encoder: The encoder to write to.
  public func encode(into encoder: any Encoder) throws {
    try encode(to: encoder)
  }
}
