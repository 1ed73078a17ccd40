import Foundation

/// What one device remembers between runs: its cursor in the feed, its copy of the household,
/// what waits to be sent and what the person has not seen yet. Read-only to an app: the
/// device keeps it in its `DeviceStore` itself (ADR 0020); `Codable`, for a store of the
/// app's own, which saves and gives back what it is handed and sets nothing.
public struct DeviceState: Sendable, Codable, Equatable {
  // NB: declared in the order equality compares them, cheapest and most often different
  // first: a device compares its state with the one saved in every turn (ADR 0020), and a
  // write differs in its outbox long before its cards.
  /// The writes made here that the backend has not answered yet, in the order made.
  package var outbox: [OutboxEntry] = []
  /// The last feed sequence this device pulled.
  package var cursor: Int64 = 0
  /// Writes of this device whose answers it holds and has not yet told the backend of: the
  /// next write sent names them, and their receipts go (AC-OFF-10).
  package var heldAnswers: [WriteID] = []
  /// What did not land as it was made, until the person has seen it.
  package var conflicts: [SyncConflict] = []
  /// What the partner did that the person has not marked seen (`Device.news`).
  var news: [PartnerNews] = []
  /// The household the device follows, if any.
  package var householdID: HouseholdID?
  /// The feed sequence up to which the person has looked at the list: the partner's list
  /// changes after it are news.
  package var listSeen: Int64 = 0
  /// The changes past the cursor already told as news (pushed before the pull that brings
  /// them): the pull tells every other change past the cursor (AC-NEWS-01). The device's own
  /// to keep: no app sets it.
  var toldAhead: Set<Int64> = []
  /// The items changed after the mark: the only ones the list's news is looked for in, so
  /// that a long list costs nothing to plan with.
  package var listUnseen: Set<ItemID> = []
  /// The reminders this device has shown: each fires once, however often it syncs.
  package var shown: Set<NotificationOccurrence> = []
  /// Partner activity whose notification has not fired yet (deferred by quiet hours).
  package var waitingActivity: [ActivityEvent] = []
  /// The notifications this device last handed to its scheduler, with their text: what an
  /// app lists without running the planner itself.
  package var planned: [PlannedNotification] = []
  /// The shop the person said they are in, kept until they say otherwise: their gets there
  /// teach its order (AC-LIST-19).
  package var shop: String?
  /// The household's gets made in a named shop, as pulled, the newest `shopGetsKept`: what a
  /// shop's order is learned from, the same on both partners' devices.
  package var shopGets: [ShopGet] = []
  /// That household as last pulled.
  package var household: Household?
  /// The household's shopping list items as last pulled, cleared ones included, by id.
  package var items: [ItemID: ShoppingItem] = [:]
  /// Per document other than a card (the household, each item), the sequence of the change
  /// last applied to it.
  package var appliedSequence: [String: Int64] = [:]
  /// Per card, the sequence of the change last applied to its copy: apart from the other
  /// documents', so that a save finds the copies that moved without reading every key.
  var cardApplied: [CardID: Int64] = [:]
  /// The cards whose copy this state applied lately, for a save to find what moved since
  /// the last without comparing every card. Not part of the state's value.
  var cardJournal = CardJournal()
  /// Its cards as last pulled, by id.
  package var cards: [CardID: Card] = [:]
  /// Every account this device has seen act in its household or be a member of it: all an
  /// account named in its copies can be. An erasure pulled names the one the backend no
  /// longer knows the former member's here too (AC-PORT-06).
  var knownMembers: Set<AccountID> = []
  /// Whether an erasure was pulled whose accounts this device's copies still name: the next
  /// sync names them the former member (`Device.forgetErased`), however often it fails first.
  var erasureHeard = false
  /// How many of the household's changes this device has pulled, up to its cursor: its place
  /// in the feed, which a store the household moves to numbers its own way (AC-PORT-14).
  package var position = 0
  /// Where the household moved, once a call here was refused saying so (AC-PORT-14): a device
  /// opened on that store arrives there at its next sync.
  package var movedTo: String?

  /// How many gets in named shops a device keeps to learn their order from, the newest: a
  /// year of a couple's weekly trips.
  package static let shopGetsKept = 2_000

  /// The state of a new install: nothing known, nothing waiting.
  public init() {}

  /// The state of a device that has pulled nothing yet of the household it follows.
  package init(following household: HouseholdID) { householdID = household }

  enum CodingKeys: String, CodingKey, CaseIterable {
    case householdID, household, cursor, cards, appliedSequence, waitingActivity, planned, shown
    case outbox, conflicts, heldAnswers, items, listSeen, listUnseen, toldAhead, news
    case shop, shopGets, cardApplied, knownMembers, erasureHeard, position, movedTo
  }

  /// Set to `true` in a decoder's `userInfo`, the state decodes without its waiting activity:
  /// for a device opened on a store it may not write (AC-DEV-23).
  package static let leavesWaitingActivityUnread: CodingUserInfoKey = {
    guard let key = CodingUserInfoKey(rawValue: "teammate.leavesWaitingActivityUnread") else {
      preconditionFailure("a user-info key is any text")
    }
    return key
  }()

  /// The name of the part a device file keeps the waiting activity in (AC-DEV-18, AC-DEV-23).
  package static let waitingActivityPart = CodingKeys.waitingActivity.stringValue

  /// NB: every field may be missing, so that a state saved by an earlier version still opens.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    householdID = try container.decodeIfPresent(HouseholdID.self, forKey: .householdID)
    household = try container.decodeIfPresent(Household.self, forKey: .household)
    cursor = try container.decodeIfPresent(Int64.self, forKey: .cursor) ?? 0
    cards = try container.decodeIfPresent([CardID: Card].self, forKey: .cards) ?? [:]
    appliedSequence =
      try container.decodeIfPresent([String: Int64].self, forKey: .appliedSequence) ?? [:]
    cardApplied = try container.decodeIfPresent([CardID: Int64].self, forKey: .cardApplied) ?? [:]
    // NB: a state saved before the cards' sequences were kept apart holds them as "card:" keys.
    for (key, sequence) in appliedSequence where key.hasPrefix(Self.cardKeyPrefix) {
      cardApplied[CardID(String(key.dropFirst(Self.cardKeyPrefix.count)))] = sequence
      appliedSequence[key] = nil
    }
    // NB: a store that could not keep a turn that plans leaves what only such a turn reads
    // unread (AC-DEV-23): on a phone waiting on thousands of acts it was most of the opening.
    if decoder.userInfo[Self.leavesWaitingActivityUnread] as? Bool != true {
      waitingActivity =
        try container.decodeIfPresent([ActivityEvent].self, forKey: .waitingActivity) ?? []
    }
    planned = try Self.decodePlanned(from: container)
    shown = try container.decodeIfPresent(Set<NotificationOccurrence>.self, forKey: .shown) ?? []
    conflicts = try container.decodeIfPresent([SyncConflict].self, forKey: .conflicts) ?? []
    // NB: a waiting write another build saved that this one cannot read leaves the outbox as
    // a conflict, so that the device opens (AC-INPUT-09).
    let waiting = try container.decodeIfPresent([WaitingEntry].self, forKey: .outbox) ?? []
    for entry in waiting {
      switch entry {
      case .readable(let entry): outbox.append(entry)
      case .unreadable(let id, let madeAt):
        conflicts.append(
          SyncConflict(id: id, cardID: nil, title: nil, reason: .unreadableWrite(madeAt: madeAt)))
      }
    }
    heldAnswers = try container.decodeIfPresent([WriteID].self, forKey: .heldAnswers) ?? []
    items = try container.decodeIfPresent([ItemID: ShoppingItem].self, forKey: .items) ?? [:]
    listSeen = try container.decodeIfPresent(Int64.self, forKey: .listSeen) ?? 0
    listUnseen = try container.decodeIfPresent(Set<ItemID>.self, forKey: .listUnseen) ?? []
    toldAhead = try container.decodeIfPresent(Set<Int64>.self, forKey: .toldAhead) ?? []
    news = try container.decodeIfPresent([PartnerNews].self, forKey: .news) ?? []
    shop = try container.decodeIfPresent(String.self, forKey: .shop)
    shopGets = try container.decodeIfPresent([ShopGet].self, forKey: .shopGets) ?? []
    knownMembers =
      try container.decodeIfPresent(Set<AccountID>.self, forKey: .knownMembers)
      ?? Set(household?.members.map(\.uid) ?? [])
    erasureHeard = try container.decodeIfPresent(Bool.self, forKey: .erasureHeard) ?? false
    position = try container.decodeIfPresent(Int.self, forKey: .position) ?? 0
    movedTo = try container.decodeIfPresent(String.self, forKey: .movedTo)
  }

  /// NB: a state saved before the plan kept its text holds occurrences only: their text
  /// comes back with the next replan, which overwrites each by id.
  private static func decodePlanned(
    from container: KeyedDecodingContainer<CodingKeys>
  ) throws -> [PlannedNotification] {
    if let full = try? container.decodeIfPresent([PlannedNotification].self, forKey: .planned) {
      return full
    }
    let old = try container.decodeIfPresent([PlannedOccurrence].self, forKey: .planned) ?? []
    return old.map { item in
      PlannedNotification(
        id: PlannedNotification.id(item.occurrence.kind, card: item.occurrence.cardID),
        kind: item.occurrence.kind, fireAt: item.fireAt, title: "", body: "",
        cardID: item.occurrence.cardID, occurrenceAt: item.occurrence.at)
    }
  }

  /// Records as shown every planned notification whose time has come, and forgets shown
  /// reminders too old to be planned again.
  ///
  /// NB: forgetting comes first. A partner's change can wait days behind quiet hours and the
  /// 64 soonest; the reminder just shown must outlive this replan, which drops it from the
  /// waiting activity, or it would be planned again at once (found by seed 84, 300 steps).
  package mutating func noteShown(now: Date) {
    shown = shown.filter { !$0.isForgettable(at: now) }
    for item in planned where item.fireAt <= now { shown.insert(item.occurrence) }
  }

  /// Applies one change if it is newer than what this device holds for that document.
  ///
  /// Duplicates and late arrivals are ignored, so pushes may come twice or out of order.
  /// Returns whether anything changed.
  @discardableResult
  package mutating func apply(_ change: Change) -> Bool {
    guard change.householdID == householdID else { return false }
    var changed = false
    if let card = change.card, change.sequence > cardApplied[card.id, default: 0] {
      cardApplied[card.id] = change.sequence
      cardJournal.note(card.id)
      changed = cards[card.id] != card
      cards[card.id] = card
    }
    if let item = change.item, isNewer(change, for: Self.key(of: item.id)) {
      let before = items[item.id]
      changed = changed || before != item
      items[item.id] = item
      if before == nil { appliedSequence[Self.madeKey(of: item.id)] = change.sequence }
      if change.sequence > listSeen, ListNews.tells(change.kind, item, before: before) {
        listUnseen.insert(item.id)
      }
    }
    // NB: a get is a step of the walk even when the item has moved on since (cleared before
    // this device pulled the get, AC-LIST-34); the same change applied again is kept once.
    if let item = change.item, change.kind == .itemGot, let shop = item.shop,
      case .got(_, let at) = item.state
    {
      let get = ShopGet(category: item.category, shop: shop, at: at, sequence: change.sequence)
      if !shopGets.contains(get) {
        shopGets.append(get)
        if shopGets.count > Self.shopGetsKept {
          shopGets.removeFirst(shopGets.count - Self.shopGetsKept)
        }
      }
    }
    knownMembers.insert(change.actor)
    if change.kind == .accountErased { erasureHeard = true }
    if let payload = change.household {
      knownMembers.formUnion(payload.members.map(\.uid))
      if isNewer(change, for: Self.householdKey) {
        changed = changed || household != payload
        household = payload
      }
    }
    return changed
  }

  /// Every trace of `accounts`, erased from the backend, named the former member's in this
  /// device's copy too (AC-PORT-06): its cards, items, news, outbox and the rest.
  package mutating func erasing(_ accounts: [AccountID]) -> Bool {
    knownMembers.subtract(accounts)
    var erased = self
    for account in accounts {
      guard let rewritten = try? Erasure.erasing(account, in: erased) else { continue }
      erased = rewritten
    }
    guard erased != self else { return false }
    let journal = cardJournal
    self = erased
    cardJournal = journal
    for id in cards.keys { cardJournal.note(id) }
    return true
  }

  /// Whether this state holds more than a pull over `other` brings: a write made or answered,
  /// a conflict, news, a plan handed to the scheduler or a reminder shown, a list looked at.
  /// What a pull brings alone may be dropped and pulled again; the rest happened.
  package func differsBeyondAPull(from other: DeviceState) -> Bool {
    outbox != other.outbox || heldAnswers != other.heldAnswers || conflicts != other.conflicts
      || news != other.news || planned != other.planned || shown != other.shown
      || waitingActivity != other.waitingActivity || listSeen != other.listSeen
      || movedTo != other.movedTo
  }

  /// This state arrived on the store its household moved to (AC-PORT-14): its copies made
  /// again from `seen`, the changes there up to its place in the feed, pulled already before
  /// the move and so no news; its cursor and list mark at the last of them; its waiting
  /// writes the new feed (`landed`, every write id in it) already carries answered by it.
  package mutating func arrive(seen: [Change], landed: Set<WriteID>) {
    let known = knownMembers
    cards = [:]
    cardApplied = [:]
    items = [:]
    household = nil
    appliedSequence = [:]
    cursor = 0
    for change in seen {
      apply(change)
      cursor = change.sequence
    }
    knownMembers = known
    position = seen.count
    listSeen = cursor
    listUnseen = []
    toldAhead = []
    outbox.removeAll { landed.contains($0.id) }
    heldAnswers = []
    movedTo = nil
  }

  /// Whether the change is one of this household's past the cursor that no push has told
  /// yet: news, whatever the device's own writes carried since (AC-NEWS-01).
  package func isUntold(_ change: Change) -> Bool {
    change.householdID == householdID && change.sequence > cursor
      && !toldAhead.contains(change.sequence)
  }

  private mutating func isNewer(_ change: Change, for key: String) -> Bool {
    guard change.sequence > appliedSequence[key, default: 0] else { return false }
    appliedSequence[key] = change.sequence
    return true
  }

  private static let cardKeyPrefix = "card:"
  private static let householdKey = "household"

  /// The partners' news on the list since the mark: what they added that is still needed and
  /// what they got, as the items now stand.
  package func listNews(for viewer: AccountID) -> [ListNews] {
    guard !listUnseen.isEmpty else { return [] }
    return ListNews.since(
      listSeen, items: listUnseen.compactMap { items[$0] },
      sequence: { appliedSequence[Self.key(of: $0), default: 0] }, viewer: viewer)
  }

  /// Each item's place in the feed (the sequence it was made at, or of its last change for
  /// one kept before that was kept), so that items made in one write are listed in the order
  /// made, a note merged into one later leaving it where it was (AC-LIST-35).
  package var itemOrder: [ItemID: Int64] {
    var order: [ItemID: Int64] = [:]
    order.reserveCapacity(items.count)
    for id in items.keys {
      if let sequence = appliedSequence[Self.madeKey(of: id)] ?? appliedSequence[Self.key(of: id)] {
        order[id] = sequence
      }
    }
    return order
  }

  /// Moves the list's mark to the cursor: what was pulled is seen; a change pushed past the
  /// cursor is not, yet.
  package mutating func markListSeen() {
    listSeen = cursor
    listUnseen = listUnseen.filter { appliedSequence[Self.key(of: $0), default: 0] > cursor }
  }

  /// The key an item's applied sequence is kept under.
  private static func key(of item: ItemID) -> String { "item:" + item.rawValue }
  private static func madeKey(of item: ItemID) -> String { "made:" + item.rawValue }

  /// The household's cards, oldest first.
  package var sortedCards: [Card] {
    cards.values.sorted { ($0.createdAt, $0.id) < ($1.createdAt, $1.id) }
  }
}
