public import MaybeTraits
public import ReactiveCoreFoundation

// Which of ReactiveCore's Foundation publishers are maybe publishers: the rows
// of ReactiveCore+MaybePublisher.swift for the types that need Foundation,
// kept in this file so that the others do not import it.

// NotificationCenter.Publisher: not maybe — it publishes every notification posted.
// ObservableObjectPublisher: not maybe — it publishes every change.
// Published.Publisher: not maybe — it publishes the current value, then every change.
// Timer.TimerPublisher: not maybe — it publishes a date per tick.
// URLSession.DataTaskPublisher: one (data, response), or a URLError.
extension URLSession.DataTaskPublisher: MaybePublisher {}
