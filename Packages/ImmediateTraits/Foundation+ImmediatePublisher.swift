public import ReactiveCore

// Which of Combine's Foundation publishers (ReactiveCoreFoundation's, and
// ReactiveCore's `Published` and `ObservableObject`) are immediate publishers:
// the rows of ReactiveCore+ImmediatePublisher.swift for those types. None of
// the rows needs Foundation itself: the only conformance is Published's.

// NotificationCenter.Publisher: not immediate — it waits for a notification.
// ObservableObjectPublisher: not immediate — it waits for a change.
// Published.Publisher: the property's current value, on the first demand; it never completes.
extension Published.Publisher: ImmediatePublisher {}
// Timer.TimerPublisher: not immediate — the first tick comes after an interval.
// URLSession.DataTaskPublisher: not immediate — the response arrives later.
