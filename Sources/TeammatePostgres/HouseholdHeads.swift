import TeammateKit

/// A household as a write of this process last committed it: the text stored and the feed's
/// last number, which the next add runs on and checks in its one round trip (ADR 0018).
struct HouseholdHead: Equatable, Sendable {
  let id: HouseholdID
  let text: String
  let last: Int64
}

/// The heads the writes of one `PostgresHouseholdMemory`'s backends left (AC-PG-32): a head
/// is only a guess, checked under the household's lock, so one that is stale costs a round
/// trip and nothing else.
package final class HouseholdHeads: Sendable {
  private let heads: HouseholdTable<HouseholdHead>

  /// Heads of at most about `bytes`, each counted for its text and its fixed parts.
  package init(bytes: Int) {
    heads = HouseholdTable(bytes: bytes) { $0.text.utf8.count + 64 }
  }

  /// The head a write of the process left for `household`, if it is kept.
  func head(of household: HouseholdID) -> HouseholdHead? { heads[household] }

  /// Keeps `head`, in place of what was kept for its household.
  func record(_ head: HouseholdHead) { heads.keep(head, for: head.id) }

  /// Lets go of `household`'s head: a check found it stale.
  func forget(_ household: HouseholdID) { heads.forget(household) }
}
