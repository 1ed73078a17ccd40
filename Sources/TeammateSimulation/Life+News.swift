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
        carried = entry.items.allSatisfy { text in acts.contains { $0.item?.text.text == text } }
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

  /// The first card of the partner's acts a sync by `who` brought (past the cursor it began
  /// at, up to the one it ended at, and not handed to the phone as a push before) that its
  /// news names nowhere (issue 44: no act missing). Nil when each is told, or when the sync
  /// moved to another household.
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
      guard let card = change.card, !told.contains(card.id) else { continue }
      return "\(who) was not told of \(change.actor)'s change \(change.sequence) to "
        + "'\(card.title)'"
    }
    return nil
  }
}
