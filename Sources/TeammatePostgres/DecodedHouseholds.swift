import Synchronization
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

  /// How many households are kept; past it one is let go for each new one.
  package let limit: Int
  private let state = Mutex(Kept())

  private struct Kept {
    var byID: [HouseholdID: (text: String, household: Household)] = [:]
    var decodes = 0
  }

  package init(limit: Int) { self.limit = max(1, limit) }

  /// The household `text` holds, decoded by `decode` only when no backend has yet: `id` is
  /// the household the text was stored for.
  func household(
    _ id: HouseholdID, stored text: String, decode: (String) throws -> Household
  ) throws -> Household {
    // NB: the lock is held for a lookup by the short id; the long texts compare outside it.
    if let kept = state.withLock({ $0.byID[id] }), kept.text == text { return kept.household }
    let decoded = try decode(text)
    state.withLock { $0.decodes += 1 }
    keep(decoded, as: text)
    return decoded
  }

  /// Keeps `household` as what `text` holds: a write that stores it encoded it so.
  func keep(_ household: Household, as text: String) {
    state.withLock { kept in
      if kept.byID[household.id] == nil, kept.byID.count >= limit {
        kept.byID.remove(at: kept.byID.startIndex)
      }
      kept.byID[household.id] = (text, household)
    }
  }

  /// How many documents were decoded so far (tests count them).
  package var decodes: Int { state.withLock { $0.decodes } }

  /// How many households are kept (tests check the limit).
  package var count: Int { state.withLock { $0.byID.count } }
}
