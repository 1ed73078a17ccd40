import TeammateKit

/// Households' documents as last decoded, each with the text it was decoded from, for every
/// backend of the process (AC-PG-30): a service's connections take turns at the same
/// households, and decoding one again in each write was a tenth of the client's work. A
/// household is found by its id and used only while its stored text is the one kept, so what
/// is kept is never stale, only let go.
package final class DecodedHouseholds: Sendable {
  /// The one every backend uses unless a test gives it its own: a service's households, up
  /// to a limit of a few tens of megabytes.
  package static let shared = DecodedHouseholds(limit: 16_384)

  private let kept: HouseholdTable<(text: String, household: Household)>
  private let decoded = Locked(0)

  /// A table of at most about `limit` households.
  package init(limit: Int, stripes: Int = 16) {
    kept = HouseholdTable(limit: limit, stripes: stripes)
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

  /// How many households are kept (tests check the limit).
  package var count: Int { kept.count }
}
