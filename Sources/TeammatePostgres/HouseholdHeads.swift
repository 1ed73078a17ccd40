import Synchronization
import TeammateKit

/// A household as a write of this process last committed it: the text stored and the feed's
/// last number, which the next add runs on and checks in its one round trip (ADR 0018).
struct HouseholdHead: Equatable {
  let id: HouseholdID
  let text: String
  let last: Int64
}

/// The heads the process's writes left, shared by its backends (AC-PG-32): a head is only
/// a guess, checked under the household's lock, so one that is stale costs a round trip and
/// nothing else.
package final class HouseholdHeads: Sendable {
  /// The one every backend uses unless a test gives it its own.
  package static let shared = HouseholdHeads(limit: 16_384)

  /// How many households are kept; past it one is let go for each new one.
  package let limit: Int
  private let heads = Mutex([HouseholdID: HouseholdHead]())

  package init(limit: Int) { self.limit = max(1, limit) }

  /// The head a write of the process left for `household`, if it is kept.
  func head(of household: HouseholdID) -> HouseholdHead? {
    heads.withLock { $0[household] }
  }

  /// Keeps `head`, in place of what was kept for its household.
  func record(_ head: HouseholdHead) {
    heads.withLock { heads in
      if heads[head.id] == nil, heads.count >= limit { heads.remove(at: heads.startIndex) }
      heads[head.id] = head
    }
  }

  /// Lets go of `household`'s head: a check found it stale.
  func forget(_ household: HouseholdID) {
    _ = heads.withLock { $0.removeValue(forKey: household) }
  }
}
