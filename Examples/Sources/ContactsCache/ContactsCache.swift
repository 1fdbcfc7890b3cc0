// A library target that depends on the MaybeTraits and ReactiveCore products
// only (see Package.swift): a lookup that may find nothing says so in its type.

import MaybeTraits
import ReactiveCore

/// Someone in the address book.
public struct Contact: Equatable, Sendable, CustomStringConvertible {
  public var name: String
  public var phone: String

  public init(name: String, phone: String) {
    self.name = name
    self.phone = phone
  }

  public var description: String { "\(name) (\(phone))" }
}

/// An in-memory address book.
public struct ContactsCache: Sendable {
  private let contacts: [String: Contact]

  public init(_ contacts: [Contact]) {
    self.contacts = Dictionary(contacts.map { ($0.name.lowercased(), $0) }, uniquingKeysWith: { first, _ in first })
  }

  /// The contact with this name, if there is one: a maybe publisher, which
  /// finishes without a value when nobody has that name.
  public func contact(named name: String) -> AnyMaybePublisher<Contact, Never> {
    guard let contact = contacts[name.lowercased()] else { return .empty() }
    return .just(contact)
  }

  /// The phone number of a contact, if the contact is known.
  public func phone(of name: String) -> AnyMaybePublisher<String, Never> {
    contact(named: name).map(\.phone).eraseToAnyMaybePublisher()
  }
}
