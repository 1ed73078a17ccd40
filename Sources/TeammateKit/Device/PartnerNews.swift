import Foundation

/// What the partner did since the last sync, one entry per card with its latest state, and
/// one per thing done to the household: the answer to "what did my partner do?".
public struct PartnerNews: Sendable, Equatable, Codable {
  /// What the partner did.
  public enum Kind: String, Sendable, Codable, CaseIterable {
    case logged, changed, acknowledged, completed, reopened, deleted, restored, skipped
    case joined, left, renamed
    /// The partner erased their account: what they wrote stays, by "a former member".
    case erased
    case movedTimeZone = "moved-time-zone"
    /// A meal offered with options, picked from them, decided directly, skipped, moved to
    /// another day or slot, or given a cook.
    case proposedMeal = "proposed-meal"
    case pickedMeal = "picked-meal"
    case decidedMeal = "decided-meal"
    case skippedMeal = "skipped-meal"
    case movedMeal = "moved-meal"
    case cookChanged = "cook-changed"
    /// A dish of the household's pool added, changed, removed or put back.
    case dishAdded = "dish-added"
    case dishEdited = "dish-edited"
    case dishRemoved = "dish-removed"
    case dishRestored = "dish-restored"
    /// The household's meal times or cooldown changed.
    case mealSettings = "meal-settings"
    /// Things put on the shopping list, or got, named in `items`.
    case addedItems = "added-items"
    case gotItems = "got-items"
    /// A note added to a thing already on the list, by an add of it that merged into it: the
    /// thing in `items`, the note as it now reads in `title`.
    case notedItem = "noted-item"
    /// A thing on the list moved to another aisle: the thing in `items`, the category it is
    /// in now in `title` (AC-LIST-21).
    case movedItem = "moved-item"
    /// A thing on the list given another text: the text before in `title` (nil when the
    /// device no longer held it), the text now in `items` (AC-LIST-36).
    case renamedItem = "renamed-item"

    /// Whether it is news of the shopping list.
    public var isOfTheList: Bool {
      switch self {
      case .addedItems, .gotItems, .notedItem, .movedItem, .renamedItem: true
      case .logged, .changed, .acknowledged, .completed, .reopened, .deleted, .restored,
        .skipped, .joined, .left, .renamed, .erased, .movedTimeZone, .proposedMeal, .pickedMeal,
        .decidedMeal, .skippedMeal, .movedMeal, .cookChanged, .dishAdded, .dishEdited,
        .dishRemoved, .dishRestored, .mealSettings:
        false
      }
    }

    /// Whether one partner's entries of this kind join into one, naming every thing.
    var joinsThings: Bool { self == .addedItems || self == .gotItems }
  }

  /// What they did.
  public var kind: Kind
  /// The partner who did it.
  public var actor: AccountID
  /// Server time of the latest change this entry stands for.
  public var at: Date
  /// The card it is about; none for news of the household.
  public var cardID: CardID?
  /// The card's title as it is now, or the household's new name.
  public var title: String?
  /// Whether the viewer must know the card (again).
  public var needsKnowing: Bool
  /// The fields the partner's edits changed, in a fixed order.
  public var changed: [CardRules.CardField]
  /// For news of a meal, its plan as it is now and the words to name it.
  public var meal: MealNews?
  /// For news of the list, the things, in the order done.
  public var items: [String]

  /// A piece of news with every field given; `PartnerNews.news` finds them in a feed.
  public init(
    kind: Kind, actor: AccountID, at: Date, cardID: CardID? = nil, title: String? = nil,
    needsKnowing: Bool = false, changed: [CardRules.CardField] = [], meal: MealNews? = nil,
    items: [String] = []
  ) {
    self.meal = meal
    self.items = items
    self.kind = kind
    self.actor = actor
    self.at = at
    self.cardID = cardID
    self.title = title
    self.needsKnowing = needsKnowing
    self.changed = changed
  }

  /// The news in `changes` for `viewer`, in feed order of each entry's latest change.
  ///
  /// One's own changes are not news. A card logged and changed in the same sync is news as
  /// logged, with its latest title; otherwise a card's latest change names it. Linear in the
  /// number of changes.
  public static func collect(
    _ changes: [Change], viewer: AccountID, household: Household?, after cards: [CardID: Card],
    itemsBefore: [ItemID: ShoppingItem] = [:]
  ) -> [PartnerNews] {
    var entries: [(sequence: Int64, news: PartnerNews)] = []
    var cardEntry: [CardID: Int] = [:]
    var listEntry: [String: Int] = [:]
    // NB: where each thing stands among its entry's names: added again (its quantity grown,
    // AC-NEWS-10), it is named once, as it is now.
    var listPlace: [String: Int] = [:]
    var previousHousehold = household
    // NB: each item as it was before the change at hand: what a merge changed is told.
    var known = itemsBefore
    for change in changes {
      defer {
        if let payload = change.household { previousHousehold = payload }
        if let item = change.item { known[item.id] = item }
      }
      guard change.actor != viewer else { continue }
      if let item = change.item {
        // NB: an add that merged into a thing needed already (anyone's) is told by what it
        // changed (AC-NEWS-12): a quantity grown as an add, below; a note as a note; else
        // nothing. A merge into someone else's thing the device never saw is one too.
        let before = known[item.id]
        let merged = before.map(\.isNeeded) ?? (item.addedBy != change.actor)
        let grew = before.map { item.text.text != $0.text.text } ?? false
        if change.kind == .itemAdded, merged, !grew {
          guard item.note != before?.note, let note = item.note else { continue }
          entries.append(
            (
              change.sequence,
              PartnerNews(
                kind: .notedItem, actor: change.actor, at: change.at, title: note,
                items: [item.text.text])
            ))
          continue
        }
        // NB: one entry a thing and a kind of edit, naming it as it is now.
        if change.kind == .itemMoved || change.kind == .itemEdited {
          let edits =
            change.kind == .itemMoved
            ? [Self.edit(.movedItem, of: item, by: change, title: item.category.rawValue)]
            : Self.edits(
              of: item, before: before.flatMap { $0.revision < item.revision ? $0 : nil },
              by: change)
          for news in edits {
            let key = news.kind.rawValue + "/" + item.id.rawValue
            if let index = listEntry[key] {
              var latest = news
              // NB: renamed twice, told from the first text to the last.
              if news.kind == .renamedItem { latest.title = entries[index].news.title }
              entries[index] = (change.sequence, latest)
            } else {
              listEntry[key] = entries.count
              entries.append((change.sequence, news))
            }
          }
          continue
        }
        let kind: Kind? =
          switch change.kind {
          case .itemAdded: .addedItems
          case .itemGot: .gotItems
          case .householdCreated, .householdUpdated, .memberJoined, .memberLeft, .memberUpdated,
            .accountErased, .cardAdded, .cardEdited, .cardAcknowledged, .cardCompleted,
            .cardDeleted, .cardRestored, .cardSkipped, .dishAdded, .dishEdited, .dishRemoved,
            .dishRestored, .itemUndone, .itemCleared, .itemMoved, .itemTakenBack, .itemEdited:
            nil
          }
        guard let kind else { continue }
        let key = kind.rawValue + "/" + change.actor.rawValue
        let place = key + "/" + item.id.rawValue
        if let index = listEntry[key] {
          if let named = listPlace[place] {
            entries[index].news.items[named] = item.text.text
          } else if !entries[index].news.items.contains(item.text.text) {
            listPlace[place] = entries[index].news.items.count
            entries[index].news.items.append(item.text.text)
          }
          entries[index].news.at = change.at
          entries[index].sequence = change.sequence
        } else {
          listEntry[key] = entries.count
          listPlace[place] = 0
          entries.append(
            (
              change.sequence,
              PartnerNews(kind: kind, actor: change.actor, at: change.at, items: [item.text.text])
            ))
        }
        continue
      }
      if let card = change.card {
        guard let kind = kind(of: change, card: card) else { continue }
        let latest = cards[card.id] ?? card
        let news = PartnerNews(
          kind: kind, actor: change.actor, at: change.at, cardID: card.id, title: latest.title,
          needsKnowing: AcknowledgementRules.isPending(latest, for: viewer),
          changed: change.fields,
          // NB: the plan the partner's change carried, not the meal as it is now (AC-NEWS-02).
          meal: card.meal.map { MealNews($0, at: change.at, in: previousHousehold) })
        if let index = cardEntry[card.id], joins(entries[index].news, then: news) {
          entries[index] = (change.sequence, joined(entries[index].news, then: news))
        } else {
          cardEntry[card.id] = entries.count
          entries.append((change.sequence, news))
        }
        continue
      }
      switch change.kind {
      case .memberJoined:
        entries.append(
          (change.sequence, PartnerNews(kind: .joined, actor: change.actor, at: change.at)))
      case .memberLeft:
        entries.append(
          (change.sequence, PartnerNews(kind: .left, actor: change.actor, at: change.at)))
      case .accountErased:
        entries.append(
          (change.sequence, PartnerNews(kind: .erased, actor: change.actor, at: change.at)))
      case .householdUpdated:
        guard let updated = change.household else { continue }
        if updated.name != previousHousehold?.name {
          entries.append(
            (
              change.sequence,
              PartnerNews(kind: .renamed, actor: change.actor, at: change.at, title: updated.name)
            ))
        }
        if let before = previousHousehold, updated.meals != before.meals {
          entries.append(
            (change.sequence, PartnerNews(kind: .mealSettings, actor: change.actor, at: change.at)))
        }
        if updated.timeZone != previousHousehold?.timeZone {
          entries.append(
            (
              change.sequence,
              PartnerNews(
                kind: .movedTimeZone, actor: change.actor, at: change.at, title: updated.timeZone)
            ))
        }
      case .dishAdded, .dishEdited, .dishRemoved, .dishRestored:
        guard let id = change.dish, let dish = change.household?.dish(id) else { continue }
        let kind: Kind =
          switch change.kind {
          case .dishAdded: .dishAdded
          case .dishRemoved: .dishRemoved
          case .dishRestored: .dishRestored
          case .dishEdited, .householdCreated, .householdUpdated, .memberJoined, .memberLeft,
            .memberUpdated, .accountErased, .cardAdded, .cardEdited, .cardAcknowledged,
            .cardCompleted, .cardDeleted, .cardRestored, .cardSkipped, .itemAdded, .itemGot,
            .itemUndone, .itemCleared, .itemMoved, .itemTakenBack, .itemEdited:
            .dishEdited
          }
        entries.append(
          (
            change.sequence,
            PartnerNews(kind: kind, actor: change.actor, at: change.at, title: dish.name.text)
          ))
      // NB: a change of a card or an item is told above; these tell nothing to the partner.
      case .householdCreated, .memberUpdated, .cardAdded, .cardEdited, .cardAcknowledged,
        .cardCompleted, .cardDeleted, .cardRestored, .cardSkipped, .itemAdded, .itemGot,
        .itemUndone, .itemCleared, .itemMoved, .itemTakenBack, .itemEdited:
        continue
      }
    }
    // NB: every act is told, a deletion undone since included (by either partner): what was
    // done is news, whatever came after it (issue 44).
    return entries.sorted { $0.sequence < $1.sequence }.map(\.news)
  }

  /// What an item edited in place changed, an entry a kind (AC-LIST-36): its text, its
  /// aisle, its note; none when nothing told changed. Without the item as it was before
  /// (`before`, nil when this device holds it only as a later change left it), what the
  /// change records it changed is told, a rename without the text it had.
  private static func edits(of item: ShoppingItem, before: ShoppingItem?, by change: Change)
    -> [PartnerNews]
  {
    var told: [PartnerNews] = []
    let renamed = before.map { $0.text.text != item.text.text } ?? change.fields.contains(.title)
    if renamed {
      told.append(edit(.renamedItem, of: item, by: change, title: before?.text.text))
    }
    if let before, before.category != item.category {
      told.append(edit(.movedItem, of: item, by: change, title: item.category.rawValue))
    }
    let noted = before.map { $0.note != item.note } ?? change.fields.contains(.note)
    if noted, let note = item.note {
      told.append(edit(.notedItem, of: item, by: change, title: note))
    }
    return told
  }

  /// News of one edit of `item`, naming it as it is now; `title` says what the edit made it
  /// (an aisle, a note) or what it was (a rename's text before).
  private static func edit(
    _ kind: Kind, of item: ShoppingItem, by change: Change, title: String?
  ) -> PartnerNews {
    PartnerNews(
      kind: kind, actor: change.actor, at: change.at, title: title, items: [item.text.text])
  }

  private static func kind(of change: Change, card: Card) -> Kind? {
    if let meal = card.meal, let kind = mealKind(of: change, meal: meal) { return kind }
    return switch change.kind {
    case .cardAdded: .logged
    case .cardEdited: .changed
    case .cardAcknowledged: .acknowledged
    // NB: completing a repeating task moves its time on instead of making it done.
    case .cardCompleted: card.isDone || change.fields.contains(.time) ? .completed : .reopened
    case .cardSkipped: .skipped
    case .cardDeleted: .deleted
    case .cardRestored: .restored
    case .householdCreated, .householdUpdated, .memberJoined, .memberLeft, .memberUpdated,
      .accountErased, .dishAdded, .dishEdited, .dishRemoved, .dishRestored, .itemAdded,
      .itemGot, .itemUndone, .itemCleared, .itemMoved, .itemTakenBack, .itemEdited:
      nil
    }
  }

  /// What a change to a meal did: the act it records (AC-NEWS-03), or for a change stored
  /// before it recorded one, worded from its plan; nil for what every card does.
  private static func mealKind(of change: Change, meal: Meal) -> Kind? {
    if let act = change.mealAct {
      return switch act {
      case .propose: .proposedMeal
      case .pick: .pickedMeal
      case .decide: .decidedMeal
      case .skip: .skippedMeal
      case .move: .movedMeal
      case .cook: .cookChanged
      }
    }
    let added = change.kind == .cardAdded
    guard added || change.kind == .cardEdited else { return nil }
    if added || change.fields.contains(.meal) {
      switch meal.state {
      case .proposed: return .proposedMeal
      case .decided: return added ? .decidedMeal : .pickedMeal
      case .skipped: return .skippedMeal
      }
    }
    if change.fields.contains(.mealSlot) { return .movedMeal }
    if change.fields.contains(.cook) { return .cookChanged }
    return nil
  }

  /// `later` news added to `earlier`, as if collected together: a card's act joins its last
  /// entry when `joins` says so (still "logged" when it was logged and only changed since),
  /// and is an entry of its own otherwise.
  public static func merging(_ later: [PartnerNews], into earlier: [PartnerNews]) -> [PartnerNews] {
    guard !earlier.isEmpty else { return later }
    var merged = earlier
    for news in later {
      if news.kind.joinsThings,
        let index = merged.firstIndex(where: { $0.kind == news.kind && $0.actor == news.actor })
      {
        var latest = merged.remove(at: index)
        latest.items += news.items.filter { !latest.items.contains($0) }
        latest.at = news.at
        merged.append(latest)
        continue
      }
      guard let id = news.cardID, let index = merged.lastIndex(where: { $0.cardID == id }),
        joins(merged[index], then: news)
      else {
        merged.append(news)
        continue
      }
      merged.append(joined(merged.remove(at: index), then: news))
    }
    return merged
  }

  /// Whether `later`, an act on the card `earlier` tells, joins it as one line: the same
  /// partner's act of the same verb (an acknowledgement again, another edit), a change of a
  /// card they logged, or the cook named after a meal's proposal, pick or decision. Any
  /// other act is a line of its own, so that no verb hides another (issue 44: a card Alice
  /// acknowledged, deleted and restored, and Bob deleted since, still tells that she
  /// acknowledged it).
  static func joins(_ earlier: PartnerNews, then later: PartnerNews) -> Bool {
    guard earlier.actor == later.actor else { return false }
    if earlier.kind == later.kind { return true }
    if earlier.kind == .logged, later.kind == .changed { return true }
    return [.proposedMeal, .pickedMeal, .decidedMeal].contains(earlier.kind)
      && later.kind == .cookChanged
  }

  /// One card's news, `earlier` then `later`, as one entry: the latest, with every field
  /// either changed. A card logged and only changed since is still news as logged; a meal's
  /// proposal, pick or decision followed by its partner naming the cook is still that act,
  /// the cook told with it (AC-NEWS-04).
  static func joined(_ earlier: PartnerNews, then later: PartnerNews) -> PartnerNews {
    // NB: only acts that `joins` lets join come here, and each keeps the first act's verb.
    var latest = later
    latest.kind = earlier.kind
    let all = Set(earlier.changed + later.changed)
    latest.changed = CardRules.CardField.allCases.filter(all.contains)
    return latest
  }
}
