import MaybeTraits
import ReactiveCore
import SingleTraits
import Testing
import TraitsTesting

/// The examples of Docs/TraitPublishers.md, as written, with what the page says they do.
@Suite struct TraitPublishersGuideTests {
  struct DownloadError: Error, Equatable {}

  /// A callback API whose calls complete when the test says so.
  final class Client {
    var pending: [Int: (Result<String, DownloadError>) -> Void] = [:]
    var started: [String] = []
    var cancelled: [Int] = []

    func fetch(_ path: String, completion: @escaping (Result<String, DownloadError>) -> Void) -> Int {
      started.append(path)
      pending[started.count] = completion
      return started.count
    }

    func cancel(_ task: Int) {
      cancelled.append(task)
      pending[task] = nil
    }

    func answer(_ task: Int, _ result: Result<String, DownloadError>) {
      pending.removeValue(forKey: task)?(result)
    }
  }

  /// A storage whose writes complete when the test flushes them.
  final class Storage {
    var writes: [() -> Void] = []
    func write(_ name: String, completion: @escaping () -> Void) { writes.append(completion) }
    func finishPendingWrites() {
      let writes = self.writes
      self.writes = []
      writes.forEach { $0() }
    }
  }

  @Test func theJobClosure() {
    let client = Client()
    let printed = Collector<Result<String, DownloadError>>()
    @Sendable func print(_ result: Result<String, DownloadError>) { printed.append(result) }

    func download(_ path: String) -> TraitPublishers.Single<String, DownloadError> {
      TraitPublishers.Single { promise in
        let task = client.fetch(path) { result in promise(result) }
        return AnyCancellable { client.cancel(task) }
      }
    }

    let cancellable = download("/notes.txt").sinkSingle { result in
      print(result)  // success("notes"), once the client answers
    }
    #expect(client.started == ["/notes.txt"])
    client.answer(1, .success("notes"))
    #expect(printed.all == [.success("notes")])
    // The cancellable is cancelled after the result, for cleanup.
    #expect(client.cancelled == [1])
    _ = cancellable

    // Lazy: nothing starts before demand.
    let recorder = download("/later.txt").record(demand: .none)
    #expect(client.started == ["/notes.txt"])
    recorder.request(.max(1))
    #expect(client.started == ["/notes.txt", "/later.txt"])

    // Cancelling stops the job.
    recorder.cancel()
    #expect(client.cancelled == [1, 2])

    // Each subscriber gets its own job.
    let publisher = download("/twice.txt")
    let first = publisher.record()
    let second = publisher.record()
    #expect(client.started.suffix(2) == ["/twice.txt", "/twice.txt"])
    client.answer(3, .success("a"))
    client.answer(4, .failure(DownloadError()))
    #expect(first.events == [.subscription, .value("a"), .finished])
    #expect(second.events == [.subscription, .failure(DownloadError())])
  }

  @Test func maybeJob() {
    let notes = ["today": "buy milk"]

    func cachedNote(_ key: String) -> TraitPublishers.Maybe<String, Never> {
      TraitPublishers.Maybe { promise in
        if let note = notes[key] {
          promise(.success(note))
        } else {
          promise(.finished)
        }
        return AnyCancellable {}
      }
    }

    #expect(cachedNote("today").record().events == [.subscription, .value("buy milk"), .finished])
    #expect(cachedNote("tomorrow").record().events == [.subscription, .finished])
  }

  @Test func forwardingAnotherTraitPublisher() {
    let client = Client()
    func download(_ path: String) -> TraitPublishers.Single<String, DownloadError> {
      TraitPublishers.Single { promise in
        let task = client.fetch(path) { result in promise(result) }
        return AnyCancellable { client.cancel(task) }
      }
    }

    let upper = TraitPublishers.Single<String, DownloadError> { promise in
      download("/notes.txt").map { $0.uppercased() }.sinkSingle(receive: promise)
    }

    let recorder = upper.record()
    client.answer(1, .success("notes"))
    #expect(recorder.events == [.subscription, .value("NOTES"), .finished])

    // Cancelling the outer job cancels the forwarded one.
    let cancelled = upper.record()
    cancelled.cancel()
    #expect(client.cancelled.contains(2))
  }

  @Test func preventCancellation() {
    let storage = Storage()

    var saved: [String] = []
    let save = TraitPublishers.Single<Void, Never> { promise in
      storage.write("draft") {
        saved.append("draft")
        promise(.success(()))
      }
      return AnyCancellable {}
    }

    let screen = save.preventCancellation().sinkSingle { _ in }
    screen.cancel()  // the screen goes away…
    storage.finishPendingWrites()  // …the write still completes
    // saved == ["draft"]
    #expect(saved == ["draft"])

    // Without preventCancellation, the promise after a cancel is ignored.
    let heard = Shared<Bool>(false)
    let plain = save.sinkSingle { _ in heard.value = true }
    plain.cancel()
    storage.finishPendingWrites()
    #expect(saved == ["draft", "draft"])
    #expect(!heard.value)
  }

  @Test func preventCancellationKeepsTheTrait() {
    let single: some SinglePublisher<Int, Never> = Just(1).preventCancellation()
    let maybe: some MaybePublisher<Int, Never> = Empty<Int, Never>().preventCancellation()
    #expect(single.record().events == [.subscription, .value(1), .finished])
    #expect(maybe.record().events == [.subscription, .finished])
  }
}
