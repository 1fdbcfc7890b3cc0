public import SingleTraits

#if REACTIVECORE_IS_COMBINE
// On a foreign Combine (Apple's; OpenCombine in AppleSwitch), the data task
// publisher comes with Foundation (and the trait module re-exports the Combine
// that declares it).
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
#else
public import ReactiveCoreFoundation
#endif

// Which of ReactiveCore's Foundation publishers are single publishers: the
// rows of ReactiveCore+SinglePublisher.swift for the types that need
// Foundation, kept in this file so that the others do not import it.

// NotificationCenter.Publisher: not single — it publishes every notification posted.
// ObservableObjectPublisher: not single — it publishes every change.
// Published.Publisher: not single — it publishes the current value, then every change.
// Timer.TimerPublisher: not single — it publishes a date per tick.
// URLSession.DataTaskPublisher: one (data, response) — any HTTP status — or a URLError.
extension URLSession.DataTaskPublisher: SinglePublisher {}
