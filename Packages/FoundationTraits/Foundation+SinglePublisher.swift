public import ReactiveCoreFoundation
public import SingleTraits

// Which of ReactiveCore's Foundation publishers are single publishers: the
// rows of ReactiveCore+SinglePublisher.swift for the types that need
// Foundation, kept in this file so that the others do not import it.

// NotificationCenter.Publisher: not single — it publishes every notification posted.
// ObservableObjectPublisher: not single — it publishes every change.
// Published.Publisher: not single — it publishes the current value, then every change.
// Timer.TimerPublisher: not single — it publishes a date per tick.
// URLSession.DataTaskPublisher: one (data, response) — any HTTP status — or a URLError.
extension URLSession.DataTaskPublisher: SinglePublisher {}
