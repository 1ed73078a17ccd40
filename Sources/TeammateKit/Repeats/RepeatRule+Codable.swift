import Foundation

/// Stores and syncs as its `RRULE` text, so that a store's rows and documents read as
/// iCalendar and a later build that knows more of RFC 5545 reads them still.
extension RepeatRule: Codable {
  public init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    let text = try container.decode(String.self)
    do {
      self = try RepeatRule(parsing: text)
    } catch {
      throw DecodingError.dataCorruptedError(
        in: container, debugDescription: error.description)
    }
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(text)
  }
}
