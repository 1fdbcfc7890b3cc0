import ReactiveCore
import Testing

@Suite struct CombineIdentifierTests {
  @Test func newIdentifiersAreUnique() {
    let identifiers = (0..<1000).map { _ in CombineIdentifier() }
    #expect(Set(identifiers).count == 1000)
  }

  @Test func theIdentifierOfAnObjectIsStable() {
    let token = Token()
    #expect(CombineIdentifier(token) == CombineIdentifier(token))
    #expect(CombineIdentifier(token) != CombineIdentifier(Token()))
  }

  @Test func aClassSubscriberGetsItsIdentityAsIdentifier() {
    let probe = LifetimeProbe<Int, Never>(demand: .none)
    #expect(probe.combineIdentifier == CombineIdentifier(probe))
    #expect(CombineIdentifier().description.hasPrefix("0x"))
  }

  @Test func holdsOneUInt64AsCombinesDoes() {
    let token = Token()
    for identifier in [CombineIdentifier(), CombineIdentifier(token)] {
      let children = Array(Mirror(reflecting: identifier).children)
      #expect(children.count == 1)
      #expect(children.first?.label == "rawValue")
      #expect(children.first?.value is UInt64)
    }
    #expect(CombineIdentifier(token).description == "0x" + String(UInt(bitPattern: ObjectIdentifier(token)), radix: 16))
    // A counted identifier never equals an object's.
    #expect(CombineIdentifier() != CombineIdentifier(token))
  }

  @Test func theEmptySubscriptionIgnoresRequestsAndCancellation() {
    let empty = Subscriptions.empty
    empty.request(.max(1))
    empty.cancel()
    empty.request(.unlimited)
    #expect(Subscriptions.empty.combineIdentifier == empty.combineIdentifier)
    #expect(String(describing: empty) == "Empty")
  }
}
