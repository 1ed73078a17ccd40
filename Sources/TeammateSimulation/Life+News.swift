import TeammateKit

extension Life {
  /// What in `news`, told to `who` by a sync, names no act the partner made as it was made
  /// (issue 44): each entry must be the partner's, and some change of that partner's in the
  /// feed must carry it — the card it names, with the very plan a meal's news tells, each
  /// thing a list's news names, the dish or the household change it tells. Nil when all is
  /// true.
  func newsLie(_ news: [PartnerNews], to who: Partner) -> String? {
    for entry in news {
      guard entry.actor != who.account else {
        return "\(who) was told their own act as news (\(entry.kind.rawValue))"
      }
      let acts = feedSeen.filter { $0.actor == entry.actor }
      let carried: Bool
      if let id = entry.cardID {
        carried = acts.contains { change in
          change.card?.id == id && (entry.meal == nil || change.card?.meal == entry.meal?.meal)
        }
      } else if entry.kind.isOfTheList {
        carried = entry.items.allSatisfy { text in
          acts.contains { change in change.item?.text.text == text && carries(entry, change) }
        }
      } else {
        carried = acts.contains { $0.household != nil }
      }
      if !carried {
        let what = entry.meal.map { "\($0.meal.state)" } ?? entry.title ?? entry.items.description
        return "\(who) was told \(entry.actor) \(entry.kind.rawValue) \(what), "
          + "which no change of theirs carried"
      }
    }
    return nil
  }

  /// Whether `change`, of the thing a piece of the list's news names, is the act it tells
  /// (issue 59): a move to the aisle it names, a note it names, a get, an add.
  private func carries(_ entry: PartnerNews, _ change: Change) -> Bool {
    guard let item = change.item else { return false }
    switch entry.kind {
    case .movedItem:
      return [.itemMoved, .itemEdited].contains(change.kind)
        && item.category.rawValue == entry.title
    case .notedItem:
      return [.itemAdded, .itemEdited].contains(change.kind)
        && (item.note ?? "").contains(entry.title ?? "")
    case .renamedItem: return change.kind == .itemEdited && entry.items == [item.text.text]
    case .gotItems: return change.kind == .itemGot
    case .addedItems: return change.kind == .itemAdded
    case .logged, .changed, .acknowledged, .completed, .reopened, .deleted, .restored, .skipped,
      .joined, .left, .renamed, .erased, .movedTimeZone, .proposedMeal, .pickedMeal,
      .decidedMeal, .skippedMeal, .movedMeal, .cookChanged, .dishAdded, .dishEdited,
      .dishRemoved, .dishRestored, .mealSettings:
      return false
    }
  }

  /// The first of the partner's acts a sync by `who` brought (past the cursor it began at, up
  /// to the one it ended at, and not handed to the phone as a push before) that its news names
  /// nowhere (issue 44: no act missing): a card it changed, or a get or a move of a thing on
  /// the list, named by any text the thing had (issue 59). Nil when each is told, or when the
  /// sync moved to another household.
  func newsMissing(
    _ news: [PartnerNews], to who: Partner, before: DeviceState, after: DeviceState,
    pushed: Set<Int64>
  ) -> String? {
    guard before.householdID != nil, before.householdID == after.householdID else { return nil }
    let told = Set(news.compactMap(\.cardID))
    for change in feedSeen
    where change.sequence > before.cursor && change.sequence <= after.cursor
      && change.actor != who.account && !pushed.contains(change.sequence)
    {
      if let card = change.card, !told.contains(card.id) {
        return "\(who) was not told of \(change.actor)'s change \(change.sequence) to "
          + "'\(card.title)'"
      }
      let kind: PartnerNews.Kind? =
        switch change.kind {
        case .itemMoved: .movedItem
        case .itemGot: .gotItems
        // NB: the simulator's edits are renames, each to another text.
        case .itemEdited: .renamedItem
        case .householdCreated, .householdUpdated, .memberJoined, .memberLeft, .memberUpdated,
          .accountErased, .cardAdded, .cardEdited, .cardAcknowledged, .cardCompleted,
          .cardDeleted, .cardRestored, .cardSkipped, .dishAdded, .dishEdited, .dishRemoved,
          .dishRestored, .itemAdded, .itemUndone, .itemCleared, .itemTakenBack:
          nil
        }
      guard let item = change.item, let kind else { continue }
      let texts = Set(feedSeen.compactMap { $0.item?.id == item.id ? $0.item?.text.text : nil })
      let named = news.contains { entry in
        entry.kind == kind && entry.actor == change.actor
          && entry.items.contains(where: texts.contains)
      }
      if !named {
        return "\(who) was not told of \(change.actor)'s \(kind.rawValue) \(item.text.text)"
      }
    }
    return nil
  }
}
