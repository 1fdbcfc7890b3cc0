public import ReactiveCore
public import TraitsTesting

/// Records `subject`, sends 1, cancels the recorder, then sends 2 and a
/// finish: returns the recorder, whose events the caller checks (a subject
/// delivers nothing more to a cancelled subscriber).
public func recordCancelledAfterTheFirstValue<S: Subject>(_ subject: S) -> RecordingSubscriber<Int, S.Failure>
where S.Output == Int {
  let recorder = subject.record()
  subject.send(1)
  recorder.cancel()
  subject.send(2)
  subject.send(completion: .finished)
  return recorder
}
