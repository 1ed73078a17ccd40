import Foundation

/// What a shopping list item says, trimmed, and the key two texts are one thing by: case,
/// Unicode width and surrounding spaces do not make a second item (`milk`, `Milk`, `ｍｉｌｋ`).
public struct ItemText: Sendable, Hashable, Codable, CustomStringConvertible {
  /// The text, trimmed, as it is shown.
  public let text: String

  /// A text typed by a person: refused when empty or longer than an item holds.
  public init(_ raw: String) throws(TeammateError) {
    text = try Validation.name(raw, field: .itemText)
  }

  /// What two texts that are one thing share.
  public var key: String { Folding.key(text) }

  /// Texts are equal when they are one thing.
  public static func == (lhs: ItemText, rhs: ItemText) -> Bool { lhs.key == rhs.key }

  public func hash(into hasher: inout Hasher) { hasher.combine(key) }

  public var description: String { text }

  public init(from decoder: any Decoder) throws {
    text = try decoder.singleValueContainer().decode(String.self)
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(text)
  }
}
