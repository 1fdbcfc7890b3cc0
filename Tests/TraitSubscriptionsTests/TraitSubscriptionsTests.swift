import Testing
import TraitSubscriptions

@Suite struct TraitSubscriptionsNamespaceTests {
  @Test func theNamespaceIsPublicAndUninhabited() {
    // `TraitSubscriptions` is an enum with no case: it only groups the
    // subscription classes, and can never be instantiated.
    #expect(MemoryLayout<TraitSubscriptions>.size == 0)
    #expect("\(TraitSubscriptions.self)" == "TraitSubscriptions")
  }
}
