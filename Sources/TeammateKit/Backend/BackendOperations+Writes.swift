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

  /// The answer kept for `write`: receipts are kept per account, so an actor reads only its
  /// own, and nothing else of the household.
  package static func receipt<Storage: BackendStorage>(
    for write: WriteID, of actor: AccountID, in household: HouseholdID, storage: Storage
  ) throws -> WriteOutcome? {
    try storage.receipt(for: write, of: actor, in: household)
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
    let recording = WriteRecording(id: entry.id)
    do {
      let outcome = try WriteRecording.$current.withValue(recording) {
        try perform(entry, actor: actor, storage: &storage, now: now, random: &random)
      }
      guard case .applied(let cards, let household, let edit, _) = outcome else { return outcome }
      return .applied(
        cards: cards, household: household, edit: edit, changes: recording.appended)
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
    // NB: the access checks of each call hold every card to the actor's own household.
    return try entry.write.kind.land(
      in: entry.householdID, actor: actor, storage: &storage, now: now, random: &random)
  }
}
