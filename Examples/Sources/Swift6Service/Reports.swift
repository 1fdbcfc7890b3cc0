// Swift6Service: a small Swift 6 service written as a user would write it on
// top of CombineTraits, with no unsafe escape from concurrency checking
// (Scripts/check-examples-escapes.sh) and no warning (`make test` builds it
// with warnings as errors). Swift6ServiceTests (Examples/Tests) runs it all.

import Foundation
import FoundationTraits  // validateHTTPStatus, and the single trait of URLSession.DataTaskPublisher
import MaybeTraits
import ReactiveCore
import ReactiveCoreFoundation  // URLSession.dataTaskPublisher(for:)
import ReactiveExtras  // AnyDispatchQueueScheduler
import SingleTraits

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Why a report could not be fetched, besides the HTTP errors of
/// `validateHTTPStatus()` (an `HTTPRequestError`).
public enum ReportError: Error, Equatable {
  /// The server did not answer in time.
  case timedOut(path: String)
}

/// Text reports over HTTP. `Sendable`: it holds only `Sendable` values, its
/// erased scheduler included, so any task may use it.
public struct ReportClient: Sendable {
  public let baseURL: URL
  public let scheduler: AnyDispatchQueueScheduler
  public let deadline: DispatchQueue.SchedulerTimeType.Stride

  /// - Parameters:
  ///   - baseURL: The server.
  ///   - scheduler: The clock of the deadline: a queue in production, `.virtual(…)` in tests.
  ///   - deadline: How long a report may take.
  public init(
    baseURL: URL,
    scheduler: AnyDispatchQueueScheduler = AnyDispatchQueueScheduler(DispatchQueue.global()),
    deadline: DispatchQueue.SchedulerTimeType.Stride = .seconds(5)
  ) {
    self.baseURL = baseURL
    self.scheduler = scheduler
    self.deadline = deadline
  }

  /// One report: a single publisher that fails on a status outside
  /// 200..<300 (`validateHTTPStatus()`, which keeps the single trait), and
  /// with `ReportError.timedOut` after the deadline
  /// (`timeout(_:scheduler:error:)`, which keeps it too).
  public func report(_ path: String) -> AnySinglePublisher<String, any Error> {
    URLSession.shared.dataTaskPublisher(for: baseURL.appending(path: path))
      .validateHTTPStatus()
      .map { String(decoding: $0.data, as: UTF8.self) }
      .mapError { $0 as any Error }
      .timeout(deadline, scheduler: scheduler, error: { ReportError.timedOut(path: path) })
  }

  /// The same report, from URLSession's completion-handler API wrapped in
  /// `TraitPublishers.Single`: the promise is `@Sendable`, so the completion
  /// handler captures it as it is.
  public func reportFromCompletionHandler(_ path: String) -> AnySinglePublisher<String, URLError> {
    let url = baseURL.appending(path: path)
    return TraitPublishers.Single<String, URLError> { promise in
      let task = URLSession.shared.dataTask(with: url) { data, _, error in
        if let data {
          promise(.success(String(decoding: data, as: UTF8.self)))
        } else {
          promise(.failure(error as? URLError ?? URLError(.unknown)))
        }
      }
      task.resume()
      return AnyCancellable { task.cancel() }
    }
    .eraseToAnySinglePublisher()
  }
}

/// Reports to fetch together. Erased single publishers are `Sendable` (their
/// output is), so a `Sendable` struct keeps them and a task group fans them out.
public struct ReportBatch: Sendable {
  public var reports: [String: AnySinglePublisher<String, any Error>]

  public init(reports: [String: AnySinglePublisher<String, any Error>]) {
    self.reports = reports
  }

  /// Every report, fetched at once: one child task per report.
  public func fetchAll() async throws -> [String: String] {
    try await withThrowingTaskGroup(of: (String, String).self) { group in
      for (name, report) in reports {
        group.addTask { (name, try await report.value) }
      }
      var texts: [String: String] = [:]
      for try await (name, text) in group {
        texts[name] = text
      }
      return texts
    }
  }
}

/// Settings that several screens need, downloaded once: `cache()` keeps the
/// single trait, so every subscriber, early or late, gets the same one
/// result (`share()` would give a late subscriber only `.finished`).
public struct SettingsStore: Sendable {
  public let settings: AnySinglePublisher<String, any Error>

  public init(client: ReportClient) {
    settings = client.report("/settings").cache().eraseToAnySinglePublisher()
  }
}
