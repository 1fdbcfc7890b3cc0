import Foundation
import ReactiveCore
import Testing
import TraitsTesting

@Suite struct RecordTests {
  @Test func replaysTheRecordedValuesAndCompletion() {
    let record = Record<Int, TestError> { recording in
      recording.receive(1)
      recording.receive(2)
      recording.receive(completion: .failure(TestError(code: 1)))
    }
    let recorder = record.record()
    #expect(recorder.events == [.subscription, .value(1), .value(2), .failure(TestError(code: 1))])
  }

  @Test func aRecordingWithoutCompletionFinishes() {
    let record = Record<Int, TestError> { $0.receive(1) }
    #expect(record.record().events == [.subscription, .value(1), .finished])
  }

  @Test func replaysValuesAsDemandAllowsAndTheCompletionWithoutDemand() {
    let record = Record<Int, TestError>(output: [1, 2], completion: .failure(TestError(code: 2)))
    let recorder = record.record(demand: .max(1))
    #expect(recorder.events == [.subscription, .value(1)])

    recorder.request(.max(1))

    #expect(recorder.events == [.subscription, .value(1), .value(2), .failure(TestError(code: 2))])
  }

  @Test func anEmptyRecordingCompletesAtSubscription() {
    let record = Record<Int, TestError>(output: [], completion: .failure(TestError(code: 3)))
    #expect(record.record(demand: .none).events == [.subscription, .failure(TestError(code: 3))])
  }

  @Test func replaysToEverySubscriber() {
    let record = Record<Int, Never>(recording: .init(output: [1, 2]))
    #expect(record.record().values == [1, 2])
    #expect(record.record().values == [1, 2])
  }

  @Test func roundTripsThroughCodable() throws {
    struct CodableError: Error, Codable, Equatable { var reason: String }
    let record = Record<Int, CodableError>(output: [1, 2], completion: .failure(CodableError(reason: "x")))
    let decoded = try JSONDecoder().decode(Record<Int, CodableError>.self, from: JSONEncoder().encode(record))
    #expect(decoded.recording.output == [1, 2])
    #expect(decoded.recording.completion == .failure(CodableError(reason: "x")))
  }

  @Test func recordingEncodesIntoAnEncoderAsCombineWritesIt() throws {
    struct Box: Encodable {
      let recording: Record<Int, Never>.Recording
      func encode(to encoder: any Encoder) throws { try recording.encode(into: encoder) }
    }
    let recording = Record<Int, Never>.Recording(output: [1, 2], completion: .finished)
    let encoder = JSONEncoder()
    encoder.outputFormatting = .sortedKeys
    let data = try encoder.encode(Box(recording: recording))
    #expect(String(decoding: data, as: UTF8.self) == #"{"completion":{"success":true},"output":[1,2]}"#)
    let decoded = try JSONDecoder().decode(Record<Int, Never>.Recording.self, from: data)
    #expect(decoded.output == [1, 2])
    #expect(decoded.completion == .finished)
  }

  @Test func recordingAValueAfterTheCompletionTraps() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      _ = Record<Int, Never> { recording in
        recording.receive(completion: .finished)
        recording.receive(1)
      }
    }
    #expect(result.standardErrorText.contains("API violation: Record.Recording received a value after its completion"))
  }

  @Test func recordingASecondCompletionTraps() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      var recording = Record<Int, Never>.Recording(output: [1])
      recording.receive(completion: .finished)
    }
    #expect(result.standardErrorText.contains("API violation: Record.Recording received a second completion"))
  }

  @Test func requestingNoDemandIsANoOp() {
    let recorder = Record<Int, TestError>(output: [1, 2], completion: .finished).record(demand: .none)

    recorder.request(.none)
    #expect(recorder.events == [.subscription])

    recorder.request(.max(2))
    #expect(recorder.events == [.subscription, .value(1), .value(2), .finished])
  }
}
