import Foundation

/// A six-digit invite code, `000000`…`999999`; leading zeros are part of the code.
public struct InviteCode: RawRepresentable, Hashable, Comparable, Sendable, Codable,
  CustomStringConvertible
{
  public let rawValue: String

  /// Accepts exactly six ASCII digits, nothing else.
  public init?(rawValue: String) {
    guard rawValue.utf8.count == 6, rawValue.utf8.allSatisfy({ (48...57).contains($0) }) else {
      return nil
    }
    self.rawValue = rawValue
  }

  /// Parses a code a person typed; surrounding spaces are ignored.
  public init(validating text: String) throws(TeammateError) {
    let trimmed = text.trimmingCharacters(in: .whitespaces)
    guard let code = InviteCode(rawValue: trimmed) else { throw .malformedInviteCode(text) }
    self = code
  }

  /// A uniformly random code from an injected source.
  public static func random(using generator: inout some RandomNumberGenerator) -> InviteCode {
    let value = generator.next(upperBound: UInt64(1_000_000))
    let digits = String(value)
    // NB: force-free: six digits after zero padding always validate.
    return InviteCode(uncheckedDigits: String(repeating: "0", count: 6 - digits.count) + digits)
  }

  private init(uncheckedDigits: String) { rawValue = uncheckedDigits }

  public init(from decoder: any Decoder) throws {
    let text = try decoder.singleValueContainer().decode(String.self)
    guard let code = InviteCode(rawValue: text) else {
      throw DecodingError.dataCorrupted(
        .init(codingPath: decoder.codingPath, debugDescription: "not a six-digit code"))
    }
    self = code
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(rawValue)
  }

  public var description: String { rawValue }

  public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }
}
