public import MaybeTraits

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

// Which of ReactiveCore's Foundation publishers are maybe publishers: the rows
// of ReactiveCore+MaybePublisher.swift for the types that need Foundation,
// kept in this file so that the others do not import it.

// NotificationCenter.Publisher: not maybe — it publishes every notification posted.
// ObservableObjectPublisher: not maybe — it publishes every change.
// Published.Publisher: not maybe — it publishes the current value, then every change.
// Timer.TimerPublisher: not maybe — it publishes a date per tick.
// URLSession.DataTaskPublisher: one (data, response), or a URLError.
extension URLSession.DataTaskPublisher: MaybePublisher {}
