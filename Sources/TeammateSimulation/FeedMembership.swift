import Foundation
import TeammateKit
import TeammateTestSupport

/// Who is a member at each point of the feed, replayed change by change.
struct FeedMembership {
  private var members: Set<AccountID> = []
  /// The members an erasure took out, until the checks take them.
  private var erased: [AccountID] = []

  /// The members erased since the last call, whom the checks' own copies must name as a
  /// former member from now on.
  mutating func takeErased() -> [AccountID] {
    defer { erased = [] }
    return erased
  }

  /// Takes in one change; the author, when they acted while not a member.
  mutating func follow(_ change: Change) -> AccountID? {
    switch change.kind {
    case .householdCreated, .memberJoined:
      members.insert(change.actor)
      return nil
    case .memberLeft:
      return members.remove(change.actor) == nil ? change.actor : nil
    case .accountErased:
      // NB: the actor is the former member: who left is whom the household no longer lists.
      let staying = Set(change.household?.members.map(\.uid) ?? [])
      let gone = members.subtracting(staying)
      guard change.actor == Erasure.formerMember, gone.count == 1 else { return change.actor }
      erased += gone
      members = staying
      return nil
    default:
      return members.contains(change.actor) ? nil : change.actor
    }
  }
}
