import Foundation

/// A dish's name as a person typed it (trimmed), and the key two names are one dish by:
/// case, Unicode width and surrounding spaces do not make a second dish — `咖哩` and `咖哩 `,
/// `Curry`, `curry` and `ｃｕｒｒｙ` are one.
public struct DishName: Sendable, Hashable, Codable, CustomStringConvertible {
  /// The name, trimmed, as it is shown.
  public let text: String

  /// A name typed by a person: refused when empty or longer than a household's name.
  public init(_ raw: String) throws(TeammateError) {
    text = try Validation.name(raw, field: .dishName)
  }

  /// What two names that are one dish share: the compatibility form (full-width letters and
  /// digits as their plain kin, the ideographic space as a space), in lower case.
  public var key: String { Folding.key(text) }

  /// Names are equal when they name one dish.
  public static func == (lhs: DishName, rhs: DishName) -> Bool { lhs.key == rhs.key }

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
