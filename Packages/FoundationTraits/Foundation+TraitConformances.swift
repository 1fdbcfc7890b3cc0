public import MaybeTraits
public import SingleTraits

#if REACTIVECORE_IS_COMBINE
// On a foreign Combine (Apple's; OpenCombine in AppleSwitch), the data task
// publisher comes with Foundation (and the trait modules re-export the Combine
// that declares it).
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
#else
public import ReactiveCoreFoundation
#endif

// Which of Combine's Foundation publishers are maybe and single publishers:
// the rows of ReactiveCore+MaybePublisher.swift and
// ReactiveCore+SinglePublisher.swift for the types that need Foundation, kept
// in this module so that the trait modules do not import it.
// (ObservableObjectPublisher and Published.Publisher, in ReactiveCore, are
// neither: they publish every change.)

// NotificationCenter.Publisher: neither — it publishes every notification posted.
// Timer.TimerPublisher: neither — it publishes a date per tick.
// URLSession.DataTaskPublisher: one (data, response) — any HTTP status — or a URLError:
// a single publisher, and so a maybe publisher.
extension URLSession.DataTaskPublisher: MaybePublisher {}
extension URLSession.DataTaskPublisher: SinglePublisher {}
