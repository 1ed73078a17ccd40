import Foundation

/// A string identifier whose phantom `Tag` keeps account, household and card ids apart.
///
/// ```swift
/// let alice: AccountID = "alice"
/// let card = CardID(rawValue: "k3f9a2")
/// // alice == card  // does not compile: different identifier kinds
/// ```
public struct Identifier<Tag>: RawRepresentable, Hashable, Comparable, Sendable, Codable,
  ExpressibleByStringLiteral, CustomStringConvertible
{
  public let rawValue: String

  public init(rawValue: String) { self.rawValue = rawValue }
  /// An id from its text, as stored.
  public init(_ rawValue: String) { self.rawValue = rawValue }
  public init(stringLiteral value: String) { self.rawValue = value }

  public init(from decoder: any Decoder) throws {
    rawValue = try decoder.singleValueContainer().decode(String.self)
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(rawValue)
  }

  public var description: String { rawValue }

  public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// Marks an `Identifier` as an account's.
public enum AccountTag {}
/// Marks an `Identifier` as a household's.
public enum HouseholdTag {}
/// Marks an `Identifier` as a card's.
public enum CardTag {}
/// Marks an `Identifier` as a device write's.
public enum WriteTag {}

/// A stable account uid; linking a credential never changes it.
public typealias AccountID = Identifier<AccountTag>
/// A household's id.
public typealias HouseholdID = Identifier<HouseholdTag>

extension Identifier where Tag == HouseholdTag {
  /// The length of a household's id, as the backend or a device draws one.
  public static var length: Int { 10 }
}
/// A card's id: short enough to type on a command line.
public typealias CardID = Identifier<CardTag>
/// Marks an `Identifier` as a dish's.
public enum DishTag {}
/// A dish of the household's pool, by an id its device made.
public typealias DishID = Identifier<DishTag>
/// Marks an `Identifier` as a shopping list's.
public enum ListTag {}
/// A shopping list of the household's: `main` for its one list (more may come).
public typealias ListID = Identifier<ListTag>
/// Marks an `Identifier` as a shopping list item's.
public enum ItemTag {}
/// An item of a shopping list, by an id its device made.
public typealias ItemID = Identifier<ItemTag>
/// The id a device gives each of its writes, so that the backend applies it at most once.
public typealias WriteID = Identifier<WriteTag>

extension Identifier {
  static var alphabet: [Character] { Array("23456789abcdefghjkmnpqrstuvwxyz") }

  /// Whether the id is one `random` could make: a device names its offline cards this way.
  public static func isWellFormed(_ id: Self, length: Int = 8) -> Bool {
    id.rawValue.count == length && id.rawValue.allSatisfy(alphabet.contains)
  }

  /// A fresh id of `length` characters from an unambiguous lowercase alphabet.
  public static func random(
    length: Int = 8, using generator: inout some RandomNumberGenerator
  ) -> Self {
    let alphabet = Self.alphabet
    let characters = (0..<length).map { _ in
      alphabet[Int(generator.next(upperBound: UInt64(alphabet.count)))]
    }
    return Self(rawValue: String(characters))
  }
}
