/// The namespace of the trait publishers built from a closure, such as
/// ``TraitPublishers/Maybe``.
///
/// Other trait modules add their own publishers to it (SingleTraits adds
/// `TraitPublishers.Single`).
public enum TraitPublishers {}

/// The name of ``TraitPublishers`` in older versions of the library.
@available(*, deprecated, renamed: "TraitPublishers", message: "PublisherTraits was renamed TraitPublishers")
public typealias PublisherTraits = TraitPublishers
