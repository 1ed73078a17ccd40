import Foundation

extension BackendOperations {
  /// A device's write from its outbox, applied at most once: a write whose id the backend
  /// has answered before gets the same answer again, and nothing is written twice. Every
  /// rule is checked again here, on the backend's state and at its time; a refusal is an
  /// answer too, kept like a success.
  package static func submit(
    _ entry: OutboxEntry, actor: AccountID, storage: inout some BackendStorage, now: Date,
    random: inout some RandomNumberGenerator
  ) throws -> WriteOutcome {
    // NB: an id no device makes could not be kept as a receipt (nor fit a store's index):
    // refused before anything is read or written.
    let length = entry.id.rawValue.count
    guard (1...OutboxEntry.idLimit).contains(length) else {
      return .refused(.malformedWriteID(length: length, limit: OutboxEntry.idLimit))
    }
    // NB: receipts are the actor's own: an answer given before is given again, even after
    // the actor left.
    if let answered = try storage.receipt(for: entry.id, of: actor, in: entry.householdID) {
      return answered
    }
    do {
      try checkAccess(entry, actor: actor, storage: storage)
    } catch let error as TeammateError {
      // NB: a household moved since is no refusal: the write waits for where it went, and
      // nothing here is touched, the answers the device holds included (a backend that
      // keeps what a failed call wrote would forget them, and the device not know).
      if let moved = householdMoved(refusing: error, actor: actor, storage: storage) {
        throw moved
      }
      // NB: not a member: nothing of the household is written, not even a receipt.
      return .refused(error)
    }
    // NB: the answers the sending device holds are nobody's to ask for again (never the
    // answer to this write, which it is still waiting for).
    // A device holds a few; more than a device could hold are not read.
    try storage.forgetReceipts(
      entry.heldAnswers.prefix(OutboxEntry.idLimit).filter { $0 != entry.id }, of: actor,
      in: entry.householdID)
    let outcome = try applyChecked(
      entry, actor: actor, storage: &storage, now: now, random: &random)
    // NB: a household not made is not the actor's to keep an answer in.
    if case .createHousehold = entry.write, case .refused = outcome { return outcome }
    try storage.putReceipt(outcome, for: entry.id, of: actor, in: entry.householdID)
    return outcome
  }

  /// One write checked and applied, a refusal as the answer and no receipt kept: the one
  /// interpreter of `DeviceWrite`, which the backend runs on its state and the device on
  /// its view, so that the two cannot drift.
  static func apply(
    _ entry: OutboxEntry, actor: AccountID, storage: inout some BackendStorage, now: Date,
    random: inout some RandomNumberGenerator
  ) throws -> WriteOutcome {
    do {
      try checkAccess(entry, actor: actor, storage: storage)
    } catch let error as TeammateError {
      return .refused(error)
    }
    return try applyChecked(entry, actor: actor, storage: &storage, now: now, random: &random)
  }

  /// Whether the actor may write to the card the write is about and to the household the
  /// write names.
  private static func checkAccess(
    _ entry: OutboxEntry, actor: AccountID, storage: some BackendStorage
  ) throws {
    // NB: a household to be made is checked as it is made: its maker is in none yet.
    if case .createHousehold = entry.write { return }
    let access = try state(of: actor, in: storage)
    // NB: a write about a card is held to the card's household first, as any call about it.
    if let id = entry.write.existingCardID, let card = try storage.card(id) {
      try check(.writeCard(card.householdID, editor: actor), actor, access)
    }
    try check(.writeCard(entry.householdID, editor: actor), actor, access)
  }

  /// The write applied once access is granted, with the changes it appended.
  private static func applyChecked(
    _ entry: OutboxEntry, actor: AccountID, storage: inout some BackendStorage, now: Date,
    random: inout some RandomNumberGenerator
  ) throws -> WriteOutcome {
    storage.currentWrite = WriteContext(id: entry.id)
    defer { storage.currentWrite = nil }
    do {
      let outcome = try perform(
        entry, actor: actor, storage: &storage, now: now, random: &random)
      guard case .applied(let cards, let household, let edit, _) = outcome else { return outcome }
      return .applied(
        cards: cards, household: household, edit: edit,
        changes: storage.currentWrite?.appended ?? [])
    } catch let error as TeammateError {
      return .refused(error)
    }
  }

  private static func perform(
    _ entry: OutboxEntry, actor: AccountID, storage: inout some BackendStorage, now: Date,
    random: inout some RandomNumberGenerator
  ) throws -> WriteOutcome {
    // NB: whatever a write stamps with the time it lands must be read back (AC-INPUT-01).
    try StoredTime.check(now)
    let home = entry.householdID
    // NB: the access checks of each call hold every card to the actor's own household.
    func landed(_ cards: [Card]) -> WriteOutcome { .applied(cards: cards, household: nil) }
    switch entry.write {
    case .addCard(let draft):
      return landed([
        try addCard(draft, to: home, actor: actor, storage: &storage, now: now, random: &random)
      ])
    case .editCard(let id, let edit, let base):
      let outcome = try editCard(
        id, edit, baseRevision: base, actor: actor, storage: &storage, now: now)
      return .applied(cards: [outcome.card], household: nil, edit: outcome)
    case .acknowledge(let seen):
      return landed(try acknowledgeCards(seen, actor: actor, storage: &storage, now: now))
    case .acknowledgePending:
      return landed(
        try acknowledgePending(in: home, actor: actor, storage: &storage, now: now))
    case .setDone(let id, let done):
      return landed([
        try setCardDone(id, done: done, actor: actor, storage: &storage, now: now)
      ])
    case .skipOccurrence(let id):
      return landed([try skipCard(id, actor: actor, storage: &storage, now: now)])
    case .deleteCard(let id):
      return landed([try deleteCard(id, actor: actor, storage: &storage, now: now)])
    case .restoreCard(let id):
      return landed([try restoreCard(id, actor: actor, storage: &storage, now: now)])
    case .updateSettings(let settings):
      let household = try updateMember(
        in: home, displayName: nil, settings: settings, actor: actor, storage: &storage, now: now)
      return .applied(cards: [], household: household)
    case .changeMeal(let id, let change, let base):
      let outcome = try changeMeal(
        id, change, baseRevision: base, actor: actor, storage: &storage, now: now)
      return .applied(cards: [outcome.card], household: nil, edit: outcome)
    case .updateMealSettings(let settings):
      let household = try updateMealSettings(
        in: home, settings, actor: actor, storage: &storage, now: now)
      return .applied(cards: [], household: household)
    case .addDish, .editDish, .removeDish, .restoreDish:
      let household = try changeDishes(
        entry.write, in: home, actor: actor, storage: &storage, now: now)
      return .applied(cards: [], household: household)
    case .createHousehold(let name, let timeZone, let displayName):
      let creation = try createHousehold(
        name: name, timeZone: timeZone, displayName: displayName, id: home, actor: actor,
        storage: &storage, now: now, random: &random)
      return .applied(cards: [], household: creation.household)
    case .addItems, .getItems, .undoItem, .moveItem, .clearItems, .clearGotItems,
      .addItemsFromMeal:
      // NB: the items come back in the changes the write appended.
      try changeList(entry.write, in: home, actor: actor, storage: &storage, now: now)
      return landed([])
    }
  }
}
