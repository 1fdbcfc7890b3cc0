import ReactiveCore
import SingleTraits
import Testing
import TraitSubscriptions
import TraitsTesting

/// The example of Docs/TraitSubscriptions.md (TraitSubscriptionsGuideExample.swift), with what the page says it does.
@Suite struct TraitSubscriptionsGuideTests {
  @Test func theCensusAnswers() {
    let census = Census()
    let recording = PopulationPublisher(census: census, city: "Paris").record()

    census.answer("Paris", with: .success(2_100_000))

    #expect(recording.events == [.subscription, .value(2_100_000), .finished])
  }

  @Test func cancellingCancelsTheLookup() {
    let census = Census()
    let cancellable = PopulationPublisher(census: census, city: "Lyon").sinkSingle { _ in }
    #expect(census.pending["Lyon"] != nil)

    cancellable.cancel()

    #expect(census.pending["Lyon"] == nil)
  }

  @Test func useItLikeAnySinglePublisher() {
    let printed = Collector<String>()
    @Sendable func print(_ item: Any) { printed.append("\(item)") }  // what the page's print shows

    let census = Census()
    let cancellable = PopulationPublisher(census: census, city: "Paris").sinkSingle { result in
      print(result)
    }

    census.answer("Paris", with: .success(2_100_000))
    #expect(printed.all == ["success(2100000)"])
    withExtendedLifetime(cancellable) {}
  }
}
