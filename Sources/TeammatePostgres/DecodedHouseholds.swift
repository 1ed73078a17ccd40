import TeammateKit

/// Households' documents as last decoded, each with the text it was decoded from, for the
/// backends of one `PostgresHouseholdMemory` (AC-PG-30): a service's connections take turns
/// at the same households, and decoding one again in each write was a tenth of the client's
/// work. A household is found by its id and used only while its stored text is the one kept,
/// so what is kept is never stale, only let go.
package final class DecodedHouseholds: Sendable {
  private let kept: HouseholdTable<(text: String, household: Household)>
  private let decoded = Locked(0)

  /// What a document is counted for: its text, the decoded value's texts (about as many
  /// bytes again) and the value's fixed parts.
  static func cost(of text: String) -> Int { 2 * text.utf8.count + 256 }

  /// A table of at most about `bytes`.
  package init(bytes: Int, stripes: Int = 16) {
    kept = HouseholdTable(bytes: bytes, stripes: stripes) { Self.cost(of: $0.text) }
  }

  /// The household `text` holds, decoded by `decode` only when no backend has yet: `id` is
  /// the household the text was stored for.
  func household(
    _ id: HouseholdID, stored text: String, decode: (String) throws -> Household
  ) throws -> Household {
    // NB: the lock is held for a lookup by the short id; the long texts compare outside it.
    if let known = kept[id], known.text == text { return known.household }
    let household = try decode(text)
    decoded.withLock { $0 += 1 }
    keep(household, as: text)
    return household
  }

  /// Keeps `household` as what `text` holds: a write that stores it encoded it so.
  func keep(_ household: Household, as text: String) {
    kept.keep((text, household), for: household.id)
  }

  /// How many documents were decoded so far (tests count them).
  package var decodes: Int { decoded.withLock { $0 } }

  /// How many households are kept (tests check the bound).
  package var count: Int { kept.count }

  /// How many bytes the kept households are counted for (tests check the bound).
  package var bytes: Int { kept.bytes }
}
