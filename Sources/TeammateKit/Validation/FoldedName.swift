import Foundation

/// Which kind of name a `FoldedName` is: the field its limits and refusals are of.
public protocol FoldedNameKind: Sendable {
  /// The field a refusal names.
  static var field: NameField { get }
  /// What names of this kind that are one thing share (`Folding`'s key of the whole name,
  /// unless the kind says otherwise).
  static func key(of text: String) -> String
}

extension FoldedNameKind {
  /// The whole name folded: case, Unicode width and surrounding spaces aside.
  public static func key(of text: String) -> String { Folding.key(text) }
}

/// A name a person typed (trimmed), and the key two names are one thing by: case, Unicode
/// width and surrounding spaces do not make a second one — `咖哩` and `咖哩 `, `Curry`,
/// `curry` and `ｃｕｒｒｙ` are one (`Folding`).
public struct FoldedName<Kind: FoldedNameKind>: Sendable, Hashable, Codable,
  CustomStringConvertible
{
  /// The name, trimmed, as it is shown.
  public let text: String
  /// What two names that are one thing share: folded once, since names are compared and
  /// hashed far more often than they are made (every item of a list, on every change).
  public let key: String

  /// A name typed by a person: refused when empty or longer than its field allows.
  public init(_ raw: String) throws(TeammateError) {
    text = try Validation.name(raw, field: Kind.field)
    key = Kind.key(of: text)
  }

  /// Names are equal when they are one thing.
  public static func == (lhs: Self, rhs: Self) -> Bool { lhs.key == rhs.key }

  public func hash(into hasher: inout Hasher) { hasher.combine(key) }

  public var description: String { text }

  public init(from decoder: any Decoder) throws {
    text = try decoder.singleValueContainer().decode(String.self)
    key = Kind.key(of: text)
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(text)
  }
}
