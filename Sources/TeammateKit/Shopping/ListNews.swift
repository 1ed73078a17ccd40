import Foundation

/// What one partner did on the list since the person last looked at it: the things they put on
/// it that are still needed, and the things they got. Only what, never how many each did.
public struct ListNews: Sendable, Codable, Hashable {
  /// The partner.
  public var actor: AccountID
  /// What they added that is still needed, in the order added.
  public var added: [String]
  /// What they got, in the order got.
  public var got: [String]
  /// Server time of the latest of them: the list notification is about this instant.
  public var at: Date

  /// News with every field given; `ListNews.since` finds it in a list.
  public init(actor: AccountID, added: [String] = [], got: [String] = [], at: Date) {
    self.actor = actor
    self.added = added
    self.got = got
    self.at = at
  }

  /// Each partner's news in `items` for `viewer`: the items whose last change came after the
  /// `mark` (by `sequence`, the feed number of each item's last change), as they now stand.
  /// An item the viewer got or cleared since is no news. Oldest partner first.
  public static func since(
    _ mark: Int64, items: some Sequence<ShoppingItem>, sequence: (ItemID) -> Int64,
    viewer: AccountID
  ) -> [ListNews] {
    var byActor: [AccountID: (added: [(Int64, String)], got: [(Int64, String)], at: Date)] = [:]
    for item in items {
      let number = sequence(item.id)
      guard number > mark else { continue }
      // NB: changed in place, so that a long list is read in one pass.
      switch item.state {
      case .needed where item.addedBy != viewer:
        byActor[item.addedBy, default: ([], [], item.addedAt)].added.append(
          (number, item.text.text))
        if let at = byActor[item.addedBy]?.at, at < item.addedAt {
          byActor[item.addedBy]?.at = item.addedAt
        }
      case .got(let by, let at) where by != viewer:
        byActor[by, default: ([], [], at)].got.append((number, item.text.text))
        if let latest = byActor[by]?.at, latest < at { byActor[by]?.at = at }
      default:
        continue
      }
    }
    // NB: in the feed's order, which is the order done.
    return byActor.map { actor, lines in
      ListNews(
        actor: actor, added: lines.added.sorted { $0.0 < $1.0 }.map(\.1),
        got: lines.got.sorted { $0.0 < $1.0 }.map(\.1), at: lines.at)
    }.sorted { ($0.at, $0.actor) < ($1.at, $1.actor) }
  }

  /// How many names a sentence gives before "and N more".
  public static let named = 3

  /// The first names of `things` and how many more there are: all of them up to `named`,
  /// else one fewer than `named` and the rest counted ("milk, eggs and 2 more").
  public static func shortened(_ things: [String]) -> (names: [String], more: Int) {
    guard things.count > named else { return (things, 0) }
    return (Array(things.prefix(named - 1)), things.count - (named - 1))
  }

  /// Whether a change of an item makes it news the list tells as added or got (AC-LIST-30):
  /// an add that only merged into a needed item (a note) does not, nor does a move; each is
  /// news of its own kind (`PartnerNews`).
  package static func tells(
    _ kind: ChangeKind, _ item: ShoppingItem, before: ShoppingItem?
  ) -> Bool {
    switch kind {
    case .itemAdded:
      guard let before, before.isNeeded else { return true }
      return before.text.text != item.text.text
    case .itemGot, .itemUndone: return true
    case .householdCreated, .householdUpdated, .memberJoined, .memberLeft, .memberUpdated,
      .accountErased, .cardAdded, .cardEdited, .cardAcknowledged, .cardCompleted, .cardDeleted,
      .cardRestored, .cardSkipped, .dishAdded, .dishEdited, .dishRemoved, .dishRestored,
      .itemCleared, .itemMoved, .itemTakenBack, .itemEdited:
      return false
    }
  }
}
