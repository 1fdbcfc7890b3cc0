import MaybeTraits
import ReactiveCore
import SingleTraits
import Testing
import TraitsTesting

/// The samples of the "Composing Single Publishers" section of the specification.
@Suite struct ComposingSinglePublishersSampleTests {
  struct APIModel: Equatable { var name: String }
  struct Model: Equatable {
    var name: String
    init(_ apiModel: APIModel) { name = apiModel.name }
  }

  /// Where the sample's "disk" is.
  final class Store {
    var saved: [Model] = []
  }

  /// A publisher that downloads some API model.
  func downloadPublisher() -> AnySinglePublisher<APIModel, any Error> {
    .just(APIModel(name: "Alice"))
  }

  /// A publisher that saves a model in the store.
  func savePublisher(_ model: Model, in store: Store) -> AnySinglePublisher<Void, any Error> {
    TraitPublishers.Single { promise in
      store.saved.append(model)
      promise(.success(()))
      return AnyCancellable {}
    }
    .eraseToAnySinglePublisher()
  }

  /// A publisher that downloads and saves.
  func refreshPublisher(store: Store) -> AnySinglePublisher<Void, any Error> {
    downloadPublisher()
      .map { apiModel in Model(apiModel) }
      .flatMap { model in self.savePublisher(model, in: store) }
      .eraseToAnySinglePublisher()
  }

  @Test func downloadsThenSaves() {
    let store = Store()
    let outcomes = Collector<Bool>()
    let cancellable = refreshPublisher(store: store).sinkSingle { result in
      outcomes.append((try? result.get()) != nil)
    }
    #expect(outcomes.all == [true])
    #expect(store.saved == [Model(APIModel(name: "Alice"))])
    withExtendedLifetime(cancellable) {}
  }
}
