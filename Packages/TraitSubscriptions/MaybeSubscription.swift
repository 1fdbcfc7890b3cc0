public import ReactiveCore

/// The former name of ``TraitSubscriptions/Maybe``.
@available(*, deprecated, renamed: "TraitSubscriptions.Maybe")
public typealias MaybeSubscription<Downstream: Subscriber, Context> = TraitSubscriptions.Maybe<Downstream, Context>
