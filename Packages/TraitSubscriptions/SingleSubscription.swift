public import ReactiveCore

/// The former name of ``TraitSubscriptions/Single``.
@available(*, deprecated, renamed: "TraitSubscriptions.Single")
public typealias SingleSubscription<Downstream: Subscriber, Context> = TraitSubscriptions.Single<Downstream, Context>
