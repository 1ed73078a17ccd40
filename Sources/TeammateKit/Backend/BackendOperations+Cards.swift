import Foundation

extension BackendOperations {
  package static func addCard(
    _ draft: CardDraft, to id: HouseholdID, actor: AccountID,
    storage: inout some BackendStorage, now: Date, random: inout some RandomNumberGenerator
  ) throws -> Card {
    // NB: one draft in, exactly one card out.
    try addCards([draft], to: id, actor: actor, storage: &storage, now: now, random: &random)[0]
  }

  /// Every draft is checked before the first card is written: all or nothing.
  package static func addCards(
    _ drafts: [CardDraft], to id: HouseholdID, actor: AccountID,
    storage: inout some BackendStorage, now: Date, random: inout some RandomNumberGenerator
  ) throws -> [Card] {
    try check(.writeCard(id, editor: actor), actor, try state(of: actor, in: storage))
    let household = try existingHousehold(id, in: storage)
    var taken: Set<CardID> = []
    let cards = try drafts.map { draft in
      if let chosen = draft.id {
        // NB: a device names a card it made offline; the name must be new and well made.
        guard CardID.isWellFormed(chosen), !taken.contains(chosen),
          try !storage.isCardIDTaken(chosen)
        else { throw TeammateError.cardIDTaken(chosen) }
        taken.insert(chosen)
        return try CardRules.add(draft, id: chosen, household: household, by: actor, now: now)
      }
      var cardID = CardID.random(using: &random)
      while try taken.contains(cardID) || storage.isCardIDTaken(cardID) {
        cardID = .random(using: &random)
      }
      taken.insert(cardID)
      return try CardRules.add(draft, id: cardID, household: household, by: actor, now: now)
    }
    // NB: the household's meals are read once for the batch, which may hold several.
    if cards.contains(where: { $0.meal != nil }) {
      let held = try storage.cards(in: id)
      for (index, card) in cards.enumerated() {
        guard let meal = card.meal else { continue }
        try checkSlotFree(meal, except: card.id, among: held + cards[..<index])
      }
    }
    for card in cards {
      try storage.putCard(card)
      try record(
        .cardAdded, in: id, by: actor, now: now, needsKnowing: true, card: card, storage: &storage)
    }
    return cards
  }

  /// An edit; one made on an older `baseRevision` still lands (the later arrival wins), and
  /// records the partner's values it replaced in fields both changed.
  package static func editCard(
    _ id: CardID, _ edit: CardEdit, baseRevision: Int? = nil, actor: AccountID,
    storage: inout some BackendStorage, now: Date
  ) throws -> CardRules.EditOutcome {
    let card = try writableCard(id, actor: actor, storage: storage)
    let household = try existingHousehold(card.householdID, in: storage)
    let outcome = try CardRules.edit(card, with: edit, household: household, by: actor, now: now)
    if outcome.changed {
      var overwritten: [FieldOverwrite] = []
      if let base = baseRevision, base < card.revision {
        overwritten = try replaced(
          outcome.fields, of: card, since: base, by: actor, storage: storage)
      }
      try storage.putCard(outcome.card)
      try record(
        .cardEdited, in: card.householdID, by: actor, now: now,
        needsKnowing: outcome.needsKnowingAgain, card: outcome.card, fields: outcome.fields,
        overwritten: overwritten, storage: &storage)
    }
    return outcome
  }

  /// The values another account set in `fields` after `base`, each the latest it set.
  static func replaced(
    _ fields: [CardRules.CardField], of card: Card, since base: Int, by actor: AccountID,
    storage: some BackendStorage
  ) throws -> [FieldOverwrite] {
    var latest: [CardRules.CardField: FieldOverwrite] = [:]
    for change in try storage.changes(ofCard: card.id, in: card.householdID, afterRevision: base)
    where change.kind == .cardEdited && change.actor != actor {
      guard let version = change.card else { continue }
      for field in change.fields where fields.contains(field) {
        latest[field] = FieldOverwrite(
          field: field, lostBy: change.actor, lost: .of(field, on: version))
      }
    }
    return fields.compactMap { latest[$0] }
  }

  package static func acknowledgeCard(
    _ id: CardID, revision: Int, actor: AccountID, storage: inout some BackendStorage, now: Date
  ) throws -> Card {
    // NB: one acknowledgement in, exactly one card out.
    try acknowledgeCards(
      [CardRevision(id, revision: revision)], actor: actor, storage: &storage, now: now)[0]
  }

  /// Every acknowledgement is checked before the first is written: all or nothing.
  package static func acknowledgeCards(
    _ seen: [CardRevision], actor: AccountID, storage: inout some BackendStorage, now: Date
  ) throws -> [Card] {
    var outcomes: [AcknowledgementRules.Outcome] = []
    var acknowledged: [CardID: Card] = [:]
    for item in seen {
      let card = try acknowledged[item.id] ?? writableCard(item.id, actor: actor, storage: storage)
      let outcome = try AcknowledgementRules.acknowledge(
        card, revision: item.revision, by: actor, now: now)
      acknowledged[item.id] = outcome.card
      outcomes.append(outcome)
    }
    for outcome in outcomes where outcome.changed {
      try storage.putCard(outcome.card)
      try record(
        .cardAcknowledged, in: outcome.card.householdID, by: actor, now: now, card: outcome.card,
        storage: &storage)
    }
    return outcomes.map(\.card)
  }

  package static func setCardDone(
    _ id: CardID, done: Bool, actor: AccountID, storage: inout some BackendStorage, now: Date
  ) throws -> Card {
    let card = try writableCard(id, actor: actor, storage: storage)
    let updated = try CardRules.setDone(
      card, done: done, by: actor, now: now, in: try zone(of: card.householdID, in: storage))
    if updated != card {
      try storage.putCard(updated)
      try record(
        .cardCompleted, in: card.householdID, by: actor, now: now, card: updated,
        fields: CardRules.CardField.differences(from: card, to: updated), storage: &storage)
    }
    return updated
  }

  /// Moves a repeating card on to its next occurrence, in the household's zone.
  package static func skipCard(
    _ id: CardID, actor: AccountID, storage: inout some BackendStorage, now: Date
  ) throws -> Card {
    let card = try writableCard(id, actor: actor, storage: storage)
    let updated = try CardRules.skip(
      card, by: actor, now: now, in: try zone(of: card.householdID, in: storage))
    try storage.putCard(updated)
    try record(
      .cardSkipped, in: card.householdID, by: actor, now: now, card: updated,
      fields: CardRules.CardField.differences(from: card, to: updated), storage: &storage)
    return updated
  }

  /// The zone a household's occurrences are reckoned in.
  static func zone(of id: HouseholdID, in storage: some BackendStorage) throws -> TimeZone {
    guard let household = try storage.household(id) else {
      throw TeammateError.householdNotFound(id)
    }
    return household.zone
  }

  package static func deleteCard(
    _ id: CardID, actor: AccountID, storage: inout some BackendStorage, now: Date
  ) throws -> Card {
    let card = try writableCard(id, actor: actor, storage: storage)
    let deleted = try CardRules.delete(card, by: actor, now: now)
    try storage.putCard(deleted)
    try record(
      .cardDeleted, in: card.householdID, by: actor, now: now, card: deleted, storage: &storage)
    try takeBackParts(of: deleted, before: card, actor: actor, storage: &storage, now: now)
    return deleted
  }

  /// Brings a deleted card back; either member may, and the partner must know it again.
  package static func restoreCard(
    _ id: CardID, actor: AccountID, storage: inout some BackendStorage, now: Date
  ) throws -> Card {
    let card = try existingCard(id, in: storage)
    try check(.writeCard(card.householdID, editor: actor), actor, try state(of: actor, in: storage))
    let restored = try CardRules.restore(card, by: actor, now: now)
    if let meal = restored.meal {
      try checkSlotFree(meal, except: id, among: try storage.cards(in: card.householdID))
    }
    try storage.putCard(restored)
    try record(
      .cardRestored, in: card.householdID, by: actor, now: now, needsKnowing: true,
      card: restored, storage: &storage)
    return restored
  }

  /// Acknowledges, in this one unit of work, exactly what is pending for the actor now, at
  /// the revisions it has now: a partner's edit cannot come in between.
  package static func acknowledgePending(
    in household: HouseholdID, actor: AccountID, storage: inout some BackendStorage, now: Date
  ) throws -> [Card] {
    try check(.readCards(household), actor, try state(of: actor, in: storage))
    let pending = AcknowledgementRules.pending(
      cards: try storage.cards(in: household), viewer: actor)
    return try acknowledgeCards(
      pending.map { CardRevision($0.id, revision: $0.revision) }, actor: actor,
      storage: &storage, now: now)
  }

  package static func card(
    _ id: CardID, actor: AccountID, storage: some BackendStorage
  ) throws -> Card {
    let card = try existingCard(id, in: storage)
    try check(.readCards(card.householdID), actor, try state(of: actor, in: storage))
    return card
  }

  package static func cards(
    in id: HouseholdID, actor: AccountID, storage: some BackendStorage
  ) throws -> [Card] {
    try check(.readCards(id), actor, try state(of: actor, in: storage))
    return try storage.cards(in: id)
  }

  /// The cards pending for the actor, by the rules, oldest change first.
  package static func pendingCards(
    in id: HouseholdID, actor: AccountID, storage: some BackendStorage
  ) throws -> [Card] {
    try check(.readCards(id), actor, try state(of: actor, in: storage))
    return AcknowledgementRules.pending(
      cards: try storage.cardsMaybePending(in: id, for: actor), viewer: actor)
  }

  package static func changes(
    in id: HouseholdID, after cursor: Int64, limit: Int, actor: AccountID,
    storage: some BackendStorage
  ) throws -> [Change] {
    try check(.readChanges(id), actor, try state(of: actor, in: storage))
    return try storage.changes(in: id, after: cursor, limit: max(0, limit))
  }

  /// The card, once the actor may write to its household in their own name.
  static func writableCard(
    _ id: CardID, actor: AccountID, storage: some BackendStorage
  ) throws -> Card {
    let card = try existingCard(id, in: storage)
    try check(.writeCard(card.householdID, editor: actor), actor, try state(of: actor, in: storage))
    return card
  }
}
