// What the test targets share (TestError, Token, Shared, ContractChecker…)
// lives in Tests/TestSupport; re-exported here for every file of this target.
import CompletableTraits
@_exported import TestSupport

/// Compiles only for a completable publisher: checks conditional conformances.
func completable<P: CompletablePublisher>(_ publisher: P) -> P { publisher }
