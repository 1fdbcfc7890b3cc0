import Foundation
import ReactiveCore
import Testing
import TraitsTesting

@Suite struct TopLevelCodersTests {
  private struct Point: Codable, Equatable {
    var x: Int
    var y: Int
  }

  @Test func propertyListCodersRoundTripThroughEncodeAndDecode() {
    let encoder = PropertyListEncoder()
    encoder.outputFormat = .xml
    let recording = [Point(x: 1, y: 2), Point(x: 3, y: 4)].publisher
      .encode(encoder: encoder)
      .decode(type: Point.self, decoder: PropertyListDecoder())
      .record()
    #expect(recording.values == [Point(x: 1, y: 2), Point(x: 3, y: 4)])
    guard case .finished? = recording.completion else {
      Issue.record("expected .finished, got \(String(describing: recording.completion))")
      return
    }
  }

  @Test func propertyListEncoderPublishesPropertyListData() throws {
    let encoder = PropertyListEncoder()
    encoder.outputFormat = .xml
    let recording = Just(Point(x: 5, y: 6)).encode(encoder: encoder).record()
    let data = try #require(recording.values.first)
    #expect(String(decoding: data, as: UTF8.self).contains("<key>x</key>"))
    #expect(try PropertyListDecoder().decode(Point.self, from: data) == Point(x: 5, y: 6))
  }

  @Test func propertyListDecoderFailsOnDataThatIsNotAPropertyList() {
    let recording = Just(Data("not a plist".utf8))
      .decode(type: Point.self, decoder: PropertyListDecoder())
      .record()
    #expect(recording.values.isEmpty)
    guard case .failure(let error) = recording.completion else {
      Issue.record("expected a failure, got \(String(describing: recording.completion))")
      return
    }
    #expect(error is DecodingError)
  }
}
