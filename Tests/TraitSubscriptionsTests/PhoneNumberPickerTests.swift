import ReactiveCore
import SingleTraits
import Testing
import TraitSubscriptions
import TraitsTesting

/// What a contact picker tells its delegate.
protocol ContactPickerDelegate: AnyObject {
  func contactPicker(_ picker: FakeContactPicker, didSelect phoneNumber: String)
  func contactPickerDidCancel(_ picker: FakeContactPicker)
}

/// A stand-in for a UI contact picker: the test plays the user.
final class FakeContactPicker {
  weak var delegate: (any ContactPickerDelegate)?
  private(set) var isPresented = false
  private(set) var presentations = 0

  func present() {
    isPresented = true
    presentations += 1
  }

  /// Dismissed by code, as `didCancel(with:)` does.
  func dismiss() { isPresented = false }

  /// The user picks a number: the picker closes, then tells its delegate.
  func userSelects(_ phoneNumber: String) {
    isPresented = false
    delegate?.contactPicker(self, didSelect: phoneNumber)
  }

  /// The user closes the picker without choosing.
  func userDismisses() {
    isPresented = false
    delegate?.contactPickerDidCancel(self)
  }
}

/// Presents the picker and publishes the phone number the user picks, or
/// nil if the user dismisses the picker.
struct PhoneNumberPublisher: SinglePublisher {
  typealias Output = String?
  typealias Failure = Never

  let picker: FakeContactPicker

  func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
    subscriber.receive(subscription: PickerSubscription(downstream: subscriber, context: picker))
  }

  private final class PickerSubscription<Downstream: Subscriber>:
    TraitSubscriptions.Single<Downstream, FakeContactPicker>, ContactPickerDelegate
  where Downstream.Input == Output, Downstream.Failure == Failure {
    override func start(with picker: FakeContactPicker) {
      picker.delegate = self
      picker.present()
    }

    override func didCancel(with picker: FakeContactPicker) {
      picker.dismiss()
    }

    func contactPicker(_ picker: FakeContactPicker, didSelect phoneNumber: String) {
      receive(.success(phoneNumber))
    }

    func contactPickerDidCancel(_ picker: FakeContactPicker) {
      receive(.success(nil))
    }
  }
}

@Suite struct PhoneNumberPickerTests {
  @Test func thePickerIsPresentedOnSubscription() {
    let picker = FakeContactPicker()
    let results = Collector<Result<String?, Never>>()
    let cancellable = PhoneNumberPublisher(picker: picker).sinkSingle { results.append($0) }

    #expect(picker.isPresented)
    #expect(results.all.isEmpty)
    _ = cancellable
  }

  @Test func theUserSelectsANumber() {
    let picker = FakeContactPicker()
    let results = Collector<Result<String?, Never>>()
    let cancellable = PhoneNumberPublisher(picker: picker).sinkSingle { results.append($0) }

    picker.userSelects("+33 1 23 45 67 89")

    #expect(results.all == [.success("+33 1 23 45 67 89")])
    #expect(!picker.isPresented)
    _ = cancellable
  }

  @Test func theUserDismissesThePicker() {
    let picker = FakeContactPicker()
    let recording = PhoneNumberPublisher(picker: picker).record()

    picker.userDismisses()

    #expect(recording.events == [.subscription, .value(nil), .finished])
  }

  @Test func cancellingWhileThePickerIsShownDismissesIt() {
    let picker = FakeContactPicker()
    let results = Collector<Result<String?, Never>>()
    let cancellable = PhoneNumberPublisher(picker: picker).sinkSingle { results.append($0) }
    #expect(picker.isPresented)

    cancellable.cancel()
    picker.userSelects("+1 555 0100")  // too late: ignored

    #expect(!picker.isPresented)
    #expect(results.all.isEmpty)
  }

  @Test func eachSubscriptionPresentsThePickerOnce() {
    let picker = FakeContactPicker()
    let publisher = PhoneNumberPublisher(picker: picker)
    let recording = publisher.record(demand: .max(1))
    recording.request(.max(1))
    #expect(picker.presentations == 1)
  }
}
