// What the test targets share (TestError, Token, Shared, ContractChecker…)
// lives in Tests/TestSupport; re-exported here for every file of this target.
@_exported import TestSupport
