import TeammateKit

/// Households' documents as last decoded, by their stored text: a device's writes ask for the
/// same household in transaction after transaction, and decoding it again each time was a
/// twentieth of the client's work. Used on the backend's own thread only.
final class DecodedHouseholds {
  private var byText: [String: Household] = [:]
  /// How many documents are kept before all are let go.
  private static let limit = 64

  /// The household `text` holds, decoded by `decode` the first time.
  func household(_ text: String, decode: (String) throws -> Household) throws -> Household {
    if let known = byText[text] { return known }
    let decoded = try decode(text)
    if byText.count >= Self.limit { byText.removeAll(keepingCapacity: true) }
    byText[text] = decoded
    return decoded
  }
}
