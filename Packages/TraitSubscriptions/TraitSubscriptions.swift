/// A namespace for the open subscription classes that turn a callback-based
/// API into a single or maybe publisher.
public enum TraitSubscriptions {}
